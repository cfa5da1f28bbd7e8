package session

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

func loaded(pts []model.Point) *workbench.State {
	st := workbench.New()
	st.SetPoints(pts)
	st.TakeChanges()
	return st
}

func TestViewRoundTrip(t *testing.T) {
	pts := fixtures.SixCurves()
	st := loaded(pts)
	curves := st.Curves
	if len(curves) != 6 {
		t.Fatalf("%d curves, want 6", len(curves))
	}
	shown, over := curves[2].Key, []model.CurveKey{curves[4].Key, curves[0].Key}
	st.SetCurve(shown)
	st.SetOverlays(over)
	st.SetY(model.AxisTputPerMW)
	st.SetAsOf("2026-02-01", true)

	path := filepath.Join(t.TempDir(), "s.json")
	if err := Save(path, FromState(st, "dark")); err != nil {
		t.Fatal(err)
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	got := workbench.New()
	if problems := f.Apply(got); len(problems) > 0 {
		t.Fatalf("problems %q", problems)
	}
	if got.Y.Name != "tput-per-mw" || got.AsOf != "2026-02-01" || !got.AllDates {
		t.Errorf("before the data: y %s, as of %q, all dates %v", got.Y.Name, got.AsOf, got.AllDates)
	}
	got.SetPoints(pts)
	back, missing := f.ApplyView(got)
	if got.Curve != shown || len(got.Overlays) != 2 || got.Overlays[0] != over[0] || got.Overlays[1] != over[1] || !got.OverlaysChosen() {
		t.Errorf("curve %s, overlays %v", got.Curve, got.Overlays)
	}
	want := []string{"curve " + shown.String(),
		"2 overlays (" + model.ShortName(shown, over[0]) + ", " + model.ShortName(shown, over[1]) + ")"}
	if strings.Join(back, " | ") != strings.Join(want, " | ") || len(missing) != 0 {
		t.Errorf("restored %q, missing %q\nwant %q", back, missing, want)
	}
}

// The workbench's own overlays (the competitors') are not a choice: they
// are not saved, so the next start chooses them again for its curve.
func TestDefaultOverlaysAreNotSaved(t *testing.T) {
	st := loaded(fixtures.SixCurves())
	if len(st.Overlays) != 1 || st.OverlaysChosen() {
		t.Fatalf("the demo's competitor is not overlaid by default: %v", st.Overlays)
	}
	if f := FromState(st, ""); f.Overlays != nil || f.Curve == nil || *f.Curve != st.Curve {
		t.Errorf("saved overlays %v, curve %v", f.Overlays, f.Curve)
	}
	// Cleared by the user: saved as none, restored as none and said.
	st.SetOverlays(nil)
	f := FromState(st, "")
	if f.Overlays == nil || len(*f.Overlays) != 0 {
		t.Fatalf("cleared overlays saved as %v", f.Overlays)
	}
	got := loaded(fixtures.SixCurves())
	back, missing := f.ApplyView(got)
	if len(got.Overlays) != 0 || strings.Join(back, "|") != "curve "+got.Curve.String()+"|no overlays" || len(missing) != 0 {
		t.Errorf("overlays %v, restored %q, missing %q", got.Overlays, back, missing)
	}
}

func TestViewNoLongerLoadedIsNamed(t *testing.T) {
	gone := model.CurveKey{Model: "Qwen/Qwen3.5-397B-A17B-FP8", Scenario: "8k1k", Hardware: "tpuv7", Framework: "vllm", Precision: "fp8", Spec: "none"}
	gone2 := gone
	gone2.Hardware = "b200"
	st := loaded(fixtures.SixCurves())
	kept := st.Curves[3].Key
	f := File{Curve: &gone, Overlays: &[]model.CurveKey{gone, kept, gone2}}
	def := st.Curve
	back, missing := f.ApplyView(st)
	if st.Curve != def {
		t.Errorf("the shown curve moved to %s", st.Curve)
	}
	if len(st.Overlays) != 1 || st.Overlays[0] != kept {
		t.Errorf("overlays %v, want only %s", st.Overlays, kept)
	}
	wantMissing := []string{
		"curve Qwen/Qwen3.5-397B-A17B-FP8 · 8k1k · tpuv7 · vllm · fp8 · none is no longer loaded (" + def.String() + " shown)",
		"2 overlays no longer loaded: Qwen/Qwen3.5-397B-A17B-FP8 · 8k1k · tpuv7 · vllm · fp8 · none, Qwen/Qwen3.5-397B-A17B-FP8 · 8k1k · b200 · vllm · fp8 · none",
	}
	if strings.Join(missing, "\n") != strings.Join(wantMissing, "\n") {
		t.Errorf("missing:\n%s\nwant:\n%s", strings.Join(missing, "\n"), strings.Join(wantMissing, "\n"))
	}
	if want := "1 overlay (" + model.ShortName(def, kept) + ")"; strings.Join(back, "|") != want {
		t.Errorf("restored %q, want %q", back, want)
	}
}

func TestBadYAndDateAreNamed(t *testing.T) {
	long := strings.Repeat("x", 300)
	f, err := Parse([]byte(`{"version": 1, "y_axis": "tokens-per-banana", "as_of": "2026-13-45", "all_dates": true, "curve": {"model": "` + long + `"}}`))
	if err != nil {
		t.Fatal(err)
	}
	st := workbench.New()
	problems := f.Apply(st)
	want := `y metric "tokens-per-banana" unknown: tput-per-gpu shown; as-of date "2026-13-45" is not YYYY-MM-DD: the latest runs shown`
	if got := strings.Join(problems, "; "); got != want {
		t.Errorf("problems %q\nwant     %q", got, want)
	}
	if st.Y.Name != "tput-per-gpu" || st.AsOf != "" || !st.AllDates {
		t.Errorf("y %s, as of %q, all dates %v", st.Y.Name, st.AsOf, st.AllDates)
	}
	st.SetPoints(fixtures.SixCurves())
	if _, missing := f.ApplyView(st); strings.Join(missing, "|") != "the curve's name is too long to be one" {
		t.Errorf("missing %q", missing)
	}
}
