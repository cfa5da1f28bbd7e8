package sources

import (
	"os"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// The dashboard's unofficial-run response (a branch's sweep, not
// published) loads as local runs keeping the run's URL and branch; its
// evaluations are counted, not read.
func TestUnofficialRunLoadsAsLocalRuns(t *testing.T) {
	path := "../testdata/dashboard/unofficial-run/unofficial-run.json"
	ds := LoadPaths([]string{path}, Options{})
	if len(ds.Warnings) > 0 || len(ds.Points) != 2 {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	for _, p := range ds.Points {
		if p.Source != model.SourceLocal || p.Prov.Branch != "retune/dsr1-h200-c48" ||
			p.Prov.RunURL != "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/23012345678" || p.Prov.Date != "2026-03-04" {
			t.Errorf("%s: source %s, branch %q, run %q, date %s", p.ID, p.Source, p.Prov.Branch, p.Prov.RunURL, p.Prov.Date)
		}
	}
	c48 := ds.Points[model.FindID(ds.Points, "agg-tp8-c48")]
	if v, _ := c48.Metrics.Get(model.P99Intvty); v != 29.3 {
		t.Errorf("c48 p99 interactivity %v, want 29.3", v)
	}
	if v, _ := c48.Metrics.Get(model.P99E2EL); v != 35.9 {
		t.Errorf("c48 p99 E2EL %v, want 35.9", v)
	}
	notes := strings.Join(ds.Notices, "\n")
	for _, want := range []string{
		"an unofficial run (branch retune/dsr1-h200-c48, https://github.com/SemiAnalysisAI/InferenceX/actions/runs/23012345678), not published: 2 rows read as local runs",
		"1 evaluation (accuracy) row is not a serving point",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notices lack %q:\n%s", want, notes)
		}
	}
	// The same rows without runInfo are the published API rows they were.
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	plain := strings.Replace(string(b), `"runInfo"`, `"about"`, 1)
	for _, p := range LoadBytes("rows.json", []byte(plain), Options{}).Points {
		if p.Source != model.SourcePublished || p.Prov.Branch != "" {
			t.Errorf("without runInfo %s: source %s, branch %q", p.ID, p.Source, p.Prov.Branch)
		}
	}
}

// A branch name that could drive a terminal is left out with a warning
// naming the field; the rows still load.
func TestUnofficialRunUnsafeBranchLeftOut(t *testing.T) {
	b, err := os.ReadFile("../testdata/dashboard/unofficial-run/unofficial-run.json")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(b), `"retune/dsr1-h200-c48"`, `"x\u001b]0;owned\u0007"`, 1)
	ds := LoadBytes("run.json", []byte(bad), Options{})
	if len(ds.Points) != 2 || ds.Points[0].Prov.Branch != "" || ds.Points[0].Source != model.SourceLocal {
		t.Fatalf("%d points, branch %q", len(ds.Points), ds.Points[0].Prov.Branch)
	}
	if len(ds.Warnings) != 1 || ds.Warnings[0].Field != "runInfo.branch" {
		t.Errorf("warnings %v", ds.Warnings)
	}
}
