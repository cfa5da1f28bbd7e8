package curvekeys

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

func press(m *Model, r rune) {
	m.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
}

// TestAxisCycleSaysWhenNothingHasData: a curve whose points carry no
// metric (an evals file) cycles through every axis, and the status line
// no longer calls them "with data".
func TestAxisCycleSaysWhenNothingHasData(t *testing.T) {
	st := workbench.New()
	ck := model.CurveKey{Model: "gptoss120b", Hardware: "b200"}
	st.SetPoints([]model.Point{{ID: "agg-tp1-c128", Curve: ck}, {ID: "agg-tp8-c8", Curve: ck}})
	var said string
	m := New(st, keys.Default(), "", "", func(s string, _ bool) { said = s })
	for _, r := range []rune{'x', 'X', 'y', 'Y'} {
		press(m, r)
		if strings.Contains(said, "with data") {
			t.Errorf("%c on a curve with no metric: %q claims data", r, said)
		}
		if !strings.Contains(said, "no point of the shown curve has") {
			t.Errorf("%c: %q does not say the curve has no data", r, said)
		}
	}
	// a curve with data still says so
	p := model.Point{ID: "agg-tp1-c128", Curve: ck}
	p.Metrics.Set(model.AxisTputPerGPU.Metric, 10)
	p.Metrics.Set(model.DefaultXAxis.Metric, 5)
	st.SetPoints([]model.Point{p})
	press(m, 'y')
	if !strings.Contains(said, "with data") {
		t.Errorf("y on a curve with data: %q", said)
	}
}
