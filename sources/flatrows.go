package sources

import (
	"bytes"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/resultrow"
)

// Flat result rows: one object (agg_<name>.json) or an array of them
// (results_bmk/agg_bmk.json), metrics at the top level in seconds, and
// dp_attention as the STRING "true"/"false". Local points by default.

func init() {
	register(format{name: "flat result rows", priority: 16, sniff: sniffFlatRows, parse: parseFlatRows})
}

func sniffFlatRows(data []byte) bool {
	h := head(data, 8192)
	if len(h) == 0 || (h[0] != '{' && h[0] != '[') {
		return false
	}
	// Multi-turn rows (experimental/multiturn) give "users" instead of "conc".
	return bytes.Contains(h, []byte(`"hw"`)) && (bytes.Contains(h, []byte(`"conc"`)) || bytes.Contains(h, []byte(`"users"`))) &&
		!bytes.Contains(data, []byte(`"request_metrics"`))
}

func parseFlatRows(path string, data []byte, ds *Dataset) {
	d := newRowDecoder(data)
	s := d.s
	switch s.peek() {
	case '{':
		d.flatRow(ds, path, -1)
	case '[':
		s.elements(func(i int) { d.flatRow(ds, path, i) })
	default:
		ds.Warnf(path, "", "not a flat result row: want a JSON object or array")
		return
	}
	d.rowsEnded(path, ds)
}

// flatRow reads one row object (row i of an array; -1 for a lone object).
func (d *rowDecoder) flatRow(ds *Dataset, path string, i int) {
	s := d.s
	var r resultrow.Row
	start, object := d.rowStart(&r)
	if object {
		s.members(func(key []byte) {
			if !d.topField(key, &r) && !d.metricField("", key, &r) && !d.totalField(key, &r) && !d.healthField(key, &r) {
				s.skip()
			}
		})
	}
	if s.err == nil {
		d.addRow(ds, path, i, start, &r, model.SourceLocal)
	}
}
