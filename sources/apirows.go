package sources

import (
	"bytes"
	"slices"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/resultrow"
)

// InferenceX API rows (GET /api/v1/benchmarks): an array of rows with the
// topology at the top and the metrics nested under "metrics" (seconds;
// *_intvty = 1/TPOT). Published points unless told otherwise.

func init() {
	register(format{name: "InferenceX API rows", priority: 14, sniff: sniffAPIRows, parse: parseAPIRows,
		parseMapped: func(path string, data []byte, file fileReader, ds *Dataset) {
			parseAPIRowsMapped(path, data, ds, model.SourcePublished, file)
		}})
}

// fastRowsOn has plain rows read by sources/fastrows, each row it gives up
// on read again here; off in the tests that compare the two.
var fastRowsOn = true

func sniffAPIRows(data []byte) bool {
	h := head(data, 8192)
	if len(h) == 0 || h[0] != '[' {
		return false
	}
	return bytes.Contains(h, []byte(`"metrics"`)) &&
		(bytes.Contains(h, []byte(`"hardware"`)) || bytes.Contains(h, []byte(`"num_prefill_gpu"`)))
}

func parseAPIRows(path string, data []byte, ds *Dataset) {
	parseAPIRowsAs(path, data, ds, model.SourcePublished)
}

// parseAPIRowsAs decodes the rows one by one: a bad row is skipped with a
// warning, a syntax error (truncation) keeps the rows before it.
func parseAPIRowsAs(path string, data []byte, ds *Dataset, src model.Source) {
	parseAPIRowsMapped(path, data, ds, src, nil)
}

// parseAPIRowsMapped is parseAPIRowsAs of a mapped file, whose windows
// the parallel path reads from file (nil for bytes in memory).
func parseAPIRowsMapped(path string, data []byte, ds *Dataset, src model.Source, file fileReader) {
	if parseAPIRowsParallel(path, data, ds, src, file) {
		return
	}
	d := newRowDecoder(data)
	s := d.s
	if s.peek() != '[' {
		ds.Warnf(path, "", "not InferenceX API rows: want a JSON array of rows")
		return
	}
	if len(data) > 1<<20 {
		// Size the points once: growing a slice of 100,000 points by
		// doubling copies them several times over.
		ds.Points = slices.Grow(ds.Points, countMetricsObjects(data, 0, len(data)))
	}
	s.elements(func(i int) { d.apiRow(ds, path, i, src) })
	d.rowsEnded(path, ds)
}

// apiRow decodes the row at the scanner's position and adds its point (or
// a warning naming the field) to ds.
func (d *rowDecoder) apiRow(ds *Dataset, path string, i int, src model.Source) {
	s := d.s
	r := &d.row
	*r = resultrow.Row{}
	start, object := d.rowStart(r)
	if object && fastRowsOn {
		if end, ok := d.fast.Row(s.data, s.pos, r, d.strs); ok {
			s.pos = end
			d.addRow(ds, path, i, start, r, src)
			return
		}
	}
	if object {
		*r = resultrow.Row{}
		s.members(func(key []byte) {
			switch {
			case d.topField(key, r):
			case string(key) == "metrics":
				d.object("metrics", r, d.nestedMetrics(r))
			default:
				s.skip()
			}
		})
	}
	if s.err == nil {
		d.addRow(ds, path, i, start, r, src)
	}
}
