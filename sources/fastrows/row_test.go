package fastrows

import (
	"testing"

	"github.com/sweeptune/sweeptune/internal/intern"
	"github.com/sweeptune/sweeptune/internal/jsonscan"
	"github.com/sweeptune/sweeptune/sources/resultrow"
	"github.com/sweeptune/sweeptune/sources/synth"
)

// rowsOf decodes the array of rows data on the fast path alone, failing
// at the first row it leaves to the general path.
func rowsOf(t *testing.T, data []byte) []resultrow.Row {
	t.Helper()
	var d Decoder
	strs := intern.Table{}
	var rows []resultrow.Row
	p := jsonscan.SkipSpace(data, 0) + 1 // the array's '['
	for {
		p = jsonscan.SkipSpace(data, p)
		if p >= len(data) || data[p] == ']' {
			return rows
		}
		var r resultrow.Row
		end, ok := d.Row(data, p, &r, strs)
		if !ok {
			t.Fatalf("row %d left to the general path at %q", len(rows), data[p:min(len(data), p+80)])
		}
		rows = append(rows, r)
		p = jsonscan.SkipSpace(data, end)
		if p < len(data) && data[p] == ',' {
			p++
		}
	}
}

// The reference's rows all take the fast path, each row's fields read.
func TestRowTakesReferenceRows(t *testing.T) {
	rows := rowsOf(t, synth.Rows(50, 12))
	if len(rows) != 50 {
		t.Fatalf("%d rows, want 50", len(rows))
	}
	for i, r := range rows {
		if r.Model == "" || r.HW == "" || r.Conc <= 0 || len(r.Metrics.Present()) == 0 {
			t.Fatalf("row %d read as %+v", i, r)
		}
	}
}

// What is not plain is left to the general path, the row untouched by
// the decoder's position: an escape, a repeated key, a container under an
// unknown key, a signed number under an unknown key.
func TestRowLeavesWhatIsNotPlain(t *testing.T) {
	for _, row := range []string{
		`{"model": "m\\u0041", "conc": 4}`,
		`{"model": "m", "model": "n", "conc": 4}`,
		`{"model": "m", "extra": {"a": 1}, "conc": 4}`,
		`{"model": "m", "extra": [1], "conc": 4}`,
		`{"model": "m", "extra": -1, "conc": 4}`,
		`{"model": "m", "conc": 4.5}`,
	} {
		var d Decoder
		var r resultrow.Row
		if end, ok := d.Row([]byte(row), 0, &r, intern.Table{}); ok {
			t.Errorf("%s: taken (to %d) as %+v", row, end, r)
		}
	}
	// Unknown scalars are passed over.
	var d Decoder
	var r resultrow.Row
	row := `{"model": "m", "is_multinode": true, "note": "x", "n": 1.5e3, "z": null, "conc": 4}`
	if end, ok := d.Row([]byte(row), 0, &r, intern.Table{}); !ok || end != len(row) || r.Model != "m" || r.Conc != 4 {
		t.Fatalf("%s: end %d ok %v row %+v", row, end, ok, r)
	}
}
