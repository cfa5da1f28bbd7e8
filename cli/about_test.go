package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	out := runOK(t, "--version")
	if !strings.HasPrefix(out, "sweeptune ") || !strings.Contains(out, "\nrevision  ") || out != runOK(t, "version") {
		t.Errorf("--version and version differ or lack the revision:\n%s", out)
	}
	// The build stamp, read: VCS settings when built from a checkout,
	// "unknown" (and modified null) without them (-buildvcs=false).
	b := buildOf(&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "e5095c597c8ffd6ab9938f1f92ff878d7877fcd0"}, {Key: "vcs.time", Value: "2026-12-01T21:28:00Z"}, {Key: "vcs.modified", Value: "true"}}})
	if b.Version != "v1.2.0" || b.Revision != "e5095c597c8ffd6ab9938f1f92ff878d7877fcd0" || b.Time != "2026-12-01T21:28:00Z" || b.Modified == nil || !*b.Modified {
		t.Errorf("stamped build %+v", b)
	}
	b = buildOf(&debug.BuildInfo{GoVersion: "go1.26.8"})
	if b.Version != "(devel)" || b.Revision != "unknown" || b.Time != "unknown" || b.Modified != nil {
		t.Errorf("unstamped build %+v", b)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(runOK(t, "version", "--json")), &doc); err != nil || doc["revision"] == nil || doc["go"] == nil {
		t.Errorf("version --json: %v %v", err, doc)
	}
}

func TestCompletionScripts(t *testing.T) {
	for shell, want := range map[string]string{
		"bash": "# bash completion V2 for sweeptune",
		"zsh":  "#compdef sweeptune",
		"fish": "complete -c sweeptune",
	} {
		if out := runOK(t, "completion", shell); !strings.Contains(out, want) {
			t.Errorf("completion %s lacks %q", shell, want)
		}
	}
	// The closed flags complete their values.
	out := runOK(t, "__complete", "report", "--x", "")
	wantAll(t, out, "mean-intvty\n", "p90-intvty\n", "p90-e2el\n")
	out = runOK(t, "__complete", "tui", "--theme", "")
	wantAll(t, out, "high-contrast\n")
}

func TestManPage(t *testing.T) {
	out := runOK(t, "man")
	if !strings.HasPrefix(out, ".nh\n.TH \"SWEEPTUNE\" \"1\"") || !strings.Contains(out, ".SH EXAMPLE") || !strings.Contains(out, "sweeptune-report(1)") {
		t.Errorf("man:\n%.400s", out)
	}
	dir := t.TempDir()
	runOK(t, "man", "--dir", dir)
	page, err := os.ReadFile(filepath.Join(dir, "sweeptune-review.1"))
	if err != nil || !strings.Contains(string(page), "Removing an ID removes its configuration") {
		t.Errorf("review page: %v", err)
	}
}

// paths names the files the code uses, computed by the code that uses them.
func TestPaths(t *testing.T) {
	root := t.TempDir()
	gpus := userGPUs(t, filepath.Join(root, "cfg"), "gb300: {power-kw: 2.1}\n")
	t.Setenv("XDG_STATE_HOME", filepath.Join(root, "state"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(root, "cache"))
	var doc struct {
		Places []struct {
			Name, Path string
			Exists     bool
		}
	}
	if err := json.Unmarshal([]byte(runOK(t, "paths", "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"config " + gpus + " true",
		"state " + filepath.Join(root, "state", "sweeptune") + " false",
		"session " + filepath.Join(root, "state", "sweeptune", "session-demo.json") + " false",
		"ledger " + filepath.Join(root, "state", "sweeptune", "ledger.jsonl") + " false",
		"published-cache " + filepath.Join(root, "cache", "sweeptune", "published") + " false",
	}
	var got []string
	for _, p := range doc.Places {
		got = append(got, p.Name+" "+p.Path+" "+map[bool]string{true: "true", false: "false"}[p.Exists])
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	out := runOK(t, "paths", "../testdata/apirows/multi-curve.json")
	wantAll(t, out, "what", filepath.Join(root, "state", "sweeptune", "session-"), "gpus.yaml")
	if strings.Contains(out, "session-demo.json") {
		t.Errorf("paths PATH shows the demo's session:\n%s", out)
	}
}
