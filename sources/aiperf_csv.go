package sources

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/internal/lazyre"
	"github.com/sweeptune/sweeptune/sources/resultrow"
)

// AIPerf's CSV export (profile_export_aiperf.csv): a table of statistics
// per metric ("Time to First Token (ms)", avg, p50, …) and a table of
// single values ("Benchmark Duration (sec)", Value). It records neither
// the concurrency nor the model: they come from the JSON export AIPerf
// writes beside it, else from a run directory named …concurrency<N>. When
// both exports of a run are loaded, the JSON one is kept (finish drops the
// CSV's copy).

func init() {
	register(format{name: "AIPerf CSV export", priority: 44, sniff: sniffAIPerfCSV, parse: parseAIPerfCSV})
}

func sniffAIPerfCSV(data []byte) bool {
	h := head(data, 4096)
	return bytes.HasPrefix(h, []byte("Metric,")) &&
		(bytes.Contains(h, []byte("Latency (")) || bytes.Contains(h, []byte("Throughput (")))
}

// aiperfCSVTags maps the CSV's metric headers to the JSON export's tags.
var aiperfCSVTags = map[string]string{
	"time to first token": "time_to_first_token", "inter token latency": "inter_token_latency",
	"request latency": "request_latency", "output token throughput": "output_token_throughput",
	"total token throughput": "total_token_throughput", "benchmark duration": "benchmark_duration",
	"total input sequence length": "total_isl", "total output sequence length": "total_osl",
}

var csvUnitRe = lazyre.New(`^(.*?)\s*\(([^)]*)\)\s*$`)

func parseAIPerfCSV(path string, data []byte, ds *Dataset) {
	rd := csv.NewReader(bytes.NewReader(data))
	rd.FieldsPerRecord = -1
	stats := map[string]*aiperfStats{}
	// The statistics' columns in header order, so that a line's bad values
	// are named in order (and a repeated statistic's last column wins).
	var cols []statColumn
	header := false
	for line := 1; ; line++ {
		rec, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			ds.Warnf(path, "", "not a valid CSV: %v", err)
			return
		}
		if len(rec) == 0 {
			continue
		}
		if strings.EqualFold(strings.TrimSpace(rec[0]), "metric") {
			cols, header = cols[:0], true
			for i, h := range rec[1:] {
				h = strings.ToLower(strings.TrimSpace(h))
				if h == "value" {
					h = "avg"
				}
				if si, ok := aiperfStatIndex[h]; ok {
					cols = append(cols, statColumn{col: i + 1, stat: si})
				}
			}
			continue
		}
		name, unit := strings.TrimSpace(rec[0]), ""
		if m := csvUnitRe.FindStringSubmatch(name); m != nil {
			name, unit = m[1], m[2]
		}
		tag, ok := aiperfCSVTags[strings.ToLower(name)]
		if !ok || !header {
			continue
		}
		st := &aiperfStats{scale: unitScale(unit)}
		for _, sc := range cols {
			c := sc.col
			if c >= len(rec) || strings.TrimSpace(rec[c]) == "" {
				continue
			}
			v, err := strconv.ParseFloat(strings.TrimSpace(rec[c]), 64)
			if err != nil || v < 0 || v != v {
				ds.Warnf(path, fmt.Sprintf("line %d: %s", line, rec[0]), "%q is not a non-negative number; value left out", rec[c])
				continue
			}
			st.set(sc.stat, v)
		}
		stats[tag] = st
	}
	var r resultrow.Row
	start := ""
	if twin, ok := aiperfTwin(path); ok {
		r.Conc, r.Model, start = twin.conc, twin.model, twin.start
	}
	if r.Conc <= 0 {
		r.Conc = concurrencyInPath(path)
	}
	if r.Conc <= 0 {
		ds.Warnf(path, "", "no concurrency: AIPerf's CSV does not record it; keep profile_export_aiperf.json beside it or name the run directory concurrency<N>; file skipped")
		return
	}
	p := aiperfPoint(path, &r, stats, start)
	ds.pending = append(ds.pending, gpuPending{point: len(ds.Points), totals: aiperfTotals(stats)})
	ds.Points = append(ds.Points, p)
}

// statColumn is a CSV column holding a statistic (an aiperfStats index).
type statColumn struct{ col, stat int }

type aiperfRun struct {
	conc         int
	model, start string
}

// aiperfTwin reads the JSON export beside a CSV export (same name, .json),
// when it is a regular file of sensible size.
func aiperfTwin(csvPath string) (aiperfRun, bool) {
	twin := strings.TrimSuffix(csvPath, filepath.Ext(csvPath)) + ".json"
	data, err := ReadRegularMax(twin, 64<<20) // a FIFO swapped in after a stat cannot hang it
	if err != nil || !sniffAIPerf(data) {
		return aiperfRun{}, false
	}
	var tmp Dataset
	parseAIPerf(twin, data, &tmp)
	if len(tmp.Points) != 1 {
		return aiperfRun{}, false
	}
	p := tmp.Points[0]
	return aiperfRun{conc: p.Knobs.Concurrency, model: p.Curve.Model, start: p.Prov.Date}, true
}

var pathConcRe = lazyre.New(`(?i)concurrency[_-]?(\d+)`)

// concurrencyInPath finds …concurrency<N> in the file's directories.
func concurrencyInPath(path string) int {
	m := pathConcRe.FindAllStringSubmatch(filepath.ToSlash(filepath.Dir(path)), -1)
	if len(m) == 0 {
		return 0
	}
	n, _ := strconv.Atoi(m[len(m)-1][1])
	return n
}

// dropAIPerfCSVTwins removes a CSV export's point when the JSON export of
// the same run was loaded too, saying so.
func dropAIPerfCSVTwins(ds *Dataset) {
	csvs := 0
	for i := range ds.Points {
		if strings.HasSuffix(ds.Points[i].Prov.File, ".csv") {
			csvs++
		}
	}
	if csvs == 0 {
		return
	}
	json := map[string]bool{}
	for i := range ds.Points {
		if f := ds.Points[i].Prov.File; strings.HasSuffix(f, ".json") {
			json[strings.TrimSuffix(f, ".json")] = true
		}
	}
	keep := ds.Points[:0]
	for _, p := range ds.Points {
		f := p.Prov.File
		if stem, ok := strings.CutSuffix(f, ".csv"); ok && json[stem] {
			ds.Notices = append(ds.Notices, fmt.Sprintf("%s: the same run as %s.json, read from there", f, stem))
			continue
		}
		keep = append(keep, p)
	}
	ds.Points = keep
}
