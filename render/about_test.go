package render

import "testing"

func TestBuildTextSaysUnknown(t *testing.T) {
	got := BuildText("sweeptune", Build{Version: "(devel)", Revision: "unknown", Time: "unknown", Go: "go1.26.8"}).Plain()
	want := "sweeptune (devel)\nrevision  unknown\ntime      unknown\nmodified  unknown\ngo        go1.26.8\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	yes := true
	got = BuildText("sweeptune", Build{Version: "v1.2.0", Revision: "e5095c5", Time: "2026-12-01T21:28:00Z", Modified: &yes, Go: "go1.26.8"}).Plain()
	if want := "sweeptune v1.2.0\nrevision  e5095c5\ntime      2026-12-01T21:28:00Z\nmodified  true\ngo        go1.26.8\n"; got != want {
		t.Errorf("got\n%s", got)
	}
}

func TestPlacesText(t *testing.T) {
	got := PlacesText([]Place{
		{Name: "config", Path: "/home/u/.config/sweeptune/gpus.yaml", About: "GPU power and cost"},
		{Name: "state", Path: "/home/u/.local/state/sweeptune", Exists: true, About: "sessions"},
		{Name: "cache", About: "published results"},
	}).Plain()
	want := "" +
		"what    path                                 exists  holds\n" +
		"──────  ───────────────────────────────────  ──────  ──────────────────\n" +
		"config  /home/u/.config/sweeptune/gpus.yaml  no      GPU power and cost\n" +
		"state   /home/u/.local/state/sweeptune       yes     sessions\n" +
		"cache   (none on this platform)              no      published results\n"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
