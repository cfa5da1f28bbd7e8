package session

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

func TestRoundTrip(t *testing.T) {
	st := workbench.New()
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
	got := workbench.New()
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

// A corrupt session used to be ignored and then overwritten by the next
// save; now it is moved aside (an older one is never replaced) and named.
func TestCorruptFileIsKeptAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.json")
	for i, bad := range []string{"{marks: [", `{"version": 7, "marks": ["a"]}`} {
		os.WriteFile(path, []byte(bad), 0o644)
		_, err := Load(path)
		var ce *CorruptError
		if !errors.As(err, &ce) {
			t.Fatalf("%q: err = %v, want a CorruptError", bad, err)
		}
		want := path + ".corrupt"
		if i == 1 {
			want += "-2"
		}
		if ce.KeptAs != want || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "kept as "+want) {
			t.Errorf("%q: kept as %q, message %q", bad, ce.KeptAs, err)
		}
		if got, _ := os.ReadFile(want); string(got) != bad {
			t.Errorf("%s holds %q, want the bad session %q", want, got, bad)
		}
		if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the bad session is still at %s", path)
		}
		if err := Save(path, File{Marks: []string{"x"}}); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := os.ReadFile(path + ".corrupt"); string(got) != "{marks: [" {
		t.Errorf("the first bad session was replaced: %q", got)
	}
}

// A session path that is a directory leaked a temporary file per save.
func TestSessionPathThatIsADirectory(t *testing.T) {
	parent := t.TempDir()
	path := filepath.Join(parent, "session.json")
	os.Mkdir(path, 0o755)
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), "a directory") {
		t.Errorf("Load = %v", err)
	}
	for range 3 {
		if err := Save(path, File{}); err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "a directory") {
			t.Errorf("Save = %v", err)
		}
	}
	entries, _ := os.ReadDir(parent)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("left behind: %v", names)
	}
}

// Restored planned points were trusted: negative workers, a billion GPUs,
// concurrency 0 went straight into the plan.
func TestRestoredValuesAreValidated(t *testing.T) {
	good := `{"id": "7p1d-dep2-dep16-b96-c5540@planned", "knobs": {"Mode": "disagg", "Prefill": {"Workers": 7, "GPUs": 2, "TP": 2, "EP": 2, "DPAttn": true}, "Decode": {"Workers": 1, "GPUs": 16, "TP": 16, "EP": 16, "DPAttn": true}, "DecodeBS": 96, "Concurrency": 5540}, "metrics": {"tput-per-gpu": 1018373.5}}`
	bad := map[string]string{
		"prefill workers -3":           `"Prefill": {"Workers": -3,`,
		"decode GPUs per worker 65536": `"Decode": {"Workers": 1, "GPUs": 65536,`,
		"concurrency 0":                `"Concurrency": 0`,
		`mode "hybrid"`:                `"Mode": "hybrid"`,
		"decode BS -96":                `"DecodeBS": -96`,
		"metric tput-per-gpu = -5":     `"tput-per-gpu": -5`,
		"id of 0 bytes":                `"id": ""`,
	}
	from := map[string]string{
		"prefill workers -3": `"Prefill": {"Workers": 7,`, "decode GPUs per worker 65536": `"Decode": {"Workers": 1, "GPUs": 16,`,
		"concurrency 0": `"Concurrency": 5540`, `mode "hybrid"`: `"Mode": "disagg"`, "decode BS -96": `"DecodeBS": 96`,
		"metric tput-per-gpu = -5": `"tput-per-gpu": 1018373.5`, "id of 0 bytes": `"id": "7p1d-dep2-dep16-b96-c5540@planned"`,
	}
	var planned []string
	for why, repl := range bad {
		planned = append(planned, strings.Replace(good, from[why], repl, 1))
	}
	planned = append(planned, good, good) // a duplicate is restored once
	path := filepath.Join(t.TempDir(), "s.json")
	os.WriteFile(path, []byte(`{"version": 1, "marks": ["a", ""], "planned": [`+strings.Join(planned, ",")+`], "x_axis": "p90-intvty"}`), 0o644)
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	st := workbench.New()
	problems := f.Apply(st)
	if len(st.Planned) != 1 || st.Planned[0].Knobs.Prefill.Workers != 7 || len(st.Marks) != 1 || !st.Marks["a"] {
		t.Fatalf("restored %d planned, marks %v", len(st.Planned), st.Marks)
	}
	if len(problems) != len(bad) {
		t.Fatalf("problems %q", problems)
	}
	all := strings.Join(problems, "\n")
	for why := range bad {
		if !strings.Contains(all, why) {
			t.Errorf("no problem says %q in\n%s", why, all)
		}
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

// TestKeepFlipsRoundTrip: the review's kept-curve toggles (K) come back
// with the session, and count in what the export last wrote.
func TestKeepFlipsRoundTrip(t *testing.T) {
	st := workbench.New()
	before := Signature(st)
	st.ToggleKept("5p1d-dep2-dep16-b40-c2884")
	if Signature(st) == before {
		t.Error("a kept-curve toggle does not change the export's signature")
	}
	f := FromState(st, "")
	if len(f.KeepFlips) != 1 || f.KeepFlips[0] != "5p1d-dep2-dep16-b40-c2884" {
		t.Fatalf("saved %v", f.KeepFlips)
	}
	back := workbench.New()
	if problems := f.Apply(back); len(problems) != 0 || !back.KeepFlips["5p1d-dep2-dep16-b40-c2884"] {
		t.Errorf("restored %v, problems %v", back.KeepFlips, problems)
	}
}
