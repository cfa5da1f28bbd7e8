package export_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	fx "github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// queuePoints are the margin fixture's 3P c700/c800/c900 (one configuration
// at three concurrencies) and its 5P c2884 point, as the runs to queue.
func queuePoints(t *testing.T) map[string]model.Point {
	t.Helper()
	out := map[string]model.Point{}
	for _, p := range fx.Margin(t) {
		out[p.ID] = p
	}
	return out
}

// readQueue reads a written queue as `sweeptune recipes` does.
func readQueue(t *testing.T, path string) map[string]srt.Variant {
	t.Helper()
	ds := sources.LoadPaths([]string{path}, sources.Options{RecipesOnly: true})
	if len(ds.Warnings) > 0 {
		t.Fatalf("queue warnings: %v", ds.Warnings)
	}
	out := map[string]srt.Variant{}
	for _, v := range ds.Variants {
		out[v.Override] = v
	}
	return out
}

// Three short runs of 3P BS18 become one zip_override with a CONC list (the
// bundle runs one concurrency per job) and DURATION 1200; a full 5P run one
// override_*. Reading the queue back gives exactly the proposed knobs, and
// each entry has its srtctl line.
func TestQueueReadsBackToTheProposedKnobs(t *testing.T) {
	dir := copyFixtures(t)
	pts := queuePoints(t)
	var runs []export.QueuedRun
	for _, id := range []string{"3p1d-dep2-dep16-b18-c700", "3p1d-dep2-dep16-b18-c800", "3p1d-dep2-dep16-b18-c900"} {
		runs = append(runs, export.QueuedRun{Point: pts[id], DurationS: 1200, Comment: []string{id + ": predicted …"}})
	}
	runs = append(runs, export.QueuedRun{Point: pts["5p1d-dep2-dep16-b40-c2884"], DurationS: 3600})
	queue := filepath.Join(dir, "queue.yaml")
	q, err := export.BuildQueue(export.QueueRequest{RecipePath: filepath.Join(dir, bundleName), QueuePath: queue, Runs: runs,
		Title: []string{"Runs proposed by sweeptune select."}})
	if err != nil {
		t.Fatalf("%v\n%s", err, q.Text)
	}
	if len(q.Entries) != 2 {
		t.Fatalf("entries %+v", q.Entries)
	}
	zip, one := q.Entries[0], q.Entries[1]
	if zip.Selector != "zip_override_3p1d_dep2_dep16_b18_short" || one.Selector != "override_5p1d_dep2_dep16_b40_c2884" {
		t.Fatalf("selectors %s, %s", zip.Selector, one.Selector)
	}
	for _, e := range q.Entries {
		want := "srtctl apply -f " + filepath.ToSlash(queue) + ":" + e.Selector
		if e.Command != want || !strings.Contains(q.Text, "#   "+want+"\n") {
			t.Errorf("command %q, want %q in the header", e.Command, want)
		}
	}
	for _, want := range []string{`      CONC: ["700", "800", "900"]`, `      DURATION: "1200"`,
		`  name: [disagg-gb300-3p1d-dep2-dep16-b18-c700-short, disagg-gb300-3p1d-dep2-dep16-b18-c800-short, disagg-gb300-3p1d-dep2-dep16-b18-c900-short]`,
		"        cuda-graph-max-bs-decode: 18\n", "        max-running-requests: 288\n", "        disaggregation-decode-extra-slots: 27\n"} {
		if !strings.Contains(q.Text, want) {
			t.Errorf("queue lacks %q:\n%s", want, q.Text)
		}
	}
	if strings.Contains(q.Text, "override_8p1d") || !strings.Contains(q.Text, "\nbase:\n") {
		t.Errorf("the queue holds the bundle's base and no existing override:\n%s", q.Text)
	}
	if err := q.Write(); err != nil {
		t.Fatal(err)
	}
	vs := readQueue(t, queue)
	if len(vs) != 4 {
		t.Fatalf("%d variants read back, want 4: %v", len(vs), vs)
	}
	for i, r := range runs {
		sel := one.Selector
		if i < 3 {
			sel = zip.Selector + "[" + string(rune('0'+i)) + "]"
		}
		v, ok := vs[sel]
		if !ok {
			t.Fatalf("%s not read back", sel)
		}
		got, want := v.Knobs, r.Point.Knobs
		got.SpecDecoding, got.AcceptanceLength = want.SpecDecoding, want.AcceptanceLength // a recipe names DSPARK, not the curve's method
		if want.DecodeExtraSlots == 0 {
			got.DecodeExtraSlots = 0 // not a knob of the run: the base's stays
		}
		if got != want {
			t.Errorf("%s reads back as\n  %+v\nwant\n  %+v", sel, got, want)
		}
		if !slices.Equal(v.Concurrencies, []int{want.Concurrency}) && v.Knobs.Concurrency != want.Concurrency {
			t.Errorf("%s concurrency %v", sel, v.Concurrencies)
		}
	}
	// Rewriting keeps a backup of the old queue.
	if err := q.Write(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(export.BackupPath(queue)); err != nil {
		t.Errorf("no backup: %v", err)
	}
}

// A run the bundle cannot hold (another parallelism) is refused, named.
func TestQueueRefusesAnotherParallelism(t *testing.T) {
	dir := copyFixtures(t)
	p := queuePoints(t)["5p1d-dep2-dep16-b40-c2884"]
	p.Knobs.Prefill.TP, p.Knobs.Prefill.EP, p.Knobs.Prefill.GPUs = 4, 4, 4
	_, err := export.BuildQueue(export.QueueRequest{RecipePath: filepath.Join(dir, bundleName), QueuePath: filepath.Join(dir, "q.yaml"),
		Runs: []export.QueuedRun{{Point: p}}})
	if err == nil || !strings.Contains(err.Error(), "cannot change the parallelism") {
		t.Fatalf("err %v", err)
	}
	if _, err := export.BuildQueue(export.QueueRequest{RecipePath: filepath.Join(dir, bundleName), QueuePath: filepath.Join(dir, "q.yaml")}); err == nil {
		t.Error("an empty queue accepted")
	}
}
