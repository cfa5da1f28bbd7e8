package export_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/export"
)

// sweepOfRetune is the point list InferenceX's sweep generator expands the
// retune's two keys to once the change set is merged
// (utils/matrix_logic/generate_sweep_configs.py test-config on the edited
// master excerpt: 8 entries; TestAfterMergeMatchesTheSweepGenerator runs it
// when the checkout is beside the repository): override and concurrency.
var sweepOfRetune = []string{
	"override_tp4 1", "override_tp4 4", "override_tp4 16",
	"override_3p1d_dep2_dep16_b18_c700 700", "override_3p1d_dep2_dep16_b24_c1228 1228",
	"override_5p1d_dep2_dep16_b40_c2884 2884", "override_7p1d_dep2_dep16_b96_c5540 5540",
	"override_9p1d_dep2_dep16_b192_c7480 7480",
}

func afterMergeList(pv model.Preview) []string {
	var out []string
	for _, pp := range pv.After {
		out = append(out, pp.Key+" "+strconv.Itoa(concOf(pp.ID)))
	}
	slices.Sort(out)
	return out
}

// concOf is the concurrency an ID ends in (-c<N>, before any @ suffix).
func concOf(id string) int {
	id, _, _ = strings.Cut(id, "@")
	i := strings.LastIndex(id, "-c")
	n, _ := strconv.Atoi(id[i+2:])
	return n
}

func TestAfterMergeOfTheRetune(t *testing.T) {
	dir := copyFiles(t, fixtures, aggBundle, bundleName, masterName, clName)
	req := changeSetRequest(t, dir)
	plan, err := export.BuildExport(req)
	if err != nil {
		t.Fatal(err)
	}
	pvs := export.AfterMerge(plan, req.Points, req.AsOf, req.MasterPath, nil)
	if len(pvs) != 1 {
		t.Fatalf("%d previews, want one: an AgentX curve is one published curve", len(pvs))
	}
	pv := pvs[0]
	want := slices.Clone(sweepOfRetune)
	slices.Sort(want)
	if got := afterMergeList(pv); !slices.Equal(got, want) {
		t.Errorf("after merge:\n%v\nwant the sweep generator's\n%v", got, want)
	}
	if pv.PublishedDate != "2026-10-29" || len(pv.Published) != 5 {
		t.Errorf("published: %d points of %s, want the 5 of 2026-10-29", len(pv.Published), pv.PublishedDate)
	}
	if pv.LosesCoverage() {
		t.Errorf("the PR's own change set loses coverage: %+v", pv)
	}
	for _, l := range pv.Lost {
		if !l.Asked {
			t.Errorf("%s lost without being removed", l.ID)
		}
	}
	if pv.Unmeasured != 2 { // agg TP4 c1 and c4 ran only in the sweep after the date
		t.Errorf("%d unmeasured, want 2", pv.Unmeasured)
	}
	if !slices.Equal(pv.ArmsRemoved, []string{"8p1d-dep2-dep16", "agg-tep2"}) {
		t.Errorf("arms removed %v", pv.ArmsRemoved)
	}
}

// The same retune listing only the disagg key: the sweep replaces the
// whole AgentX curve, so both published agg points disappear.
func TestAfterMergeOfTheDisaggKeyAloneLosesTheAggPoints(t *testing.T) {
	dir := copyFiles(t, fixtures, aggBundle, bundleName, masterName, clName)
	req := changeSetRequest(t, dir)
	req.RecipePaths = []string{filepath.Join(dir, bundleName)}
	req.ConfigKeys = []string{disaggKey}
	req.Remove = []string{"8p1d-dep2-dep16-c4096", "9p1d-dep2-dep16-b160-c7480"}
	plan, err := export.BuildExport(req)
	if err != nil {
		t.Fatal(err)
	}
	pv := export.AfterMerge(plan, req.Points, req.AsOf, req.MasterPath, nil)[0]
	if !pv.LosesCoverage() {
		t.Fatal("the disagg key alone loses the agg points, and the preview does not say so")
	}
	var lost []string
	for _, l := range pv.Lost {
		if !l.Asked {
			lost = append(lost, l.ID)
		}
	}
	slices.Sort(lost)
	if !slices.Equal(lost, []string{"agg-tep2-c16", "agg-tp4-c16"}) {
		t.Errorf("lost %v, want both published agg points", lost)
	}
	if !slices.Equal(pv.ArmsLost, []string{"agg-tep2", "agg-tp4"}) || !slices.Equal(pv.Truncated, []string{"high x"}) {
		t.Errorf("arms lost %v, truncated %v", pv.ArmsLost, pv.Truncated)
	}
	if pv.FrontAfter[1] != 267.4 || pv.FrontBefore[1] != 545 {
		t.Errorf("front %v → %v, want the high end 545 cut to 267.4", pv.FrontBefore, pv.FrontAfter)
	}
}

// The preview's point list against InferenceX's own expansion of the
// merged master, when its checkout and Python dependencies are here.
func TestAfterMergeMatchesTheSweepGenerator(t *testing.T) {
	const ix = "/work/ext/InferenceX"
	script := filepath.Join(ix, "utils/matrix_logic/generate_sweep_configs.py")
	if _, err := os.Stat(script); err != nil {
		t.Skip("no InferenceX checkout beside the repository")
	}
	if exec.Command("python3", "-c", "import yaml, pydantic").Run() != nil {
		t.Skip("python3 with yaml and pydantic is not installed")
	}
	dir := copyFiles(t, fixtures, aggBundle, bundleName, masterName, clName)
	plan, err := export.BuildExport(changeSetRequest(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("python3", script, "test-config", "--config-files", filepath.Join(dir, masterName),
		"--runner-config", "configs/runners.yaml", "--config-keys", aggKey, disaggKey)
	cmd.Dir = ix
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("the generator did not run here: %v", err)
	}
	var entries []struct {
		Conc    []int `json:"conc"`
		Prefill struct {
			Settings []string `json:"additional-settings"`
		} `json:"prefill"`
	}
	if err := json.Unmarshal(out, &entries); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		ov := ""
		for _, s := range e.Prefill.Settings {
			if i := strings.LastIndex(s, ":override_"); strings.HasPrefix(s, "CONFIG_FILE=") && i >= 0 {
				ov = s[i+1:]
			}
		}
		for _, c := range e.Conc {
			got = append(got, ov+" "+strconv.Itoa(c))
		}
	}
	slices.Sort(got)
	want := slices.Clone(sweepOfRetune)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the generator expands the merged keys to\n%v\nwant\n%v", got, want)
	}
}
