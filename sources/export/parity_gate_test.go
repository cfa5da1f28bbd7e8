package export_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/parity"
)

// The demo retune passes the parity checks: its new cap-bound points are
// warnings (a cap below the concurrency queues the rest on purpose), the
// kept ones' caps are named as already in the files, nothing is refused.
func TestExportParityWarnsOnDemoCaps(t *testing.T) {
	_, req := retuneCopy(t)
	plan := mustPlan(t, req)
	var fresh, already int
	for _, n := range plan.Notes {
		switch {
		case strings.HasPrefix(n, "warning: already in the files: disagg-dep16-hicache-variants.yaml: decode cap") && strings.Contains(n, "override_5p1d_dep2_dep16_b40_c2884 640 < 2884"):
			already++
		case strings.HasPrefix(n, "warning: disagg-dep16-hicache-variants.yaml: decode cap × ranks (and max-running-requests) below the largest concurrency per decode worker: ") &&
			strings.Contains(n, "override_7p1d_dep2_dep16_b96_c5540 1536 < 5540"):
			fresh++
		}
	}
	if already != 1 || fresh != 1 {
		t.Errorf("kept c2884 cap named already %d, new c5540 cap warned %d; want 1 and 1:\n%s", already, fresh, strings.Join(plan.Notes, "\n"))
	}
	kinds := map[string]int{}
	for _, f := range plan.Parity {
		kinds[f.Kind]++
	}
	if kinds[parity.KindCapBelowConc] == 0 || kinds[parity.KindConcMismatch] != 0 || kinds[parity.KindChangelogEnd] != 0 {
		t.Errorf("parity kinds %v", kinds)
	}
}

// A change set whose master row would run concurrencies its recipe does
// not is refused before a byte is written, naming file, key and numbers.
func TestExportParityRefusesAConcListTheRecipeDoesNotRun(t *testing.T) {
	dir, req := retuneCopy(t)
	master := filepath.Join(dir, "nvidia-master.excerpt.yaml")
	b, err := os.ReadFile(master)
	if err != nil {
		t.Fatal(err)
	}
	// the c2884 row, kept by the retune, now lists a second concurrency
	planted := strings.Replace(string(b), "conc-list: [2884]", "conc-list: [2884, 3000]", 1)
	if planted == string(b) {
		t.Fatal("fixture lacks the c2884 row")
	}
	if err := os.WriteFile(master, []byte(planted), 0o644); err != nil {
		t.Fatal(err)
	}
	plan := mustPlan(t, req) // already in the files: a warning, not a refusal
	found := false
	for _, f := range plan.Parity {
		if f.Kind == parity.KindConcMismatch && f.Got == "[2884, 3000]" && f.Want == "[2884]" && strings.Contains(f.Text, "disagg-dep16-hicache-variants.yaml override_5p1d_dep2_dep16_b40_c2884.benchmark.env.CONC runs [2884]") {
			found = true
		}
	}
	noted := false
	for _, n := range plan.Notes {
		noted = noted || strings.HasPrefix(n, "warning: already in the files: ") && strings.Contains(n, "conc-list [2884, 3000] but disagg-dep16-hicache-variants.yaml")
	}
	if !found || !noted {
		t.Errorf("the planted row is not named (found %v, noted %v):\n%s", found, noted, strings.Join(plan.Notes, "\n"))
	}
}

// The changelog check refuses an entry not at the physical end.
func TestParityChangelogAppendNamesTheByte(t *testing.T) {
	old := []byte("- config-keys:\n  - a\n")
	fs := parity.CheckChangelogAppend("perf-changelog.yaml", old, append([]byte("- config-keys:\n  - b\n\n"), old...))
	if len(fs) != 1 || !strings.Contains(fs[0].String(), "perf-changelog.yaml: (history): byte 19 of the 21 already there changes") {
		t.Errorf("%v", fs)
	}
}
