package sources

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/model"
)

const csvHead = "label,source,mode,model,hardware,framework,precision,scenario,prefill-workers,prefill-gpus,prefill-tp,prefill-ep,prefill-dp-attn,decode-workers,decode-gpus,decode-tp,decode-ep,decode-dp-attn,decode-bs,max-running-requests,extra-slots,load-balance,concurrency,duration-s,date,tput-per-gpu,mean-intvty,p90-intvty,e2e-norm-p90\n"

// csvRow is one disagg point with framework fw and date d.
func csvRow(fw, d string, conc int) string {
	return `,local,disagg,deepseek-ai/DeepSeek-V4.1-Flash,gb300,"` + fw + `",fp4,agentic-coding,5,2,2,2,true,1,16,16,16,true,40,640,,total_tokens,` +
		strconv.Itoa(conc) + `,3600,` + d + `,717972,221.9,233.2,50.0` + "\n"
}

// A results file's framework with a line break wrote an extra override
// into the queue; a date "zzzz" or "2026-11-06 <!--" was compared as text
// by --as-of and went raw into the PR body. Such a row is skipped now,
// with a warning naming the file and the field; the good rows load.
func TestRowsWithUnsafeKeysOrDatesAreSkipped(t *testing.T) {
	data := csvHead +
		csvRow("dynamo-sglang", "2026-11-06", 100) +
		csvRow("dynamo-sglang\noverride_evil:\n  model: {container: evil}", "2026-11-06", 200) +
		csvRow("dynamo-sglang\u202e", "2026-11-06", 300) +
		csvRow("dynamo\u200bsglang", "2026-11-06", 400) +
		csvRow("dynamo-sglang", "zzzz", 500) +
		csvRow("dynamo-sglang", "0000-13-45", 600) +
		csvRow("dynamo-sglang", "2026-11-06 <!--", 700) +
		csvRow("dynamo-sglang", "2026-02-29", 800) +
		csvRow("dynamo-sglang", "2024-02-29", 900)
	ds := LoadBytes("hostile.csv", []byte(data), Options{})
	if len(ds.Points) != 2 {
		t.Fatalf("%d points loaded, want 2 (c100 and the leap day c900); warnings %v", len(ds.Points), ds.Warnings)
	}
	var lines []string
	for _, w := range ds.Warnings {
		if w.File != "hostile.csv" {
			t.Errorf("warning names %q", w.File)
		}
		lines = append(lines, w.Field+": "+w.String())
	}
	got := strings.Join(lines, "\n")
	for _, want := range []string{
		`framework: hostile.csv: framework: "dynamo-sglang\noverride_evil:\n  model: {container: evil}" holds a control, line-separator, bidi or zero-width character; 3 rows skipped`,
		`date: hostile.csv: date: "zzzz" is not a date YYYY-MM-DD; 4 rows skipped`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("warnings:\n%s\nwant a line %s", got, want)
		}
	}
}

// A real date after tomorrow is no run that has happened: "9999-12-31"
// would become its configuration's latest run and hide the real ones.
func TestRowsDatedAfterTomorrowAreSkipped(t *testing.T) {
	data := csvHead +
		csvRow("dynamo-sglang", "2026-11-06", 100) +
		csvRow("dynamo-sglang", "9999-12-31", 200) +
		csvRow("dynamo-sglang", "9999-12-30", 300)
	ds := LoadBytes("future.csv", []byte(data), Options{})
	if len(ds.Points) != 1 || ds.Points[0].Knobs.Concurrency != 100 {
		t.Fatalf("%d points loaded, want c100 alone; warnings %v", len(ds.Points), ds.Warnings)
	}
	latest := latestRealDate(time.Now())
	want := `future.csv: date: "9999-12-31" is after ` + latest + `: not a run that has happened; 2 rows skipped`
	if len(ds.Warnings) != 1 || ds.Warnings[0].Field != "date" || ds.Warnings[0].String() != want {
		t.Fatalf("warnings %v, want one: %s", ds.Warnings, want)
	}

	at := &Dataset{Points: []model.Point{{Prov: model.Provenance{Date: "2026-12-07"}}, {Prov: model.Provenance{Date: "2026-12-08"}}}}
	dropUnsafeRowsBy(at, latestRealDate(time.Date(2026, 12, 6, 23, 59, 0, 0, time.UTC)))
	if len(at.Points) != 1 || at.Points[0].Prov.Date != "2026-12-07" {
		t.Errorf("on 2026-12-06 tomorrow loads and the day after does not: kept %v", at.Points)
	}
}

func TestValidDate(t *testing.T) {
	for s, want := range map[string]bool{
		"2026-11-06": true, "2024-02-29": true, "2000-02-29": true, "1900-02-29": false, "2026-02-29": false,
		"0000-01-01": false, "2026-13-01": false, "2026-00-10": false, "2026-04-31": false, "2026-1-06": false,
		"zzzz": false, "2026-11-06 ": false, "2026-11-0x": false, "": false, "２０２６-11-06": false,
	} {
		if got := ValidDate(s); got != want {
			t.Errorf("ValidDate(%q) = %v, want %v", s, got, want)
		}
	}
}
