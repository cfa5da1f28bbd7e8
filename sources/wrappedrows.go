package sources

import (
	"bytes"
	"fmt"

	"github.com/sweeptune/sweeptune/internal/lazyre"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/reading"
	"github.com/sweeptune/sweeptune/sources/resultrow"
)

// Result rows inside an object: the InferenceX app's API responses
// ({runInfos, benchmarks, evaluations}, or model name → rows) and its ETL
// fixtures ({benchmarks, evaluations} of flat rows). Every member that is
// an array of rows is read; a row with a nested "metrics" object is an API
// row (published), one with its metrics at the top a flat row (local).
// Evaluations are accuracy results, not serving points: counted in a note.
//
// The app's unofficial-run response ({runInfo, benchmarks, evaluations}:
// packages/app/src/app/api/unofficial-run/route.ts) is a CI run's
// artifacts, a pull request branch's sweep the dashboard has not
// published: its rows are local runs, each keeping the run's URL and
// branch from runInfo (the rows' own run_url is null there).

func init() {
	register(format{name: "wrapped result rows", priority: 13, sniff: sniffWrappedRows, parse: parseWrappedRows})
}

// rowsMemberRe: an object whose first member is an array of objects, or
// that has a benchmarks array.
var rowsMemberRe = lazyre.New(`^\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\[\s*\{|"benchmarks"\s*:\s*\[`)

func sniffWrappedRows(data []byte) bool {
	h := head(data, 64<<10)
	if len(h) == 0 || h[0] != '{' || !bytes.Contains(h, []byte(`"conc"`)) ||
		bytes.Contains(h, []byte(`"request_metrics"`)) {
		return false
	}
	return rowsMemberRe.Match(h)
}

func parseWrappedRows(path string, data []byte, ds *Dataset) {
	d := newRowDecoder(data)
	s := d.s
	if s.peek() != '{' {
		ds.Warnf(path, "", "not wrapped result rows: want a JSON object")
		return
	}
	// With a benchmarks member the other arrays (runInfos, …) are not rows;
	// without one every member is a model's rows.
	onlyBenchmarks := bytes.Contains(data, []byte(`"benchmarks"`))
	evaluations, first := 0, len(ds.Points)
	var run *unofficialRun
	s.members(func(key []byte) {
		group := string(key)
		switch {
		case group == "runInfo" && s.peek() == '{':
			run = readRunInfo(s, path, ds)
		case group == "evaluations" && s.peek() == '[':
			s.elements(func(int) { evaluations++; s.skip() })
		case s.peek() == '[' && (!onlyBenchmarks || group == "benchmarks"):
			s.elements(func(i int) { d.wrappedRow(ds, path, group, i) })
		default:
			s.skip()
		}
	})
	d.rowsEnded(path, ds)
	if run != nil {
		run.mark(path, ds, first)
	}
	if evaluations > 0 {
		what := fmt.Sprintf("%d evaluation (accuracy) rows are not serving points", evaluations)
		if evaluations == 1 {
			what = "1 evaluation (accuracy) row is not a serving point"
		}
		ds.Notices = append(ds.Notices, fmt.Sprintf("%s: %s; not read", path, what))
	}
}

// wrappedRow reads one row of any result-row spelling: topology at the
// top, metrics nested under "metrics" or at the top, receipt totals.
func (d *rowDecoder) wrappedRow(ds *Dataset, path, group string, i int) {
	s := d.s
	var r resultrow.Row
	start, object := d.rowStart(&r)
	src := model.SourceLocal
	if object {
		s.members(func(key []byte) {
			switch {
			case d.topField(key, &r) || d.totalField(key, &r) || d.metricField("", key, &r):
			case string(key) == "metrics" && s.peek() == '{':
				src = model.SourcePublished
				s.members(d.nestedMetrics(&r))
			default:
				s.skip()
			}
		})
	}
	if s.err == nil {
		d.addGroupRow(ds, path, group, i, start, &r, src)
	}
}

// addGroupRow is addRow for a row inside a named member.
func (d *rowDecoder) addGroupRow(ds *Dataset, path, group string, i, start int, r *resultrow.Row, src model.Source) {
	p, field, msg := r.Point(path, src)
	if msg != "" {
		ds.Warnf(path, fmt.Sprintf("%s[%d].%s (line %d)", group, i, field, d.line(start)), "%s; row skipped", msg)
		return
	}
	ds.Points = append(ds.Points, p)
}

// unofficialRun is the runInfo of an unofficial-run response.
type unofficialRun struct {
	url, branch string
}

// readRunInfo reads runInfo's url and branch; a value that could not be
// shown safely (a control or bidi character, or too long) is dropped with
// a warning, and the rows still load.
func readRunInfo(s *jsonScan, path string, ds *Dataset) *unofficialRun {
	run := &unofficialRun{}
	s.members(func(key []byte) {
		field := string(key)
		v := s.value()
		if (field != "url" && field != "branch") || v.kind != 's' {
			return
		}
		t := v.text()
		if _, bad := reading.FirstUnsafe(t); bad || len(t) > 1024 {
			ds.Warnf(path, "runInfo."+field, "%q is not a %s this tool shows; left out", cut(t, 80), field)
			return
		}
		if field == "url" {
			run.url = t
		} else {
			run.branch = t
		}
	})
	return run
}

// mark makes the rows read from path since first the run's: local, with
// its URL (where the row gives none) and branch, and says so in a note.
func (run *unofficialRun) mark(path string, ds *Dataset, first int) {
	n := 0
	for i := first; i < len(ds.Points); i++ {
		p := &ds.Points[i]
		if p.Prov.File != path {
			continue
		}
		p.Source = model.SourceLocal
		p.Prov.Branch = run.branch
		if p.Prov.RunURL == "" {
			p.Prov.RunURL = run.url
		}
		n++
	}
	branch := "an unknown branch"
	if run.branch != "" {
		branch = "branch " + run.branch
	}
	url := ""
	if run.url != "" {
		url = ", " + run.url
	}
	ds.Notices = append(ds.Notices, fmt.Sprintf("%s: an unofficial run (%s%s), not published: %s read as local runs", path, branch, url, model.Plural(n, "row")))
}
