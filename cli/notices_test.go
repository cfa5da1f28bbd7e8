package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// What text output says on stderr, --json says too: a notice (evaluation
// rows passed over) is in the JSON warnings, and the exit code stays 0.
func TestReportJSONCarriesNotices(t *testing.T) {
	path := "../testdata/shapes/results/api-wrapped.json"
	_, stderr, code := runCmd(t, "report", path)
	if code != 0 || !strings.Contains(stderr, "evaluation (accuracy) row") {
		t.Fatalf("text: exit %d, stderr %q", code, stderr)
	}
	out, _, code := runCmd(t, "report", "--json", path)
	var rep struct {
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("exit %d: %v", code, err)
	}
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "api-wrapped.json: 1 evaluation (accuracy) row is not a serving point; not read") {
		t.Errorf("json warnings %q", rep.Warnings)
	}
	out, _, _ = runCmd(t, "recipes", "--json", path)
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Warnings) != 0 {
		t.Errorf("recipes passes results over silently: %v %q", err, rep.Warnings)
	}
}
