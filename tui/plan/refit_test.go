package plan

import (
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/msgs"
)

// candRow is the cursor row of candidate id.
func candRow(t *testing.T, m *Model, id string) int {
	t.Helper()
	for i, p := range m.fit.Cands {
		if p.ID == id {
			return numFields + i
		}
	}
	t.Fatalf("no candidate %s", id)
	return 0
}

// TestToggleRefitsInACommand: space on a fit candidate does not refit on
// the key: the fit shown stays until the command's result arrives, with its
// backtest, and is then the one refitted in place; the status line says
// what changed.
func TestToggleRefitsInACommand(t *testing.T) {
	m, st := newPane(t, testkit.Plain())
	m.SetSize(120, 40)
	before := len(m.fit.Points)
	id := "9p1d-dep2-dep16-b160-c7480"
	m.field = candRow(t, m, id)
	cmd := m.Update(testkit.Key(" "))
	if m.fit.Chosen[id] || len(m.fit.Points) != before || !m.fit.Auto {
		t.Fatalf("the key refitted: %d configurations, auto %v", len(m.fit.Points), m.fit.Auto)
	}
	var said []string
	for _, msg := range testkit.Messages(cmd) {
		next, _ := m.Handle(msg)
		for _, s := range testkit.Messages(next) {
			if st, ok := s.(msgs.Status); ok {
				said = append(said, st.Text)
			}
		}
	}
	want := Calibrate(model.Unprojected(st.View()), m.chosen)
	if !m.fit.Chosen[id] || len(m.fit.Points) != len(want.Points) || m.fit.MeanAbs != want.MeanAbs || len(m.fit.Rows) != len(want.Rows) {
		t.Errorf("arrived refit: %d points, backtest %+v (%d rows); in place: %d points, %+v (%d rows)",
			len(m.fit.Points), m.fit.MeanAbs, len(m.fit.Rows), len(want.Points), want.MeanAbs, len(want.Rows))
	}
	if len(said) != 1 || !strings.HasPrefix(said[0], "chose "+id+": fit on ") {
		t.Errorf("status: %q", said)
	}
}

// TestTogglesTypedFastWaitForTheRefit: candidates toggled while a refit
// runs are applied one after another, each to the fit the one before gave,
// so the fit that arrives last is the one of toggling slowly; a refit of
// older inputs (the curve or data changed meanwhile) is dropped.
func TestTogglesTypedFastWaitForTheRefit(t *testing.T) {
	ids := []string{"9p1d-dep2-dep16-b160-c7480", "5p1d-dep2-dep16-b40-c2884"}
	slow, _ := newPane(t, testkit.Plain())
	slow.SetSize(120, 40)
	for _, id := range ids {
		slow.field = candRow(t, slow, id)
		send(slow, " ")
	}

	fast, _ := newPane(t, testkit.Plain())
	fast.SetSize(120, 40)
	fast.field = candRow(t, fast, ids[0])
	first := fast.Update(testkit.Key(" "))
	fast.field = candRow(t, fast, ids[1])
	if cmd := fast.Update(testkit.Key(" ")); cmd != nil {
		t.Fatal("a toggle during a refit started another before the first arrived")
	}
	for _, msg := range testkit.Messages(first) {
		next, _ := fast.Handle(msg) // the first refit, then the second toggle's
		for _, n := range testkit.Messages(next) {
			fast.Handle(n)
		}
	}
	if !slices.Equal(fast.chosen, slow.chosen) || len(fast.fit.Points) != len(slow.fit.Points) || fast.fit.MeanAbs != slow.fit.MeanAbs {
		t.Errorf("typed fast: chosen %v, %d points, %+v; slowly: %v, %d points, %+v",
			fast.chosen, len(fast.fit.Points), fast.fit.MeanAbs, slow.chosen, len(slow.fit.Points), slow.fit.MeanAbs)
	}

	// A refit in flight when the data changes is stale.
	m, st := newPane(t, testkit.Plain())
	m.SetSize(120, 40)
	m.field = candRow(t, m, ids[0])
	stale := m.Update(testkit.Key(" "))
	st.SetPoints(testkit.Demo())
	m.Refresh(st.TakeChanges())
	m.Calibrate()
	got := len(m.fit.Points)
	for _, msg := range testkit.Messages(stale) {
		m.Handle(msg)
	}
	if len(m.fit.Points) != got || m.refitting {
		t.Errorf("a stale refit was taken: %d points, was %d", len(m.fit.Points), got)
	}
}
