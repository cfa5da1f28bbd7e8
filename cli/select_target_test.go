package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// targetArgs are the README's export target, copied into dir.
func targetArgs(t *testing.T, dir string) []string {
	t.Helper()
	for _, n := range []string{"agg-variants.yaml", "disagg-dep16-hicache-variants.yaml", "nvidia-master.excerpt.yaml", "perf-changelog.excerpt.yaml"} {
		if err := os.WriteFile(filepath.Join(dir, n), readTestdata(t, "export/"+n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return []string{"--recipe", filepath.Join(dir, "agg-variants.yaml"), "--recipe", filepath.Join(dir, "disagg-dep16-hicache-variants.yaml"),
		"--master", filepath.Join(dir, "nvidia-master.excerpt.yaml"),
		"--config-key", "dsv41flash-fp4-gb300-dynamo-sglang-agentic-agg,dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache"}
}

// prSelectArgs is the selection docs/select.md states reproduces the pull
// request's choice on the demo: the default bands.
var prSelectArgs = []string{"select", "--as-of", "2026-11-05"}

// TestSelectKnowsTheTarget: with the export target, the demo as of
// 2026-11-05 gives the pull request's choice — c700 replaces agg TP2/EP2
// c16, 7P BS96 replaces 8P c4096, 9P BS192 replaces 9P BS160, 5P c2884 and
// 3P c1228 kept — and each removal carries rule 18(g)'s line value, the
// review's.
func TestSelectKnowsTheTarget(t *testing.T) {
	dir := t.TempDir()
	out := runOK(t, append(append(append([]string{}, prSelectArgs...), targetArgs(t, dir)...), "--json")...)
	var doc struct {
		Selection struct {
			Bands []struct {
				Chosen, Choice, Target, Replaces string
				Merged                           bool
				Dropped                          []model.DroppedPoint
			}
			Merges      int
			Add, Remove []string
			Review      struct {
				Removed []struct {
					ID        string  `json:"id"`
					LineValue float64 `json:"line_value"`
					Covered   bool    `json:"covered"`
				} `json:"removed"`
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, b := range doc.Selection.Bands {
		got[b.Chosen] = b.Choice + " " + b.Target + " " + b.Replaces
		// At the default five bands 8P c4096 (placed at its mean 191.4) had a
		// band of its own, 10.0 % under the line of 7P and 5P: merged into 7P's.
		if merged := b.Chosen == "7p1d-dep2-dep16-b96-c5540"; b.Merged != merged ||
			(merged && (len(b.Dropped) != 1 || b.Dropped[0].ID != "8p1d-dep2-dep16-c4096" || fmt.Sprintf("%.1f", b.Dropped[0].UnderPct) != "10.0")) {
			t.Errorf("%s: merged %v, dropped %+v", b.Chosen, b.Merged, b.Dropped)
		}
	}
	if doc.Selection.Merges != 1 {
		t.Errorf("merges %d, want 1", doc.Selection.Merges)
	}
	want := map[string]string{
		"3p1d-dep2-dep16-b18-c700":        "replaces new agg-tep2-c16",
		"7p1d-dep2-dep16-b96-c5540":       "replaces new 8p1d-dep2-dep16-c4096",
		"9p1d-dep2-dep16-b192-c7480":      "replaces new 9p1d-dep2-dep16-b160-c7480",
		"5p1d-dep2-dep16-b40-c2884":       "kept kept ",
		"3p1d-dep2-dep16-b24-c1228@local": "kept kept ",
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: %q, want %q (bands %v)", id, got[id], w, got)
		}
	}
	if len(doc.Selection.Add) != 3 || len(doc.Selection.Remove) != 3 {
		t.Errorf("add %v, remove %v", doc.Selection.Add, doc.Selection.Remove)
	}
	line := map[string]string{"agg-tep2-c16": "243,084.79", "8p1d-dep2-dep16-c4096": "853,132.41", "9p1d-dep2-dep16-b160-c7480": "1,100,893.85"}
	if len(doc.Selection.Review.Removed) != 3 {
		t.Fatalf("removals: %+v", doc.Selection.Review.Removed)
	}
	for _, v := range doc.Selection.Review.Removed {
		if s := model.Thousands(v.LineValue, 2); !v.Covered || s != line[v.ID] {
			t.Errorf("%s: covered %v at %s, want %s", v.ID, v.Covered, s, line[v.ID])
		}
	}
	// Without the target, 5P c2884 (run locally, never published) is new.
	if err := json.Unmarshal([]byte(runOK(t, append(append([]string{}, prSelectArgs...), "--json")...)), &doc); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(doc.Selection.Add, "5p1d-dep2-dep16-b40-c2884") {
		t.Errorf("without the target 5P c2884 should be added: %v", doc.Selection.Add)
	}
}

// TestSelectPipedIntoExport: select --json piped into export --from-select -
// writes the change set the README's --add/--remove export writes, byte
// for byte, and the PR body says "replaces" where the pull request does.
func TestSelectPipedIntoExport(t *testing.T) {
	dir := t.TempDir()
	target := targetArgs(t, dir)
	rest := []string{"--changelog", filepath.Join(dir, "perf-changelog.excerpt.yaml"),
		"--image", "lmsysorg/sglang:nightly-dev-cu13-20261030-302b78cc", "--router-version", "1.7.0.dev20261029"}
	sel := runOK(t, append(append(append([]string{}, prSelectArgs...), target...), "--json")...)
	byHand := runOK(t, append(append([]string{"export", "--as-of", "2026-11-05",
		"--add", "3p1d-dep2-dep16-b18-c700,7p1d-dep2-dep16-b96-c5540,9p1d-dep2-dep16-b192-c7480",
		"--remove", "agg-tep2-c16,8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480"}, target...), rest...)...)
	var out, errOut bytes.Buffer
	args := append(append([]string{"export", "--as-of", "2026-11-05", "--from-select", "-"}, target...), rest...)
	if code := run(args, strings.NewReader(sel), &out, &errOut); code != exitOK {
		t.Fatalf("export --from-select -: exit %d: %s", code, errOut.String())
	}
	if out.String() != byHand {
		t.Errorf("the piped change set differs from the README's:\n%s\n---\n%s", out.String(), byHand)
	}
	out.Reset()
	errOut.Reset()
	if code := run(append(args, "--pr-body", "-"), strings.NewReader(sel), &out, &errOut); code != exitOK {
		t.Fatalf("--pr-body -: exit %d: %s", code, errOut.String())
	}
	wantAll(t, out.String(), "| 700 | 18 | 288 | total_tokens | new, right of agg TP2/EP2 c16 on p90 interactivity |",
		"there it lies 9.98 % under the line of its neighbouring choices on p90 interactivity",
		"| 5540 | 96 | 1536 | total_tokens | new, replaces 8P c4096 |", "| 7480 | 192 | 3072 | total_requests | new, replaces 9P c7480 BS160 |",
		"| 2884 | 40 | 640 | total_tokens | kept |", "| 1228 | 24 | 384 | total_tokens | kept |")
}

// TestNothingToQueueIsAnAnswer: when no band is weak or the planner
// proposes nothing, select --queue --json still prints its document and
// exits by its verdicts, writing no queue.
func TestNothingToQueueIsAnAnswer(t *testing.T) {
	dir := t.TempDir()
	target := targetArgs(t, dir)
	queue := filepath.Join(dir, "queue.yaml")
	// One band holding every candidate: its choice is a 3600 s run, none is weak.
	args := append(append([]string{"select", "--as-of", "2026-11-05", "--edges", "90,100", "--max-gpus", "64", "--queue", queue}, target...), "--json")
	out, stderr, code := runCmd(t, args...)
	if code != exitOK {
		t.Fatalf("exit %d, want 0: %s", code, stderr)
	}
	if !strings.Contains(out, `"schema_version": 1`) && !strings.Contains(out, `"schema_version":1`) {
		t.Errorf("no document: %q", out)
	}
	if !strings.Contains(stderr, "nothing to queue") {
		t.Errorf("stderr does not say nothing was queued: %q", stderr)
	}
	if _, err := os.Stat(queue); !os.IsNotExist(err) {
		t.Errorf("a queue was written: %v", err)
	}
}
