package cli

import (
	"bytes"
	"testing"

	"github.com/sweeptune/sweeptune/audit"
	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/synth"
)

// The audit's document with its rows written on both cores is writeDoc's,
// byte for byte: many rows (both halves), one row, none.
func TestWriteAuditDocIsWriteDoc(t *testing.T) {
	ds := sources.LoadBytes("rows.json", synth.Rows(20000, 200), sources.Options{})
	many := audit.Run(audit.Request{Points: ds.Points, PlanTop: -1, Paths: []string{"rows.json"}})
	one := audit.Run(audit.Request{Points: fixtures.Demo()})
	none := audit.Run(audit.Request{})
	if len(many.Rows) < 128 || len(one.Rows) != 1 || len(none.Rows) != 0 {
		t.Fatalf("%d, %d, %d rows; want ≥128, 1, 0", len(many.Rows), len(one.Rows), len(none.Rows))
	}
	for _, a := range []*audit.Audit{many, one, none} {
		var want, got bytes.Buffer
		if err := writeDoc(&want, a, []string{"a warning <&>"}); err != nil {
			t.Fatal(err)
		}
		if err := writeAuditDoc(&got, a, []string{"a warning <&>"}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(want.Bytes(), got.Bytes()) {
			t.Errorf("%d rows: %d bytes against writeDoc's %d", len(a.Rows), got.Len(), want.Len())
		}
	}
}
