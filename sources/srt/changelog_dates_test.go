package srt

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

const changelogOne = `- config-keys:
    - dsr1-fp4-mi355x-sglang
  description:
    - "First MI355X sweep"
  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/1
`

const changelogTwo = `
- config-keys:
    - dsr1-fp4-b200-trt-mtp
  description:
    - "B200 TRT MTP"
  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/2

- config-keys:
    - "*"
  description:
    - "Every config"
  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/3
`

// Entries are dated by the commit that appended them.
func TestDateChangelogByGitBlame(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "perf-changelog.yaml")
	git := func(date string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date,
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t", "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("2025-10-01T12:00:00Z", "init", "-q")
	os.WriteFile(path, []byte(changelogOne), 0o644)
	git("2025-10-01T12:00:00Z", "add", ".")
	git("2025-10-01T12:00:00Z", "commit", "-q", "-m", "one")
	os.WriteFile(path, []byte(changelogOne+changelogTwo), 0o644)
	git("2026-01-15T08:30:00Z", "commit", "-q", "-am", "two")
	// A later reformat rewrites the first entry's lines (git blame would
	// give them this date); the entry still dates from when it was added.
	reformatted := strings.Replace(changelogOne, "pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/1",
		`pr-link: "https://github.com/SemiAnalysisAI/InferenceX/pull/1"`, 1)
	reformatted = strings.Replace(reformatted, "- config-keys:\n    - dsr1", "- config-keys:\n      - dsr1", 1)
	os.WriteFile(path, []byte(reformatted+changelogTwo), 0o644)
	git("2026-03-01T08:30:00Z", "commit", "-q", "-am", "reformat")

	data, _ := os.ReadFile(path)
	entries, warns := ParseChangelog(path, data)
	if len(warns) > 0 || len(entries) != 3 {
		t.Fatalf("%d entries, warnings %v", len(entries), warns)
	}
	dated := DateChangelog(path, entries)
	var days []string
	for _, e := range dated {
		days = append(days, e.Date)
	}
	if want := []string{"2025-10-01", "2026-01-15", "2026-01-15"}; !reflect.DeepEqual(days, want) {
		t.Fatalf("dates %v, want %v", days, want)
	}
	between, undated := EntriesBetween(dated, "2025-12-01", "2026-02-27")
	if len(between) != 2 || undated != 0 || between[0].PRLink != "https://github.com/SemiAnalysisAI/InferenceX/pull/2" {
		t.Errorf("between: %+v, undated %d", between, undated)
	}
	mi := model.CurveKey{Model: "dsr1", Scenario: "1k1k", Hardware: "mi355x", Framework: "sglang", Precision: "fp4"}
	b200 := model.CurveKey{Model: "dsr1", Scenario: "1k1k", Hardware: "b200", Framework: "trt", Precision: "fp4", Spec: "mtp"}
	if !dated[0].Mentions(mi) || dated[0].Mentions(b200) || !dated[1].Mentions(b200) || dated[1].Mentions(mi) || !dated[2].Mentions(mi) {
		t.Error("Mentions matched the wrong curves")
	}
	for _, c := range []struct {
		keys []string
		k    model.CurveKey
		want bool
	}{
		{[]string{"qwen3.5-fp4-mi355x-sglang"}, mi, false},     // another model
		{[]string{"dsr1-fp4-mi355x-sglang-disagg"}, mi, true},  // agg and disagg: one curve
		{[]string{"dsr1-fp4-mi355x-sglang-mtp"}, mi, false},    // MTP is another curve
		{[]string{"dsr1*"}, mi, true},                          // a glob
		{[]string{"*mi355x-dynamo-sglang"}, mi, false},         // another framework
		{[]string{"dsr1-fp4-mi355x-dynamo-sglang"}, mi, false}, // likewise
		{[]string{"dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache"}, // a full model name: no model check
			model.CurveKey{Model: "deepseek-ai/DeepSeek-V4.1-Flash", Hardware: "gb300", Framework: "dynamo-sglang", Precision: "fp4"}, true},
	} {
		if got := (ChangelogEntry{ConfigKeys: c.keys}).Mentions(c.k); got != c.want {
			t.Errorf("%v on %s: %v, want %v", c.keys, c.k, got, c.want)
		}
	}

	// Outside a checkout nothing is dated, and nothing fails.
	plain := filepath.Join(t.TempDir(), "perf-changelog.yaml")
	os.WriteFile(plain, data, 0o644)
	for _, e := range DateChangelog(plain, entries) {
		if e.Date != "" {
			t.Errorf("dated outside git: %+v", e)
		}
	}
}

func FuzzParseLogLinks(f *testing.F) {
	f.Add([]byte("commit 1760000000\n+  pr-link: https://x/pull/1\n"))
	f.Add([]byte("commit x\n+pr-link:\n+++ b/perf-changelog.yaml\ncommit 99999999999999999999\n+ pr-link: 'a' # c\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for link, day := range parseLogLinks(data) {
			if link == "" || len(day) < 10 {
				t.Fatalf("%q → %q", link, day)
			}
		}
	})
}

// A 20 MB added line in the history stopped the reading there (a scanner's
// 16 MB bound): every later entry was undated, for a wrong reason. Lines
// of any length are read now.
func TestParseLogLinksReadsPastAHugeLine(t *testing.T) {
	huge := "+  description: " + strings.Repeat("x", 20<<20) + "\n"
	log := "commit 1761955200\n+  pr-link: https://github.com/o/r/pull/1\n" + huge +
		"commit 1762041600\n+  pr-link: https://github.com/o/r/pull/2\n"
	days := parseLogLinks([]byte(log))
	if days["pull/1"] != "2025-11-01" || days["pull/2"] != "2025-11-02" {
		t.Errorf("days %v", days)
	}
}
