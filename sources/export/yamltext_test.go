package export_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// hostileText is a results file's framework as the repro wrote it: a line
// break that starts another override with another container, and the
// other characters that end a line or reorder text for a reader.
const hostileText = "dynamo-sglang\noverride_evil:\n  model:\n    container: evil:latest\r\u2028\u2029\u202e\u200b\u2066x"

// A run's comment and the queue's title carried a results file's framework
// raw: its line break wrote an extra override (another container) into the
// select --queue file, and the read-back accepted it. Now every comment
// line stays one line, the file's top-level keys are exactly the bundle's
// and the entries', and python3-yaml reads the same keys.
func TestQueueCommentsCannotAddKeys(t *testing.T) {
	dir := copyFixtures(t)
	pts := queuePoints(t)
	p := pts["5p1d-dep2-dep16-b40-c2884"]
	p.Curve.Framework = hostileText
	runs := []export.QueuedRun{{Point: p, DurationS: 3600, Comment: []string{"framework " + hostileText}}}
	queue := filepath.Join(dir, "queue.yaml")
	q, err := export.BuildQueue(export.QueueRequest{RecipePath: filepath.Join(dir, bundleName), QueuePath: queue, Runs: runs,
		Title: []string{export.QueueTitle + " select for " + p.Curve.String()}})
	if err != nil {
		t.Fatalf("%v\n%s", err, q.Text)
	}
	if strings.Contains(q.Text, "override_evil") && !strings.Contains(q.Text, `\noverride_evil:\n`) {
		t.Fatalf("the framework's line break reached the file:\n%s", q.Text)
	}
	for _, r := range []string{"\r", "\u2028", "\u2029", "\u202e", "\u200b", "\u2066"} {
		if strings.Contains(q.Text, r) {
			t.Errorf("%q written raw", r)
		}
	}
	if err := q.Write(); err != nil {
		t.Fatal(err)
	}
	keys := yamlKeys(t, queue)
	if keys != nil && slices.Contains(keys, "override_evil") {
		t.Errorf("python3-yaml reads keys %v", keys)
	}
	got := readQueue(t, queue)
	if _, ok := got["override_evil"]; ok || len(got) != 1 {
		t.Errorf("the queue reads back %d variants: %v", len(got), got)
	}
}

// yamlKeys are a YAML file's top-level keys as python3-yaml reads them;
// nil (and the test goes on) when python3-yaml is not installed.
func yamlKeys(t *testing.T, path string) []string {
	t.Helper()
	out, err := exec.Command("python3", "-c", "import sys, json, yaml; print(json.dumps(list(yaml.safe_load(open(sys.argv[1])).keys())))", path).Output()
	if err != nil {
		t.Logf("python3-yaml: %v (not checked)", err)
		return nil
	}
	var keys []string
	if err := json.Unmarshal(out, &keys); err != nil {
		t.Fatal(err)
	}
	return keys
}

// The changelog's quoted description wrote bidi and zero-width characters
// raw (text that reads reordered in review); they are escapes now, and the
// entry still reads back as written.
func TestChangelogDescriptionEscapesBidiAndZeroWidth(t *testing.T) {
	path := filepath.Join(t.TempDir(), "perf-changelog.yaml")
	old := []byte("- config-keys:\n    - a-key\n  description:\n    - \"old\"\n  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/1\n")
	e := srt.ChangelogEntry{ConfigKeys: []string{"dsr1-fp4-gb300-dynamo-sglang"},
		Description: []string{"Retune \u202eevil\u202c points\u200b now\u2028x\u2066y"}, PRLink: srt.PlaceholderPRLink}
	out, err := srt.AppendChangelog(path, old, e)
	if err != nil {
		t.Fatal(err)
	}
	added := string(out[len(old):])
	for _, want := range []string{`\u202e`, `\u202c`, `\u200b`, `\u2028`, `\u2066`} {
		if !strings.Contains(added, want) {
			t.Errorf("%s not escaped in\n%s", want, added)
		}
	}
	if hasRaw := strings.ContainsAny(added, "\u202e\u202c\u200b\u2028\u2066"); hasRaw {
		t.Errorf("raw bidi or zero-width character written:\n%q", added)
	}
	os.WriteFile(path, out, 0o644)
	if keys := yamlListLen(t, path); keys >= 0 && keys != 2 {
		t.Errorf("python3-yaml reads %d entries, want 2", keys)
	}
}

// yamlListLen is the length of a YAML file's top-level list per
// python3-yaml, -1 when it is not installed.
func yamlListLen(t *testing.T, path string) int {
	t.Helper()
	out, err := exec.Command("python3", "-c", "import sys, yaml; print(len(yaml.safe_load(open(sys.argv[1]))))", path).Output()
	if err != nil {
		return -1
	}
	var n int
	json.Unmarshal([]byte(strings.TrimSpace(string(out))), &n)
	return n
}
