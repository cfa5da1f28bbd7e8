package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/layout"
)

// 10,000 points at 200×60: the sizes the frame budgets are set at.
const benchN, benchW, benchH = 10000, 200, 60

func benchModel(b *testing.B) *Model {
	m := newLoaded(b, benchW, benchH, testkit.Synthetic(benchN))
	if len(m.State().Points) != benchN {
		b.Fatalf("%d points", len(m.State().Points))
	}
	return m
}

// pressKeys presses keys[0] run times, then keys[1] run times, and so on
// around, one per iteration (Update + View), and reports the CPU time per
// key beside the wall time.
func pressKeys(b *testing.B, m *Model, run int, keys ...string) {
	msgs := keyMsgs(keys)
	clk := startCPU(b)
	for i := 0; i < b.N; i++ {
		m.Update(msgs[(i/run)%len(msgs)])
		_ = m.View()
	}
	clk.report(b, 1)
}

// pressSequence presses keys in order, each with its frame, all of them
// once an iteration; the time is reported per key.
func pressSequence(b *testing.B, m *Model, keys ...string) {
	msgs := keyMsgs(keys)
	clk := startCPU(b)
	for i := 0; i < b.N; i++ {
		for _, k := range msgs {
			m.Update(k)
			_ = m.View()
		}
	}
	clk.report(b, len(msgs))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(msgs)), "ns/key")
}

func keyMsgs(keys []string) []tea.KeyMsg {
	msgs := make([]tea.KeyMsg, len(keys))
	for i, k := range keys {
		msgs[i] = testkit.Key(k)
	}
	return msgs
}

// BenchmarkKeyPressPoints: a cursor move in the points table, which also
// moves the plot's selection (Update + View). Budget: 10 ms.
func BenchmarkKeyPressPoints(b *testing.B) {
	m := benchModel(b)
	press(m, "2")
	pressKeys(b, m, 20, "down", "up")
}

// BenchmarkKeyPressCurve: → on the plot moves the selection along x.
func BenchmarkKeyPressCurve(b *testing.B) {
	pressKeys(b, benchModel(b), 20, "right", "left")
}

// BenchmarkMarkToggle: m in the table re-runs the review on 10,000 points.
func BenchmarkMarkToggle(b *testing.B) {
	m := benchModel(b)
	m.opts.SessionPath = "" // no file per iteration
	press(m, "2")
	pressKeys(b, m, 1, "m")
}

// BenchmarkPlannerSliderStep: one concurrency step: prediction, preview
// point and the redrawn plot. Budget: 10 ms.
func BenchmarkPlannerSliderStep(b *testing.B) {
	m := benchModel(b)
	press(m, "3", "down", "down")
	if m.panes[layout.Planner].View() == "" {
		b.Fatal("planner empty")
	}
	pressKeys(b, m, 1, "right", "left")
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

// 100,000 points over 100 curves (each configuration measured on two
// dates): the sizes the 16 ms budgets of the curve keys are set at.
const curvesN, curvesK = 100000, 100

func curvesModel(b *testing.B) *Model {
	m := newLoaded(b, benchW, benchH, testkit.SyntheticCurves(curvesN, curvesK))
	m.opts.SessionPath = ""
	if len(m.State().Curves) != curvesK || len(m.State().View()) != 500 {
		b.Fatalf("%d curves, %d points shown", len(m.State().Curves), len(m.State().View()))
	}
	return m
}

// BenchmarkSwitchCurve100k: ] and [ show the next or previous curve: the
// view, plot, table, planner fit and the review and export commands'
// inputs (Update + View). Budget: 16 ms.
func BenchmarkSwitchCurve100k(b *testing.B) {
	pressKeys(b, curvesModel(b), 1, "]", "[")
}

// BenchmarkToggleOverlay100k: o, space, enter: one overlay on or off
// (three key presses, each with its frame). Budget: 16 ms per key.
func BenchmarkToggleOverlay100k(b *testing.B) {
	pressSequence(b, curvesModel(b), "o", "down", "tab", "enter")
}

// BenchmarkKeyPress100k: a cursor move in the points table of one curve
// of 100 (Update + View). Budget: 16 ms.
func BenchmarkKeyPress100k(b *testing.B) {
	m := curvesModel(b)
	press(m, "2")
	pressKeys(b, m, 20, "down", "up")
}

// BenchmarkCycleY100k: y moves to the next y metric of the shown curve.
func BenchmarkCycleY100k(b *testing.B) {
	pressKeys(b, curvesModel(b), 1, "y")
}

// BenchmarkKeysArrivingTogether: "jjj" in one message (typed fast, over
// ssh) is three cursor moves, each synced; budget: three key presses.
func BenchmarkKeysArrivingTogether(b *testing.B) {
	m := benchModel(b)
	press(m, "2")
	pressKeys(b, m, 1, "jjj", "kkk") // one message of three runes each
}
