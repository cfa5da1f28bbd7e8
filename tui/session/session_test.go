package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/state"
)

func TestRoundTrip(t *testing.T) {
	st := state.New()
	st.ToggleMark("8p1d-dep2-dep16-c4096")
	p := model.Point{ID: "7p1d-dep2-dep16-b96-c5540@planned", Label: "7P BS96 c5540"}
	p.Knobs = model.Knobs{Mode: model.ModeDisagg, Prefill: model.Role{Workers: 7, GPUs: 2, TP: 2, EP: 2, DPAttn: true},
		Decode: model.Role{Workers: 1, GPUs: 16, TP: 16, EP: 16, DPAttn: true}, DecodeBS: 96, Concurrency: 5540}
	p.Metrics.Set(model.TputPerGPU, 1018373.5)
	p.Metrics.Set(model.MeanIntvty, 148.5)
	st.AddPlanned(p)
	st.SetX(model.AxisP90Intvty)
	st.ToggleLogX()

	path := filepath.Join(t.TempDir(), "sub", "s.json")
	if err := Save(path, FromState(st, "light")); err != nil {
		t.Fatal(err)
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	got := state.New()
	f.Apply(got)
	if !got.Marks["8p1d-dep2-dep16-c4096"] || len(got.Marks) != 1 {
		t.Errorf("marks %v", got.Marks)
	}
	if got.X.Name != "p90-intvty" || !got.LogX || f.Theme != "light" {
		t.Errorf("axis %s log %v theme %q", got.X.Name, got.LogX, f.Theme)
	}
	if len(got.Planned) != 1 {
		t.Fatalf("planned %d", len(got.Planned))
	}
	q := got.Planned[0]
	if v, _ := q.Metrics.Get(model.TputPerGPU); v != 1018373.5 || q.Knobs.DecodeBS != 96 || q.Source != model.SourcePlanned || q.ID != p.ID {
		t.Errorf("planned point came back as %+v (tput %v)", q.Knobs, v)
	}
	if Signature(st) != Signature(got) {
		t.Error("the restored session has another signature")
	}
}

func TestMissingFileIsAnEmptySession(t *testing.T) {
	f, err := Load(filepath.Join(t.TempDir(), "none.json"))
	if err != nil || len(f.Marks) != 0 || f.Version != Version {
		t.Fatalf("Load of a missing file = %+v, %v", f, err)
	}
}

func TestCorruptFileIsAnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(path, []byte("{marks: ["), 0o644)
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("err = %v, want one naming the file", err)
	}
}

func TestDefaultPathDependsOnInputs(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", "/state")
	demo, a, b := DefaultPath(nil), DefaultPath([]string{"/r/a"}), DefaultPath([]string{"/r/b"})
	if demo != "/state/sweeptune/session-demo.json" {
		t.Errorf("demo session at %s", demo)
	}
	if a == b || !strings.HasPrefix(a, "/state/sweeptune/session-") {
		t.Errorf("inputs share a session or live elsewhere: %s %s", a, b)
	}
}
