package plan

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/state"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func newPane(t *testing.T, styles themes.Styles) (*Model, *state.State) {
	st := state.New()
	st.SetPoints(testkit.Demo())
	st.TakeChanges()
	m := New(st, keys.Default().Planner, styles)
	if m.fit.Err != nil {
		t.Fatalf("calibration on the demo: %v", m.fit.Err)
	}
	return m, st
}

func send(m *Model, ks ...string) {
	for _, k := range ks {
		m.Update(testkit.Key(k))
	}
}

func TestCalibrationIsSteadyDisaggOnly(t *testing.T) {
	m, _ := newPane(t, testkit.Styles("none", termenv.Ascii))
	for _, p := range m.fit.Points {
		if p.Knobs.Mode != model.ModeDisagg || p.Prov.ShortRun() || p.Knobs.DecodeBS == 0 || p.Source == model.SourceCompetitor {
			t.Errorf("calibrated on %s (%s, %v s, BS %d)", p.ID, p.Knobs.Mode, p.Prov.DurationS, p.Knobs.DecodeBS)
		}
	}
	if m.fit.Method != "leave-one-out" || m.fit.Tested == 0 || m.fit.MeanAbs.Tput <= 0 || m.fit.MeanAbs.Tput > 10 {
		t.Errorf("backtest %s on %d: |tput| %.2f %%", m.fit.Method, m.fit.Tested, m.fit.MeanAbs.Tput)
	}
}

// TestTypedPlan types 7P BS96 c5540 into the fields, as the e2e story does.
func TestTypedPlan(t *testing.T) {
	m, st := newPane(t, testkit.Styles("none", termenv.Ascii))
	send(m, "enter", "7", "enter", "down", "enter", "9", "5", "enter", "down", "enter", "5", "5", "4", "0", "enter")
	k := m.Knobs()
	if k.Prefill.Workers != 7 || k.DecodeBS != 96 || k.Concurrency != 5540 || k.MaxRunningRequests != 1536 {
		t.Fatalf("knobs %dP BS%d c%d MRR %d, want 7P BS96 (95 snaps up) c5540 MRR 1536", k.Prefill.Workers, k.DecodeBS, k.Concurrency, k.MaxRunningRequests)
	}
	if st.Preview == nil || st.Preview.Knobs.Concurrency != 5540 {
		t.Fatal("the preview point does not follow the knobs")
	}
	if v, ok := st.Preview.Metrics.Get(model.TputPerGPU); !ok || v < 900000 || v > 1150000 {
		t.Errorf("predicted tput/GPU %v for 7P BS96 c5540 (measured 1,033,494)", v)
	}
	send(m, "a")
	if len(st.Planned) != 1 || st.Planned[0].ID != "7p1d-dep2-dep16-b96-c5540@planned" || st.Preview != nil {
		t.Fatalf("a planned %+v (preview %v)", st.Planned, st.Preview)
	}
}

func TestCapStepsAlongCapturedSizes(t *testing.T) {
	k := model.Knobs{DecodeBS: 96}
	if got := step(k, FieldCap, 1).DecodeBS; got != 104 {
		t.Errorf("96 up = %d, want 104", got)
	}
	if got := step(model.Knobs{DecodeBS: 18}, FieldCap, -1).DecodeBS; got != 16 {
		t.Errorf("18 down = %d, want 16", got)
	}
	if got := step(model.Knobs{Concurrency: 5540}, FieldConc, 1).Concurrency; got != 5640 {
		t.Errorf("c5540 up = %d, want 5640", got)
	}
}

func TestRenderGolden(t *testing.T) {
	testkit.Matrix(t, func(t *testing.T, w, h int, theme string, styles themes.Styles) {
		m, _ := newPane(t, styles)
		m.SetSize(w, h)
		send(m, "enter", "7", "enter", "down", "enter", "9", "6", "enter", "down", "enter", "5", "5", "4", "0", "enter")
		out := m.View()
		if len(strings.Split(out, "\n")) != h {
			t.Fatalf("%d lines", len(strings.Split(out, "\n")))
		}
		golden.RequireEqual(t, []byte(out))
	})
}
