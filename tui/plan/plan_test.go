package plan

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func newPane(t *testing.T, styles themes.Styles) (*Model, *workbench.State) {
	st := workbench.New()
	st.SetPoints(testkit.Demo())
	st.SetAsOf("", true) // every run of the dated demo, as the fit's reference numbers were taken
	st.TakeChanges()
	m := New(st, keys.Default().Planner, styles)
	m.Sync() // the backtest, which the workbench runs in a command
	if m.fit.Err != nil {
		t.Fatalf("calibration on the demo: %v", m.fit.Err)
	}
	return m, st
}

// send presses keys and runs the commands they return, as the runtime
// would, giving the pane its own results (the backtest).
func send(m *Model, ks ...string) {
	for _, k := range ks {
		run(m, m.Update(testkit.Key(k)))
	}
}

func run(m *Model, cmd tea.Cmd) {
	for _, msg := range testkit.Messages(cmd) {
		m.Handle(msg)
	}
}

func TestCalibrationIsSteadyDisaggOnly(t *testing.T) {
	m, _ := newPane(t, testkit.Plain())
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
	m, st := newPane(t, testkit.Plain())
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
	m.SetSize(200, 60)
	// 7P c5540 was measured: the automatic fit predicts it without it and
	// its twin; τP unknown, so the cap advice is a range (planner.Recommend).
	if v := strings.Join(strings.Fields(m.View()), " "); !strings.Contains(v, "recommended BS 96–112 (τP unknown") ||
		!strings.Contains(v, "predicted by the automatic fit without this configuration and its twins") {
		t.Errorf("at c5540 with BS 96 binding, 104 does not bind and is the advice:\n%s", m.View())
	}
	// 7P BS96 c5540 was measured: a exports the measurement, never a
	// prediction of it (no @planned twin).
	send(m, "a")
	if len(st.Planned) != 0 || len(st.Added) != 1 || st.Added[0] != "7p1d-dep2-dep16-b96-c5540" || st.Preview != nil {
		t.Fatalf("a: planned %+v, added %v (preview %v)", st.Planned, st.Added, st.Preview)
	}
	// 7P BS96 c6000 was not: a plans it.
	send(m, "enter", "6", "0", "0", "0", "enter", "a")
	if len(st.Planned) != 1 || st.Planned[0].ID != "7p1d-dep2-dep16-b96-c6000" {
		t.Fatalf("a planned %+v", st.Planned)
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
	testkit.Matrix(t, func(t *testing.T, c testkit.Cell) string {
		m, _ := newPane(t, c.Styles)
		m.SetSize(c.W, c.H)
		send(m, "enter", "7", "enter", "down", "enter", "9", "6", "enter", "down", "enter", "5", "5", "4", "0", "enter")
		return m.View()
	})
}

// The fit points are chosen and dropped in place: the calibration follows,
// twins stay counted once, and dropping below three configurations says why.
func TestChooseAndDropFitPoints(t *testing.T) {
	m, _ := newPane(t, testkit.Plain())
	m.SetSize(120, 40)
	auto := len(m.fit.Points)
	if !m.fit.Auto || auto != 5 || len(m.fit.Twins) != 3 || len(m.fit.Cands) != 10 {
		t.Fatalf("automatic fit: %d configurations, %d twins, %d candidates", auto, len(m.fit.Twins), len(m.fit.Cands))
	}
	idx := func(id string) int {
		for i, p := range m.fit.Cands {
			if p.ID == id {
				return numFields + i
			}
		}
		t.Fatalf("no candidate %s", id)
		return 0
	}
	// Choose 9P BS160: with 9P BS192 it is a saturation pair, so τP is known.
	m.field = idx("9p1d-dep2-dep16-b160-c7480")
	send(m, " ")
	if m.fit.Auto || len(m.fit.Points) != auto+1 || m.fit.Cal.Params.TauP == 0 {
		t.Errorf("after choosing 9P BS160: %d configurations, τP %v", len(m.fit.Points), m.fit.Cal.Params.TauP)
	}
	// Dropping a point drops its twin: the configuration leaves the fit.
	m.field = idx("5p1d-dep2-dep16-b40-c2884")
	send(m, " ")
	if m.fit.Chosen["5p1d-dep2-dep16-b40-c2884"] || m.fit.Chosen["5p1d-dep2-dep16-b40-c2884@published"] {
		t.Errorf("5P dropped, its twin should leave too: chosen %v", m.fit.ChosenIDs())
	}
	// Leave-one-out drops a configuration with its twins: 7P and its twin
	// get the same prediction, from a fit that saw neither.
	a, okA := m.fit.ErrorFor("7p1d-dep2-dep16-b96-c5540")
	b, okB := m.fit.ErrorFor("7p1d-dep2-dep16-b96-c5540@published")
	if !okA || !okB || *a.Predicted.TputPerGPU != *b.Predicted.TputPerGPU {
		t.Errorf("7P rows %v / %v", a.Predicted, b.Predicted)
	}
	// Down to two configurations: no calibration, and the list stays usable.
	for _, id := range m.fit.ChosenIDs() {
		if !strings.HasPrefix(id, "3p1d-dep2-dep16-b24-c1228") && !strings.HasPrefix(id, "7p1d-dep2-dep16-b96-c5540") && m.fit.Chosen[id] {
			m.field = idx(id)
			send(m, " ")
		}
	}
	if m.fit.Err == nil || !strings.Contains(m.View(), "no calibration: cannot calibrate: need at least three") {
		t.Errorf("two points: err %v\n%s", m.fit.Err, m.View())
	}
	m.field = idx("9p1d-dep2-dep16-b192-c7480")
	send(m, "enter")
	if m.fit.Err != nil || len(m.fit.Points) != 3 {
		t.Errorf("enter chooses too: %v, %d points", m.fit.Err, len(m.fit.Points))
	}
}

// A prediction seeded from a measured point shows that point's values beside
// it, with the error, and whether the point was in the fit.
func TestSeededPredictionBesideMeasured(t *testing.T) {
	m, st := newPane(t, testkit.Plain())
	m.SetSize(120, 60)
	st.Selected = "8p1d-dep2-dep16-c4096"
	send(m, "s")
	v := m.View()
	testkit.Contains(t, "view", v,
		"measured 8p1d-dep2-dep16-c4096: tput/GPU 803,198 (predicted -2.3 %)",
		"held out of the fit: a true test",
	)
	st.Selected = "7p1d-dep2-dep16-b96-c5540"
	send(m, "s")
	// The automatic fit predicts 7P without 7P: the same -1.7 % as its
	// leave-one-out row.
	if v := m.View(); !strings.Contains(v, "measured 7p1d-dep2-dep16-b96-c5540: tput/GPU 1,033,494 (predicted -1.7 %)") ||
		!strings.Contains(v, "in the fit: left out, predicted tput -1.69 %") {
		t.Errorf("7P seed:\n%s", v)
	}
	send(m, "l") // prefill workers 7 → 8
	if v := m.View(); !strings.Contains(v, "seeded from 7p1d-dep2-dep16-b96-c5540 · knobs changed since") {
		t.Errorf("after a knob change:\n%s", v)
	}
}

// The fit's parameters are on screen.
func TestFitParametersShown(t *testing.T) {
	m, _ := newPane(t, testkit.Plain())
	m.SetSize(120, 60)
	testkit.Contains(t, "view", m.View(), "α           2.9813 ms per output token", "r90         1.0285 (p90 / mean interactivity)", "τP          unknown, at least 4,429,260 tok/s per prefill worker")
}

// TestHintsAgree: at c6,000 a cap of 104 binds; the recommended cap is
// then one that does not bind there, never the binding 104 itself.
func TestHintsAgree(t *testing.T) {
	m, _ := newPane(t, testkit.Plain())
	m.SetSize(200, 60)
	send(m, "enter", "7", "enter", "down", "enter", "1", "0", "4", "enter", "down", "enter", "6", "0", "0", "0", "enter")
	if !m.pred.CapBinds || m.pred.RecommendedDecodeBS != 104 {
		t.Fatalf("7P BS104 c6000: cap binds %v, planner's recommendation %d (the case of the issue)", m.pred.CapBinds, m.pred.RecommendedDecodeBS)
	}
	v := strings.Join(strings.Fields(m.View()), " ")
	want := "recommended BS 104–120 (τP unknown: 104 if prefill saturates at the highest load measured, 120 if it keeps up at c6,000)"
	if !strings.Contains(v, want) || !strings.Contains(v, "decode cap binds: BS 104") {
		t.Fatalf("planner lacks %q:\n%s", want, m.View())
	}
	if strings.Contains(v, "recommended BS 104 ") {
		t.Errorf("recommends the cap that binds:\n%s", m.View())
	}
	send(m, "up", "enter", "1", "2", "0", "enter") // the advice taken: it no longer binds
	if v := strings.Join(strings.Fields(m.View()), " "); m.pred.CapBinds || strings.Contains(v, "decode cap binds") || !strings.Contains(v, want) {
		t.Errorf("BS 120 at c6000 should not bind:\n%s", m.View())
	}
}

// TestFarPredictionsSayTheyAreExtrapolated: concurrency 50,000 is far past
// the fit; the prediction says so at its head and in its warnings.
func TestFarPredictionsSayTheyAreExtrapolated(t *testing.T) {
	m, _ := newPane(t, testkit.Plain())
	m.SetSize(200, 60)
	send(m, "down", "down", "enter", "5", "0", "0", "0", "0", "enter")
	v := strings.Join(strings.Fields(m.View()), " ")
	testkit.Contains(t, "c50,000", v, "EXTRAPOLATED: outside what the fit saw", "warning: extrapolation: concurrency per decode rank 3125.0 is outside the calibrated range")
}

// TestTallTextScrolls: the planner's text is taller than a small pane: it
// says so, f/b page through it, and the cursor stays on screen.
func TestTallTextScrolls(t *testing.T) {
	m, _ := newPane(t, testkit.Plain())
	m.SetSize(60, 16)
	lines := strings.Split(m.View(), "\n")
	if !strings.Contains(lines[15], "more lines (f/pgdn, z zooms)") {
		t.Fatalf("no sign of more below:\n%s", m.View())
	}
	send(m, "f")
	if v := m.View(); !strings.Contains(strings.Split(v, "\n")[0], "↑ 14 more lines (b/pgup)") {
		t.Fatalf("f did not page down:\n%s", v)
	}
	send(m, "b")
	if v := m.View(); strings.Contains(v, "↑") || !strings.Contains(v, "› prefill workers") {
		t.Fatalf("b did not page back:\n%s", v)
	}
	for range numFields + len(m.fit.Cands) - 1 { // down to the last fit point
		send(m, "down")
		if !strings.Contains(m.View(), "› ") {
			t.Fatalf("the cursor (row %d) left the screen:\n%s", m.field, m.View())
		}
	}
}

// TestManyCandidatesListAroundTheCursor: a curve of thousands of points
// lists 40 fit candidates around the cursor and says how many are beyond,
// so a key press never redraws thousands of rows.
func TestManyCandidatesListAroundTheCursor(t *testing.T) {
	st := workbench.New()
	st.SetPoints(testkit.Synthetic(2000))
	st.TakeChanges()
	m := New(st, keys.Default().Planner, testkit.Plain())
	m.SetSize(100, 200)
	n := len(m.fit.Cands)
	if n <= maxCands {
		t.Fatalf("%d candidates: the synthetic curve should have more than %d", n, maxCands)
	}
	v := strings.Join(strings.Fields(m.View()), " ")
	if !strings.Contains(v, fmt.Sprintf("… %d candidates below (↓ reaches them)", n-maxCands)) {
		t.Fatalf("no count of the candidates below:\n%s", m.View())
	}
	for range numFields + 100 {
		send(m, "down")
	}
	v = strings.Join(strings.Fields(m.View()), " ")
	if !strings.Contains(v, "› [") || !strings.Contains(v, fmt.Sprintf("… %d candidates above", 100-maxCands/2)) {
		t.Errorf("at candidate 100 the list does not follow the cursor:\n%s", m.View())
	}
	if lo, hi := candWindow(10, 3); lo != 0 || hi != 10 {
		t.Errorf("candWindow(10, 3) = %d, %d", lo, hi)
	}
}

// TestCurveSwitchCalibratesInACommand: a curve switch does not calibrate
// on the key: the pane says calibrating… until the command's result
// arrives, a result of older inputs is dropped, and the fit that arrives
// is the one calibrated on the shown curve in place.
func TestCurveSwitchCalibratesInACommand(t *testing.T) {
	m, st := newPane(t, testkit.Plain())
	m.SetSize(120, 60)
	first := m.fit.Curve
	st.StepCurve(1)
	if st.Curve == first {
		t.Skip("the demo has one curve")
	}
	m.Refresh(st.TakeChanges())
	if !strings.Contains(m.View(), "calibrating…") {
		t.Fatalf("while calibrating:\n%s", m.View())
	}
	stale := m.Pending()
	if stale == nil {
		t.Fatal("no calibration command")
	}
	if m.Pending() != nil {
		t.Fatal("the calibration was handed out twice")
	}
	// The curve changes back before the result arrives: it is stale.
	st.StepCurve(-1)
	m.Refresh(st.TakeChanges())
	fresh := m.Pending()
	if cmd, handled := m.Handle(stale()); !handled || cmd != nil || !strings.Contains(m.View(), "calibrating…") {
		t.Fatalf("a stale calibration was taken (handled %v):\n%s", handled, m.View())
	}
	backtest, _ := m.Handle(fresh())
	if backtest == nil {
		t.Fatal("the calibration started no backtest")
	}
	m.Handle(backtest())
	want := Calibrate(model.Unprojected(st.View()), nil)
	if m.fit.Curve != want.Curve || m.fit.Cal == nil || want.Cal == nil || m.Knobs().BaseID() != fix(want.Cal.Template).BaseID() || m.fit.MeanAbs != want.MeanAbs || len(m.fit.Points) != len(want.Points) {
		t.Errorf("arrived fit on %v (%d points, backtest %+v), calibrated in place on %v (%d points, %+v)", m.fit.Curve, len(m.fit.Points), m.fit.MeanAbs, want.Curve, len(want.Points), want.MeanAbs)
	}
	if strings.Contains(m.View(), "calibrating…") {
		t.Errorf("still calibrating once the result arrived:\n%s", m.View())
	}
}
