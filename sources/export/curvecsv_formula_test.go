package export_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/check"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/export"
)

// A label (or curve field) starting with =, +, -, @ was written as it is,
// a formula to a spreadsheet that opens the CSV. Text cells are defused
// with a leading quote; numbers, ours or a label like -0.5, stay numbers,
// and the full label is kept (not the 80-character display cut).
func TestCSVFormulaCellsAreNeutralised(t *testing.T) {
	long := strings.Repeat("L", 200)
	labels := []string{`=HYPERLINK("http://x","y")`, "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1", "-0.5", "plain", long}
	var pts []model.Point
	for i, l := range labels {
		p := model.Point{ID: "p" + string(rune('a'+i)), Label: l, Source: model.SourceCompetitor, Curve: model.CurveKey{Model: "=m"}}
		p.Metrics.Set(model.TputPerGPU, 1000)
		pts = append(pts, p)
	}
	var b bytes.Buffer
	x, err := model.ParseYAxis("tput-per-gpu")
	if err != nil {
		t.Fatal(err)
	}
	if err := export.WriteCurvesCSV(&b, x, x, []export.CSVCurve{{Key: pts[0].Curve, Points: pts}}); err != nil {
		t.Fatal(err)
	}
	rows := check.CSV(t, b.String())
	want := []string{`'=HYPERLINK("http://x","y")`, "'+cmd|' /C calc'!A0", "'-2+3", "'@SUM(A1)", "'\t=1", "-0.5", "plain", long}
	for i, w := range want {
		if got := rows[i+1][2]; got != w {
			t.Errorf("label %q written %q, want %q", labels[i], got, w)
		}
		if got := rows[i+1][0]; !strings.HasPrefix(got, "'=") {
			t.Errorf("curve cell %q", got)
		}
		if got := rows[i+1][7]; got != "1000" {
			t.Errorf("number cell %q", got)
		}
	}
}
