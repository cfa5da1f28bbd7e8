package plan

import (
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/quiet"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// The calibration of a view of quiet.BigView points or more waits for
// quiet.BigPause without a key, not the gate's own quiet time (it ran
// beside the next key typed at a person's pace); a small view's runs
// after the gate's.
func TestBigCalibrationWaitsForAPause(t *testing.T) {
	for _, c := range []struct {
		name string
		pts  []model.Point
		big  bool
	}{{"big", fixtures.SyntheticCurves(2*quiet.BigView+2000, 1), true}, {"small", testkit.Demo(), false}} {
		st := workbench.New()
		st.SetPoints(c.pts)
		st.TakeChanges()
		if got := len(st.ViewRefs()) >= quiet.BigView; got != c.big {
			t.Fatalf("%s: a view of %d points", c.name, len(st.ViewRefs()))
		}
		m := New(st, keys.Default().Planner, testkit.Plain())
		var last atomic.Int64
		last.Store(time.Now().UnixNano()) // a key now
		gate := quiet.New(&last, 10*time.Millisecond)
		m.SetGate(gate)
		st.SetAsOf(model.Dates(c.pts)[0], false) // another curve view: a calibration
		m.Refresh(st.TakeChanges())
		cmd := m.Pending()
		if cmd == nil {
			t.Fatalf("%s: no calibration after a change of date", c.name)
		}
		done := make(chan tea.Msg, 1)
		go func() { done <- cmd() }()
		if !c.big {
			if _, ok := (<-done).(calibratedMsg); !ok {
				t.Fatalf("%s: the calibration gave no fit", c.name)
			}
			continue
		}
		select {
		case <-done:
			t.Fatalf("%s: calibrated %d ms after a key", c.name, time.Since(time.Unix(0, last.Load())).Milliseconds())
		case <-time.After(30 * 10 * time.Millisecond): // thirty times the gate's quiet time
		}
		gate.Hold(func() tea.Msg { return nil }) // a newer change: the held one is dropped
		if msg := <-done; msg != nil {
			t.Fatalf("%s: a calibration made stale gave %T", c.name, msg)
		}
	}
}
