package sources

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/resultrow"
)

// The InferenceX dashboard's offline dump (docs/formats/dashboard-dump.md):
// the release asset inferencex-dump-<date>.zip, or its unpacked directory,
// holds one JSON array per database table (SemiAnalysisAI/InferenceX-app
// packages/db/src/dump-db.ts; the tables of migrations/001_initial_schema.sql).
// configs.json (one serving configuration per id) and benchmark_results.json
// (config_id, workflow_run_id, isl, osl, conc, date, image, metrics, error)
// make the published points; workflow_runs.json, when present, keeps each
// run's highest run_attempt only (the dashboard's latest_workflow_runs) and
// gives the run URL. Rows with an error are the dashboard's failures: left
// out, and counted. The other tables are named.

func init() {
	register(format{name: "dashboard dump configs", priority: 8, sniff: sniffDumpTable(`"id"`, `"spec_method"`, `"num_prefill_gpu"`, `"prefill_num_workers"`), parse: parseDumpConfigs})
	register(format{name: "dashboard dump benchmark_results", priority: 8, sniff: sniffDumpTable(`"config_id"`, `"workflow_run_id"`, `"benchmark_type"`), parse: parseDumpResults})
	register(format{name: "dashboard dump workflow_runs", priority: 8, sniff: sniffDumpTable(`"github_run_id"`, `"run_attempt"`), parse: parseDumpRuns})
	for _, t := range []struct {
		keys []string
		say  string
	}{
		{[]string{`"config_id"`, `"task"`, `"lm_eval_version"`}, "dashboard dump eval_results table: accuracy evaluations, not serving points"},
		{[]string{`"server_log"`}, "dashboard dump server_logs table: engine logs, not points"},
		{[]string{`"workflow_run_id"`, `"n_success"`}, "dashboard dump run_stats table: run reliability, not points"},
		{[]string{`"workflow_run_id"`, `"config_keys"`}, "dashboard dump changelog_entries table: the perf changelog, not points"},
		{[]string{`"spec_method"`, `"date"`, `"disagg"`, `"isl"`}, "dashboard dump availability table: the date picker's index, not points"},
	} {
		say := t.say
		register(format{name: "dashboard dump table", priority: 8, sniff: sniffDumpTable(t.keys...), parse: func(p string, _ []byte, ds *Dataset) {
			ds.Notices = append(ds.Notices, p+": "+say)
		}})
	}
}

// sniffDumpTable tells a dump table: a JSON array whose first row holds
// every key.
func sniffDumpTable(keys ...string) func([]byte) bool {
	return func(data []byte) bool {
		h := head(data, 4096)
		if len(h) < 2 || h[0] != '[' {
			return false
		}
		end := bytes.IndexByte(h, '}')
		if end < 0 {
			end = len(h)
		}
		first := h[:end]
		for _, k := range keys {
			if !bytes.Contains(h, []byte(k)) {
				return false
			}
		}
		// API rows share the config and availability columns; they carry
		// the measurement in the same row, a dump table in another.
		if !slices.Contains(keys, `"config_id"`) && (bytes.Contains(first, []byte(`"conc"`)) || bytes.Contains(first, []byte(`"metrics"`))) {
			return false
		}
		return true
	}
}

// dumpTables are one dump's tables, gathered until the load ends.
type dumpTables struct {
	dir       string
	configs   map[int]resultrow.Row // by id: identity and topology
	configsAt string
	results   []dumpResult
	resultsAt string
	runs      map[int]dumpRun // by workflow_runs.id
	hasRuns   bool
}

type dumpResult struct {
	row                  resultrow.Row
	config, run, errored int
	line                 int
}

type dumpRun struct {
	github, attempt int
	url             string
}

func (ds *Dataset) dumpOf(p string) *dumpTables {
	dir := filepath.Dir(p)
	for _, d := range ds.dumps {
		if d.dir == dir {
			return d
		}
	}
	d := &dumpTables{dir: dir}
	ds.dumps = append(ds.dumps, d)
	return d
}

// dumpID reads an id: Postgres bigserial columns come as strings.
func (d *rowDecoder) dumpID(key []byte, dst *int, r *resultrow.Row) {
	v := d.s.value()
	switch v.kind {
	case 'n':
		if v.num >= 0 && v.num < 1e15 && v.num == float64(int(v.num)) {
			*dst = int(v.num)
			return
		}
	case 's':
		if n, err := strconv.Atoi(string(v.raw)); err == nil && n >= 0 {
			*dst = n
			return
		}
	case 'z':
		return
	}
	r.Badf(string(key), "want an id, got %s", v.raw)
}

func parseDumpConfigs(p string, data []byte, ds *Dataset) {
	d := newRowDecoder(data)
	t := ds.dumpOf(p)
	if t.configs == nil {
		t.configs = map[int]resultrow.Row{}
	}
	t.configsAt = p
	d.s.elements(func(i int) {
		var r resultrow.Row
		id := -1
		start, object := d.rowStart(&r)
		if object {
			d.s.members(func(key []byte) {
				switch {
				case string(key) == "id":
					d.dumpID(key, &id, &r)
				case d.topField(key, &r):
				default:
					d.s.skip()
				}
			})
		}
		if d.s.err != nil {
			return
		}
		if r.Bad != "" || id < 0 {
			field, msg := r.BadField, r.Bad
			if id < 0 && msg == "" {
				field, msg = "id", "missing"
			}
			ds.Warnf(p, fmt.Sprintf("[%d].%s (line %d)", i, field, d.line(start)), "%s; config skipped", msg)
			return
		}
		t.configs[id] = r
	})
	d.rowsEnded(p, ds)
}

func parseDumpResults(p string, data []byte, ds *Dataset) {
	d := newRowDecoder(data)
	t := ds.dumpOf(p)
	t.resultsAt = p
	d.s.elements(func(i int) {
		var res dumpResult
		r := &res.row
		res.config, res.run = -1, -1
		start, object := d.rowStart(r)
		if object {
			d.s.members(func(key []byte) {
				switch k := string(key); {
				case k == "config_id":
					d.dumpID(key, &res.config, r)
				case k == "workflow_run_id":
					d.dumpID(key, &res.run, r)
				case k == "error":
					if v := d.s.value(); v.kind != 'z' {
						res.errored = 1
					}
				case k == "metrics":
					d.object("metrics", r, d.nestedMetrics(r))
				case k == "isl" || k == "osl" || k == "conc" || k == "image" || k == "date":
					d.topField(key, r)
				default:
					d.s.skip()
				}
			})
		}
		if d.s.err != nil {
			return
		}
		res.line = d.line(start)
		if r.Bad == "" && res.config < 0 {
			r.Badf("config_id", "missing")
		}
		if r.Bad != "" {
			ds.Warnf(p, fmt.Sprintf("[%d].%s (line %d)", i, r.BadField, res.line), "%s; row skipped", r.Bad)
			return
		}
		t.results = append(t.results, res)
	})
	d.rowsEnded(p, ds)
}

func parseDumpRuns(p string, data []byte, ds *Dataset) {
	d := newRowDecoder(data)
	t := ds.dumpOf(p)
	if t.runs == nil {
		t.runs = map[int]dumpRun{}
	}
	t.hasRuns = true
	d.s.elements(func(i int) {
		var r resultrow.Row
		id := -1
		var run dumpRun
		_, object := d.rowStart(&r)
		if object {
			d.s.members(func(key []byte) {
				switch string(key) {
				case "id":
					d.dumpID(key, &id, &r)
				case "github_run_id":
					d.dumpID(key, &run.github, &r)
				case "run_attempt":
					d.dumpID(key, &run.attempt, &r)
				case "html_url":
					if v := d.s.value(); v.kind == 's' {
						run.url = v.text()
					}
				default:
					d.s.skip()
				}
			})
		}
		if d.s.err == nil && r.Bad == "" && id >= 0 {
			t.runs[id] = run
		}
	})
	d.rowsEnded(p, ds)
}

// joinDumps turns each dump's benchmark results into published points:
// the config by config_id, the run's highest attempt only.
func joinDumps(ds *Dataset) {
	for _, t := range ds.dumps {
		if t.resultsAt == "" {
			if t.configsAt != "" {
				ds.Notices = append(ds.Notices, t.configsAt+": dashboard dump configs without benchmark_results.json beside them: no points")
			}
			continue
		}
		if t.configs == nil {
			ds.Warnf(t.resultsAt, "", "dashboard dump benchmark results without configs.json beside them: their configurations are unknown; file skipped")
			continue
		}
		// The highest attempt of each GitHub run (latest_workflow_runs).
		latest := map[int]int{} // github run → highest attempt
		for _, r := range t.runs {
			if a, ok := latest[r.github]; !ok || r.attempt > a {
				latest[r.github] = r.attempt
			}
		}
		var failed, superseded, orphan int
		for _, res := range t.results {
			if res.errored != 0 {
				failed++
				continue
			}
			url := ""
			if t.hasRuns {
				run, ok := t.runs[res.run]
				if !ok || run.attempt != latest[run.github] {
					superseded++
					continue
				}
				if run.url != "" {
					url = fmt.Sprintf("%s/attempts/%d", run.url, run.attempt)
				}
			}
			c, ok := t.configs[res.config]
			if !ok {
				orphan++
				continue
			}
			r := c
			r.ISL, r.OSL, r.Conc = res.row.ISL, res.row.OSL, res.row.Conc
			r.Image, r.Date, r.Metrics = res.row.Image, dumpDate(res.row.Date), res.row.Metrics
			r.RunURL = url
			p, field, msg := r.Point(t.resultsAt, model.SourcePublished)
			if msg != "" {
				ds.Warnf(t.resultsAt, fmt.Sprintf("%s (line %d)", field, res.line), "%s; row skipped", msg)
				continue
			}
			ds.Points = append(ds.Points, p)
		}
		var said []string
		if failed > 0 {
			said = append(said, fmt.Sprintf("%d failed (error set)", failed))
		}
		if superseded > 0 {
			said = append(said, fmt.Sprintf("%d of a superseded run attempt", superseded))
		}
		if len(said) > 0 {
			ds.Notices = append(ds.Notices, fmt.Sprintf("%s: benchmark results left out, as the dashboard leaves them: %s", t.resultsAt, strings.Join(said, ", ")))
		}
		if orphan > 0 {
			ds.Warnf(t.resultsAt, "config_id", "%d rows name a config that configs.json does not hold; rows skipped", orphan)
		}
	}
	ds.dumps = nil
}

// dumpDate is the day of a dump date ("2026-03-28T00:00:00.000Z").
func dumpDate(s string) string {
	if len(s) > 10 {
		return s[:10]
	}
	return s
}

// zip archives (the dump's release asset) are read entry by entry.

var zipMagic = []byte("PK\x03\x04")

// maxZipEntry bounds one entry's decompressed size (the whole dump is
// about 100 MB of JSON; server_logs.json, which can be GBs, is passed over).
const maxZipEntry = 512 << 20

func isZip(data []byte) bool { return bytes.HasPrefix(data, zipMagic) }

// loadZip loads each JSON entry of a zip as a file named <zip>/<entry>.
func loadZip(p string, data []byte, opt Options, ds *Dataset) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		ds.Warnf(p, "", "not a readable zip archive (%v); file skipped", err)
		return
	}
	files := append([]*zip.File(nil), zr.File...)
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	n := 0
	for _, f := range files {
		name := path.Clean(strings.ReplaceAll(f.Name, "\\", "/"))
		if f.FileInfo().IsDir() || strings.HasPrefix(name, "../") || !strings.HasSuffix(name, ".json") {
			continue
		}
		inner := p + "/" + name
		if path.Base(name) == "server_logs.json" {
			ds.Notices = append(ds.Notices, inner+": dashboard dump server_logs table: engine logs, not points; not read")
			continue
		}
		if f.UncompressedSize64 > maxZipEntry {
			ds.Files++
			ds.Warnf(inner, "", "%d bytes uncompressed, more than the %d allowed; entry skipped", f.UncompressedSize64, maxZipEntry)
			continue
		}
		rc, err := f.Open()
		if err != nil {
			ds.Files++
			ds.Warnf(inner, "", "cannot read from the zip: %v", err)
			continue
		}
		body, err := io.ReadAll(io.LimitReader(rc, maxZipEntry+1))
		rc.Close()
		if err != nil || len(body) > maxZipEntry {
			ds.Files++
			ds.Warnf(inner, "", "cannot read from the zip (%v); entry skipped", err)
			continue
		}
		loadFile(inner, body, opt, ds)
		n++
	}
	if n == 0 {
		ds.Files++
		ds.Warnf(p, "", "a zip archive with no JSON files in it")
	}
}
