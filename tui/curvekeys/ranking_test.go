package curvekeys

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

func rankPoint(hw, fw string, conc int, x, y float64) model.Point {
	p := model.Point{ID: fmt.Sprintf("agg-tp8-c%d@%s-%s", conc, hw, fw), Source: model.SourcePublished,
		Curve: model.CurveKey{Model: "dsr1", Scenario: "8k1k", Hardware: hw, Framework: fw, Precision: "fp4", Spec: "none"},
		Knobs: model.Knobs{Mode: model.ModeAgg, Concurrency: conc, Prefill: model.Role{Workers: 1, GPUs: 8, TP: 8}}}
	p.Prov.Date = "2026-11-01"
	p.Metrics.Set(model.P90Intvty, x)
	p.Metrics.Set(model.TputPerGPU, y)
	p.Metrics.Set(model.AxisP90E2EL.Metric, 2000/x)
	p.Metrics.Set(model.AxisP75E2EL.Metric, 1500/x)
	return p
}

// The curve picker lists the curves by retune value, each with its value
// and reason: a gappy curve a competitor leads comes before a dense
// curve that leads, though it sorts after it by name.
func TestCurvePickerRanksByRetuneValue(t *testing.T) {
	var pts []model.Point
	for i, xy := range [][2]float64{{20, 1000}, {30, 900}, {40, 800}, {50, 700}, {170, 300}, {200, 200}} {
		pts = append(pts, rankPoint("gb300", "sglang", 4<<i, xy[0], xy[1]), rankPoint("gb300", "trt", 4<<i, xy[0], 1.5*xy[1]))
	}
	for i := 0; i < 10; i++ {
		x := 20 + 20*float64(i)
		pts = append(pts, rankPoint("b200", "sglang", 4+4*i, x, 2000-x*x/30), rankPoint("b200", "trt", 4+4*i, x, 0.8*(2000-x*x/30)))
	}
	st := workbench.New()
	st.SetPoints(pts)
	st.AdoptRanking(workbench.RankCurves(pts))
	m := New(st, keys.Default(), "", "", func(string, bool) {})
	press(m, 'c')
	if m.pick == nil {
		t.Fatal("c opened no picker")
	}
	first := m.pick.Item(0)
	if !strings.Contains(first.Text, "gb300 · sglang") || !strings.HasPrefix(first.Note, "value ") || !strings.Contains(first.Note, "trt leads by 50.0 %") {
		t.Errorf("first item %q — %q; want the gb300 sglang curve with its value and reason", first.Text, first.Note)
	}
	if !strings.Contains(m.pick.Title, "ranked by retune value") {
		t.Errorf("title %q", m.pick.Title)
	}
	// the cursor's item is the curve chosen: up to the first item
	for range len(st.Curves) {
		m.UpdateOpen(tea.KeyMsg{Type: tea.KeyUp})
	}
	if k, ok := m.HoveredCurve(); !ok || k.Hardware != "gb300" || k.Framework != "sglang" {
		t.Errorf("hovered %v", k)
	}
	m.UpdateOpen(tea.KeyMsg{Type: tea.KeyEnter})
	if st.Curve.Hardware != "gb300" || st.Curve.Framework != "sglang" {
		t.Errorf("chose %v, want the first ranked curve", st.Curve)
	}
}

// A load the command did not rank keeps the curves' own order.
func TestCurvePickerUnrankedKeepsOrder(t *testing.T) {
	pts := []model.Point{rankPoint("b200", "sglang", 4, 20, 100), rankPoint("gb300", "sglang", 4, 20, 100)}
	st := workbench.New()
	st.SetPoints(pts)
	m := New(st, keys.Default(), "", "", func(string, bool) {})
	press(m, 'c')
	if m.pick == nil || m.pick.Item(0).Text != st.Curves[0].Key.String() || strings.Contains(m.pick.Title, "ranked") {
		t.Errorf("unranked picker: %q %q", m.pick.Title, m.pick.Item(0).Text)
	}
}
