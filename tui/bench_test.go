package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/layout"
)

// 10,000 points at 200×60: the sizes issue 6 sets its budgets at.
const benchN, benchW, benchH = 10000, 200, 60

func benchModel(b *testing.B) *Model {
	m := newLoaded(b, benchW, benchH, testkit.Synthetic(benchN))
	if len(m.State().Points) != benchN {
		b.Fatalf("%d points", len(m.State().Points))
	}
	return m
}

// BenchmarkKeyPressPoints: a cursor move in the points table, which also
// moves the plot's selection (Update + View). Budget: 10 ms.
func BenchmarkKeyPressPoints(b *testing.B) {
	m := benchModel(b)
	press(m, "2")
	down, up := testkit.Key("down"), testkit.Key("up")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := down
		if i%40 >= 20 {
			k = up
		}
		m.Update(k)
		_ = m.View()
	}
}

// BenchmarkKeyPressCurve: → on the plot moves the selection along x.
func BenchmarkKeyPressCurve(b *testing.B) {
	m := benchModel(b)
	right, left := testkit.Key("right"), testkit.Key("left")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := right
		if i%40 >= 20 {
			k = left
		}
		m.Update(k)
		_ = m.View()
	}
}

// BenchmarkMarkToggle: m in the table re-runs the review on 10,000 points.
func BenchmarkMarkToggle(b *testing.B) {
	m := benchModel(b)
	m.opts.SessionPath = "" // no file per iteration
	press(m, "2")
	mk := testkit.Key("m")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.Update(mk)
		_ = m.View()
	}
}

// BenchmarkPlannerSliderStep: one concurrency step: prediction, preview
// point and the redrawn plot. Budget: 10 ms.
func BenchmarkPlannerSliderStep(b *testing.B) {
	m := benchModel(b)
	press(m, "3", "down", "down")
	if m.panes[layout.Planner].View() == "" {
		b.Fatal("planner empty")
	}
	inc, dec := testkit.Key("right"), testkit.Key("left")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := inc
		if i%2 == 1 {
			k = dec
		}
		m.Update(k)
		_ = m.View()
	}
	if m.State().Preview == nil {
		b.Fatal("no preview point: the planner did not predict")
	}
}

// BenchmarkFirstFrame: New, the first resize and View, before data.
// Budget: 100 ms.
func BenchmarkFirstFrame(b *testing.B) {
	for i := 0; i < b.N; i++ {
		m := New(Options{Theme: "dark", Renderer: testkit.Renderer(), Data: &sources.Dataset{}}) // Init's load never runs
		m.Update(tea.WindowSizeMsg{Width: benchW, Height: benchH})
		_ = m.View()
	}
}
