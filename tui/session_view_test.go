package tui

import (
	"path/filepath"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

func TestSessionRestoresTheView(t *testing.T) {
	pts := testkit.SixCurves()
	curves := newLoaded(t, 160, 45, pts).State().Curves
	shown, over := curves[3].Key, curves[0].Key
	f := session.File{Version: session.Version, Curve: &shown, Overlays: &[]model.CurveKey{over},
		YAxis: "tput-per-mw", AsOf: "2026-02-01"}
	m := start(Options{Session: f}, 160, 45, pts, 5)
	st := m.State()
	if st.Curve != shown || len(st.Overlays) != 1 || st.Overlays[0] != over || st.Y.Name != "tput-per-mw" || st.AsOf != "2026-02-01" {
		t.Fatalf("curve %s, overlays %v, y %s, as of %q", st.Curve, st.Overlays, st.Y.Name, st.AsOf)
	}
	want := "loaded 61 points from 5 files · 6 curves (] [ c) · session restored: 0 marks, 0 planned points, axis mean-intvty, y tput-per-mw, as of 2026-02-01, curve " +
		shown.String() + ", 1 overlay (" + model.ShortName(shown, over) + ")"
	if m.bar.Text != want || m.bar.Err {
		t.Errorf("status %q\nwant   %q", m.bar.Text, want)
	}
}

func TestSessionCurveNoLongerLoadedIsNamed(t *testing.T) {
	gone := model.CurveKey{Model: "Qwen/Qwen3.5-397B-A17B-FP8", Scenario: "8k1k", Hardware: "tpuv7", Framework: "vllm", Precision: "fp8", Spec: "none"}
	f := session.File{Version: session.Version, Curve: &gone, Overlays: &[]model.CurveKey{gone}}
	m := start(Options{Session: f}, 160, 45, testkit.Demo(), 5)
	def := m.State().Curve
	want := "loaded 21 points from 5 files · 2 curves (] [ c) · session: curve " + gone.String() + " is no longer loaded (" + def.String() +
		" shown); 1 overlay no longer loaded: " + gone.String()
	if m.bar.Text != want || !m.bar.Err {
		t.Errorf("status %q (error %v)\nwant   %q", m.bar.Text, m.bar.Err, want)
	}
	if len(m.State().Overlays) != 0 {
		t.Errorf("overlays %v: the user's choice, less what is gone, is none", m.State().Overlays)
	}
}

// A flag given on the command line wins over the session; the restore
// message does not claim it.
func TestFlagsWinOverTheSessionView(t *testing.T) {
	f := session.File{Version: session.Version, YAxis: "tput-per-mw", AsOf: "2026-02-01"}
	m := start(Options{Session: f, Y: model.AxisCostPerMTok, AllDates: true}, 160, 45, testkit.Demo(), 5)
	st := m.State()
	if st.Y.Name != "cost-per-mtok" || st.AsOf != "" || !st.AllDates {
		t.Errorf("y %s, as of %q, all dates %v", st.Y.Name, st.AsOf, st.AllDates)
	}
	if want := "loaded 21 points from 5 files · 2 curves (] [ c)"; m.bar.Text != want {
		t.Errorf("status %q\nwant   %q", m.bar.Text, want)
	}
}

// TestTheViewIsSaved: ] , y and an overlay each save the session; a save
// before the first load keeps the session's curve instead of none.
func TestTheViewIsSaved(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.json")
	pts := testkit.SixCurves()
	m := start(Options{SessionPath: path}, 160, 45, pts, 5)
	do(m, "]", "y")
	f, err := session.Load(path)
	if err != nil || f.Curve == nil || *f.Curve != m.State().Curve || f.YAxis != m.State().Y.Name || f.YAxis == "tput-per-gpu" {
		t.Fatalf("saved curve %v, y %q (shown %s, %s), %v", f.Curve, f.YAxis, m.State().Curve, m.State().Y.Name, err)
	}
	if f.Overlays != nil {
		t.Errorf("the workbench's own overlays were saved as a choice: %v", *f.Overlays)
	}
	do(m, "o", "up")
	run(m, press(m, "tab"))
	do(m, "enter")
	if f, _ = session.Load(path); f.Overlays == nil || len(*f.Overlays) != len(m.State().Overlays) || len(m.State().Overlays) == 0 {
		t.Fatalf("overlays saved %v, shown %v", f.Overlays, m.State().Overlays)
	}

	early := New(Options{Theme: "none", Renderer: testkit.Renderer(), Session: f, SessionPath: path})
	run(early, early.saveCmd())
	if g, _ := session.Load(path); g.Curve == nil || *g.Curve != *f.Curve || g.Overlays == nil || len(*g.Overlays) != len(*f.Overlays) {
		t.Errorf("a save before the data lost the view: curve %v, overlays %v", g.Curve, g.Overlays)
	}
}

// A session that holds only the curve shown by default has nothing to say.
func TestDefaultViewIsNoNews(t *testing.T) {
	def := start(Options{}, 160, 45, testkit.Demo(), 5).State().Curve
	m := start(Options{Session: session.File{Version: session.Version, Curve: &def, YAxis: "tput-per-gpu"}}, 160, 45, testkit.Demo(), 5)
	if want := "loaded 21 points from 5 files · 2 curves (] [ c)"; m.bar.Text != want {
		t.Errorf("status %q\nwant   %q", m.bar.Text, want)
	}
}
