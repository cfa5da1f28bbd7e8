package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/sources/export"
	wb "github.com/sweeptune/sweeptune/tui/workbench"
)

// The demo's tables plus a planned 6P BS80 c4096 (840,000 @ mean 200.0).
func demoWithPlanned(t *testing.T) (paths []string, ds *sources.Dataset) {
	t.Helper()
	dir := t.TempDir()
	names, data := demo.Files()
	for i, n := range names {
		p := filepath.Join(dir, filepath.Base(n[len("demo:"):]))
		if err := os.WriteFile(p, data[i], 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	paths = append(paths, filepath.Join("..", "testdata", "review", "planned-6p-bs80-c4096.yaml"))
	ds = sources.LoadPaths(paths, sources.Options{})
	if len(ds.Warnings) > 0 {
		t.Fatal(ds.Warnings)
	}
	return paths, ds
}

// verdictDigits is what must agree to the digit across front ends.
func verdictDigits(v model.RemovalVerdict) string {
	return fmt.Sprintf("%s %s %v line=%.2f gap=%.2f covered=%v dominated=%v planned=%v %v twins=%v",
		v.ID, v.Test, v.Neighbours, v.LineValue, v.GapPct, v.Covered, v.DominatedBy, v.UsesPlanned, v.Planned, v.Twins)
}

// TestOneReviewEverywhere loads the same input into the CLI, the workbench's
// review pane and the export, with planned points kept out and let in, and
// asserts the three agree to the digit (docs/review.md).
func TestOneReviewEverywhere(t *testing.T) {
	paths, ds := demoWithPlanned(t)
	remove := []string{"8p1d-dep2-dep16-c4096", "5p1d-dep2-dep16-b40-c2884"}
	for _, withPlanned := range []bool{false, true} {
		t.Run(fmt.Sprint("with-planned=", withPlanned), func(t *testing.T) {
			args := append([]string{"review", "--json", "--remove", remove[0] + "," + remove[1]}, paths...)
			if withPlanned {
				args = append(args, "--with-planned")
			}
			out, stderr, code := runCmd(t, args...)
			if code != exitRefused && code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var cli reviewOut
			if err := json.Unmarshal([]byte(out), &cli); err != nil {
				t.Fatal(err)
			}
			var cliDigits []string
			for _, v := range cli.Removed {
				cliDigits = append(cliDigits, verdictDigits(v))
			}

			marks := map[string]bool{remove[0]: true, remove[1]: true}
			// The workbench reviews the shown curve (the removed points'),
			// other curves overlaid.
			curve := ds.Points[model.FindID(ds.Points, remove[0])].Curve
			// as the workbench's state shows it: each configuration's latest run.
			var view, others []model.Point
			for _, p := range model.Latest(ds.Points, "") {
				if p.Curve == curve {
					view = append(view, p)
				} else {
					others = append(others, p)
				}
			}
			rep := wb.ReviewShown(curve, view, others, marks, model.AxisMeanIntvty, model.AxisTputPerGPU, withPlanned)
			var tuiDigits []string
			for _, c := range rep.Curves {
				for _, v := range c.Removed {
					tuiDigits = append(tuiDigits, verdictDigits(v))
				}
			}

			plan, _ := export.BuildExport(export.ExportRequest{Points: ds.Points, Remove: remove, WithPlanned: withPlanned,
				RecipePath: filepath.Join("..", "testdata", "export", "disagg-dep16-hicache-variants.yaml")})
			if plan == nil {
				t.Fatal("no export plan")
			}
			var exportDigits []string
			for _, v := range plan.Verdicts {
				exportDigits = append(exportDigits, verdictDigits(v))
			}
			sort.Strings(cliDigits)
			sort.Strings(tuiDigits)
			sort.Strings(exportDigits)
			if !reflect.DeepEqual(cliDigits, tuiDigits) || !reflect.DeepEqual(cliDigits, exportDigits) {
				t.Fatalf("front ends disagree:\ncli    %q\ntui    %q\nexport %q", cliDigits, tuiDigits, exportDigits)
			}
			t.Logf("%q", cliDigits)
		})
	}
}

// TestReviewPlannedNeverJustifiesARemoval holds a fixed bug down: with a
// planned 6P BS80 c4096 loaded, 8P c4096 is judged against its measured
// neighbours (853,132.41); --with-planned leans on the planned one and says so.
func TestReviewPlannedNeverJustifiesARemoval(t *testing.T) {
	paths, _ := demoWithPlanned(t)
	rep := reviewJSONOf(t, exitOK, append([]string{"--remove", "8p1d-dep2-dep16-c4096"}, paths...)...)
	r := rep.Removed[0]
	if lineOf(r) != "853132.41" || r.UsesPlanned ||
		!reflect.DeepEqual(r.Neighbours, []string{"7p1d-dep2-dep16-b96-c5540", "5p1d-dep2-dep16-b40-c2884"}) {
		t.Errorf("measured only: %+v line %s", r, lineOf(r))
	}
	rep = reviewJSONOf(t, exitOK, append([]string{"--remove", "8p1d-dep2-dep16-c4096", "--with-planned"}, paths...)...)
	r = rep.Removed[0]
	// ℓ(191.4) between 7P (1,033,494 @ 150.7) and the planned 6P (840,000 @ 200.0).
	want := 1033494 + (191.4-150.7)*(840000-1033494)/(200.0-150.7)
	if lineOf(r) != twoDecimals(&want) || !r.UsesPlanned ||
		!reflect.DeepEqual(r.Planned, []string{"6p1d-dep2-dep16-b80-c4096"}) {
		t.Errorf("with planned: %+v line %s, want %s", r, lineOf(r), twoDecimals(&want))
	}
	out, _, _ := runCmd(t, append([]string{"review", "--remove", "8p1d-dep2-dep16-c4096", "--with-planned"}, paths...)...)
	if !strings.Contains(out, "6p1d-dep2-dep16-b80-c4096 (planned)") || !strings.Contains(out, "(leans on planned)") {
		t.Errorf("text does not name the planned neighbour:\n%s", out)
	}
}

// TestReviewNeverJudgesAgainstATwin holds a fixed bug down: local 5P c2884
// is never judged against its published re-measurement.
func TestReviewNeverJudgesAgainstATwin(t *testing.T) {
	rep := reviewJSONOf(t, exitRefused, "--remove", "5p1d-dep2-dep16-b40-c2884")
	r := rep.Removed[0]
	for _, nb := range append(r.Neighbours, rep.Kept...) {
		if nb == "5p1d-dep2-dep16-b40-c2884@published" {
			t.Fatalf("the published twin is kept or a neighbour: %+v kept %v", r, rep.Kept)
		}
	}
	if !reflect.DeepEqual(r.Twins, []string{"5p1d-dep2-dep16-b40-c2884@published"}) {
		t.Errorf("twins %v", r.Twins)
	}
}
