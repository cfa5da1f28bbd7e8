package render

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// The dashboard section writes point IDs, arms and lost points taken from
// data: none may open HTML, mention someone, reference an issue or add a
// table cell.
func TestPRBodyDashboardEscapesDataDerivedCells(t *testing.T) {
	pv := model.Preview{X: "p90 interactivity", Y: "tput/GPU",
		After: []model.PreviewPoint{
			{ID: "c7|<img src=x onerror=alert(1)>", Arm: "@octocat #12", Status: model.StatusNoRun},
			{ID: "plain-c16", Arm: "agg-tp2", Status: model.StatusNoRun},
		},
		Lost:     []model.Lost{{ID: "a`b<!--", Arm: "x"}, {ID: "@team", Asked: true}},
		ArmsLost: []string{"<script>", "#7"},
	}
	body := PRBodyDashboard([]model.Preview{pv}, nil)
	for _, bad := range []string{"<img", "<!--", "<script", "@octocat", "#12", "#7"} {
		if strings.Contains(body, bad) {
			t.Errorf("section holds %q:\n%s", bad, body)
		}
	}
	if !strings.Contains(body, "`@team`") { // a code span: GitHub makes no mention in one
		t.Errorf("an ID with an @ should be a code span:\n%s", body)
	}
	if !strings.Contains(body, "`plain-c16`") {
		t.Errorf("a plain ID should stay a code span:\n%s", body)
	}
	for _, line := range strings.Split(body, "\n") {
		if !strings.HasPrefix(line, "| ") {
			continue
		}
		cells := strings.Count(line, "|") - strings.Count(line, `\|`)
		if cells != 6 {
			t.Errorf("row with %d cell borders, want 6: %s", cells, line)
		}
	}
}
