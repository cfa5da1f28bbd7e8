package export_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A results file's load-balance went into load-balance-method verbatim:
// a line break, HTML, anything. Now the point is refused, naming the file
// and the field, and nothing is planned for it.
func TestHostileLoadBalanceIsRefused(t *testing.T) {
	_, req := retuneCopy(t)
	for i := range req.Points {
		if req.Points[i].ID == req.Add[0] {
			req.Points[i].Knobs.Balance = "round_robin\n    mem-fraction-static: 0.99 <img src=x onerror=alert(1)>"
			req.Points[i].Prov.File = "results/hostile.json"
		}
	}
	err := mustPlanOrErr(req)
	if err == nil || !strings.Contains(err.Error(), req.Add[0]+`: load-balance "round_robin\n    mem-fraction-static: 0.99 <img src=x onerror…" (from results/hostile.json) is not a balancing method sglang knows (auto, round_robin,`) {
		t.Fatalf("err %v", err)
	}
}

// A recipe's identity.frameworks.dynamo became every key's router.version
// whatever it held. Now a value that is not a version is not pinned, and
// the warning names the file and field.
func TestHostileRouterVersionIsNotPinned(t *testing.T) {
	dir := copyFiles(t, fixtures, aggBundle, bundleName, masterName, clName)
	agg := filepath.Join(dir, aggBundle)
	b, _ := os.ReadFile(agg)
	os.WriteFile(agg, bytes.Replace(b, []byte(`dynamo: "1.6.0.dev20261014"`), []byte(`dynamo: "1.7.0\nimage: evil:latest"`), 1), 0o644)
	req := changeSetRequest(t, dir)
	req.RouterVersion = ""
	plan := mustPlan(t, req)
	for _, f := range plan.Files {
		if bytes.Count(f.New, []byte("evil")) > bytes.Count(f.Old, []byte("evil")) {
			t.Errorf("%s: the recipe's value was written:\n%s", f.Path, f.Diff)
		}
	}
	want := `warning: ` + agg + `: identity.frameworks.dynamo "1.7.0\nimage: evil:latest" is not a version; no router version pinned from it (give --router-version)`
	if notes := strings.Join(plan.Notes, "\n"); !strings.Contains(notes, want) {
		t.Errorf("notes:\n%s\nwant %s", notes, want)
	}
	req.RouterVersion = "<b>1.7</b>"
	if err := mustPlanOrErr(req); err == nil || !strings.Contains(err.Error(), `--router-version "<b>1.7</b>": not a version`) {
		t.Errorf("--router-version: err %v", err)
	}
}
