package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const apiRow = `{"hardware":"gb300","framework":"sglang","model":"m","precision":"fp4","disagg":false,"prefill_tp":4,"num_prefill_gpu":4,"isl":1024,"osl":1024,"conc":%s,"metrics":{"tput_per_gpu":%s,"mean_intvty":100}}`

func apiRows(rows ...[2]string) string {
	var parts []string
	for _, r := range rows {
		parts = append(parts, strings.Replace(strings.Replace(apiRow, "%s", r[0], 1), "%s", r[1], 1))
	}
	return "[\n" + strings.Join(parts, ",\n") + "\n]"
}

// One bad field costs its row only; the warning names file, row, field and line.
func TestAPIRowsBadFieldsCostOneRow(t *testing.T) {
	for name, tc := range map[string]struct {
		conc, tput string
		field, msg string
	}{
		"string for number": {`"8"`, `1`, "[1].conc (line 3)", "want a number, got a string"},
		"NaN metric":        {`8`, `NaN`, "[1].metrics.tput_per_gpu (line 3)", "NaN is not a finite number"},
		"infinite metric":   {`8`, `-Infinity`, "[1].metrics.tput_per_gpu (line 3)", "-Infinity is not a finite number"},
		"negative metric":   {`8`, `-5`, "[1].metrics.tput_per_gpu (line 3)", "negative"},
		"object for number": {`{"a":[1,2]}`, `1`, "[1].conc (line 3)", "want a number, got an object"},
		"fractional conc":   {`8.5`, `1`, "[1].conc (line 3)", "want a whole number"},
		"missing conc":      {`null`, `1`, "[1].conc (line 3)", "missing"},
	} {
		t.Run(name, func(t *testing.T) {
			data := apiRows([2]string{"4", "10"}, [2]string{tc.conc, tc.tput}, [2]string{"16", "30"})
			ds := LoadBytes("rows.json", []byte(data), Options{})
			if len(ds.Points) != 2 || len(ds.Warnings) != 1 {
				t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
			}
			w := ds.Warnings[0]
			if w.File != "rows.json" || w.Field != tc.field || !strings.Contains(w.Msg, tc.msg) {
				t.Errorf("warning %q, want field %q and %q", w, tc.field, tc.msg)
			}
			if ds.Points[1].Knobs.Concurrency != 16 {
				t.Errorf("the row after the bad one has conc %d", ds.Points[1].Knobs.Concurrency)
			}
		})
	}
}

func TestAPIRowsNegativeGPUs(t *testing.T) {
	data := strings.Replace(apiRows([2]string{"4", "10"}, [2]string{"8", "20"}), `"num_prefill_gpu":4`, `"num_prefill_gpu":-4`, 1)
	ds := LoadBytes("rows.json", []byte(data), Options{})
	if len(ds.Points) != 1 || len(ds.Warnings) != 1 || ds.Warnings[0].Field != "[0].num_prefill_gpu (line 2)" {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
}

func TestTruncatedFilesKeepEarlierRows(t *testing.T) {
	rows := apiRows([2]string{"4", "10"}, [2]string{"8", "20"}, [2]string{"16", "30"})
	cut := strings.LastIndex(rows, `"metrics"`)
	ds := LoadBytes("cut.json", []byte(rows[:cut]), Options{})
	if len(ds.Points) != 2 || len(ds.Warnings) != 1 {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	if w := ds.Warnings[0].String(); !strings.Contains(w, "cut.json") || !strings.Contains(w, "truncated") || !strings.Contains(w, "2 rows before it loaded") {
		t.Errorf("warning %q", w)
	}

	flat := readFixture(t, "agg_bmk.json")
	ds = LoadBytes("agg_bmk.json", flat[:len(flat)-40], Options{})
	if len(ds.Points) != 2 || len(ds.Warnings) != 1 {
		t.Fatalf("flat: %d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	ax := readFixture(t, "agentx-agg-7p-c5540.json")
	ds = LoadBytes("agentx.json", ax[:len(ax)-100], Options{})
	if len(ds.Points) != 0 || len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, "file skipped") {
		t.Fatalf("agentx: %d points, warnings %v", len(ds.Points), ds.Warnings)
	}
}

func TestFlatRowStringDPAttention(t *testing.T) {
	bad := strings.Replace(string(readFixture(t, "agg_bmk.json")), `"dp_attention": "false"`, `"dp_attention": "maybe"`, 1)
	ds := LoadBytes("agg_bmk.json", []byte(bad), Options{})
	if len(ds.Points) != 2 || len(ds.Warnings) != 1 || !strings.HasPrefix(ds.Warnings[0].Field, "[1].dp_attention") {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
}

func TestAgentXWrongType(t *testing.T) {
	bad := strings.Replace(string(readFixture(t, "agentx-agg-7p-c5540.json")), `"p90": 157.5`, `"p90": "fast"`, 1)
	ds := LoadBytes("ax.json", []byte(bad), Options{})
	if len(ds.Points) != 0 || len(ds.Warnings) != 1 || ds.Warnings[0].Field != "request_metrics.latency.intvty.p90 (line 1)" {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
}

// A directory with bad files: the good ones load, each bad one gets one
// warning naming it.
func TestDirectoryWithBadFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("good.json", readFixture(t, "api-rows.json"))
	write("empty.json", nil)
	write("binary.bin", []byte{0x89, 'P', 'N', 'G', 0, 0, 1, 2})
	rows := string(readFixture(t, "agg_bmk.json"))
	write("truncated.json", []byte(rows[:len(rows)/2]))
	locked := write("locked.json", readFixture(t, "agg_5p-c2884.json"))
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(t.TempDir(), "dangling.json")
	if err := os.Symlink(filepath.Join(dir, "gone.json"), broken); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "no-such-file.json")

	ds := LoadPaths([]string{dir, broken, missing}, Options{})
	byFile := map[string]int{}
	for _, w := range ds.Warnings {
		byFile[filepath.Base(w.File)]++
	}
	want := map[string]int{"empty.json": 1, "binary.bin": 1, "truncated.json": 1, "dangling.json": 1, "no-such-file.json": 1}
	points := 3 + 1 // good.json + the first row of truncated.json
	if os.Geteuid() != 0 {
		want["locked.json"] = 1 // root reads a mode-000 file anyway
	} else {
		points++
	}
	for f, n := range want {
		if byFile[f] != n {
			t.Errorf("%s: %d warnings, want %d (all: %v)", f, byFile[f], n, ds.Warnings)
		}
	}
	if len(ds.Warnings) != len(want) || len(ds.Points) != points {
		t.Errorf("%d warnings, %d points; want %d, %d: %v", len(ds.Warnings), len(ds.Points), len(want), points, ds.Warnings)
	}
}
