package sources

import (
	"bytes"

	"github.com/sweeptune/sweeptune/model"
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
	return bytes.Contains(h, []byte(`"hw"`)) && bytes.Contains(h, []byte(`"conc"`)) &&
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
	s.atEnd()
	if s.err != nil {
		ds.Warnf(path, "", "invalid JSON at %v; %d rows before it loaded", s.err, countFrom(ds, path))
	}
}

// flatRow reads one row object (row i of an array; -1 for a lone object).
func (d *rowDecoder) flatRow(ds *Dataset, path string, i int) {
	s := d.s
	s.peek() // the row starts at its first byte, after the separator's newline
	start := s.pos
	var r resultRow
	if s.peek() != '{' {
		v := s.value()
		if s.err == nil {
			r.badf("row", "want an object, got %s", v.kindName())
			d.addRow(ds, path, i, start, &r, model.SourceLocal)
		}
		return
	}
	s.members(func(key []byte) {
		if d.topField(key, &r) {
			return
		}
		if m, ok := snakeMetrics[string(key)]; ok {
			d.metric("", key, m, &r)
			return
		}
		if d.totalField(key, &r) {
			return
		}
		s.skip()
	})
	if s.err == nil {
		d.addRow(ds, path, i, start, &r, model.SourceLocal)
	}
}
