package sources

import (
	"bytes"
	"fmt"

	"github.com/sweeptune/sweeptune/internal/lazyre"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/resultrow"
)

// Result rows inside an object: the InferenceX app's API responses
// ({runInfos, benchmarks, evaluations}, or model name → rows) and its ETL
// fixtures ({benchmarks, evaluations} of flat rows). Every member that is
// an array of rows is read; a row with a nested "metrics" object is an API
// row (published), one with its metrics at the top a flat row (local).
// Evaluations are accuracy results, not serving points: counted in a note.

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
	evaluations := 0
	s.members(func(key []byte) {
		group := string(key)
		switch {
		case group == "evaluations" && s.peek() == '[':
			s.elements(func(int) { evaluations++; s.skip() })
		case s.peek() == '[' && (!onlyBenchmarks || group == "benchmarks"):
			s.elements(func(i int) { d.wrappedRow(ds, path, group, i) })
		default:
			s.skip()
		}
	})
	d.rowsEnded(path, ds)
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
