package export_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/export"
)

// refusal runs an export that must be refused with a message containing want.
func refusal(t *testing.T, req export.ExportRequest, want string) *export.ExportPlan {
	t.Helper()
	plan, err := export.BuildExport(req)
	var refused *export.RefusedError
	if !errors.As(err, &refused) {
		t.Fatalf("want a refusal containing %q, got err %v", want, err)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("refusal %q lacks %q", err, want)
	}
	if plan.Write() == nil {
		t.Fatal("Write must refuse a refused plan")
	}
	return plan
}

func pointByID(t *testing.T, pts []model.Point, id string) *model.Point {
	i := model.FindID(pts, id)
	if i < 0 {
		t.Fatalf("no point %s", id)
	}
	return &pts[i]
}

func TestExportRefusals(t *testing.T) {
	t.Run("nodes do not fit", func(t *testing.T) {
		_, req := retuneCopy(t)
		pointByID(t, req.Points, "7p1d-dep2-dep16-b96-c5540").Knobs.Prefill.Nodes = 3
		refusal(t, req, "7 prefill workers × 2 GPUs = 14 GPUs do not fit 3 nodes × 4 GPUs per node")
	})
	t.Run("MRR is not ranks × BS", func(t *testing.T) {
		_, req := retuneCopy(t)
		pointByID(t, req.Points, "7p1d-dep2-dep16-b96-c5540").Knobs.MaxRunningRequests = 1500
		refusal(t, req, "max-running-requests 1500 is not one decode worker's ranks 16 × BS 96 = 1536 (it is each worker's own argument; pass --explicit-mrr 7p1d-dep2-dep16-b96-c5540 if 1500 is meant)")
		req.ExplicitMRR = []string{"7p1d-dep2-dep16-b96-c5540"}
		plan, err := export.BuildExport(req)
		if err != nil || !strings.Contains(plan.Overrides[1].Text, "max-running-requests: 1500") {
			t.Fatalf("explicit MRR: %v", err)
		}
	})
	t.Run("name collision", func(t *testing.T) {
		_, req := retuneCopy(t)
		req.Add = append(req.Add, "3p1d-dep2-dep16-b24-c1228")
		refusal(t, req, "override override_3p1d_dep2_dep16_b24_c1228 already exists")
		req.Replace = true
		plan, err := export.BuildExport(req)
		if err != nil {
			t.Fatalf("--replace: %v", err)
		}
		if n := strings.Count(string(plan.Files[0].New), "override_3p1d_dep2_dep16_b24_c1228:"); n != 1 {
			t.Errorf("--replace left %d blocks of the key", n)
		}
	})
	t.Run("removal not cleared by the review", func(t *testing.T) {
		_, req := retuneCopy(t)
		req.Add = nil
		req.Remove = []string{"5p1d-dep2-dep16-b40-c2884"}
		refusal(t, req, "the review does not clear its removal: above the line")
		req.Force, req.ForceReason = true, "5P is re-measured in the next PR"
		plan, err := export.BuildExport(req)
		if err != nil {
			t.Fatalf("--force: %v", err)
		}
		if !strings.Contains(plan.Entry, "5P c2884 BS40, which rule 18(g) does not clear: removed anyway (--force): 5P is re-measured in the next PR") {
			t.Errorf("forced reason not in the entry:\n%s", plan.Entry)
		}
	})
	t.Run("config key missing", func(t *testing.T) {
		_, req := retuneCopy(t)
		req.ConfigKeys = []string{"no-such-key"}
		refusal(t, req, "config key no-such-key is not in")
	})
	t.Run("parallelism differs from the base", func(t *testing.T) {
		_, req := retuneCopy(t)
		p := pointByID(t, req.Points, "3p1d-dep2-dep16-b18-c700")
		p.Knobs.Prefill.DPAttn = false
		refusal(t, req, "prefill workers are TEP2 but the bundle's base runs DEP2")
	})
}

func TestExportBadInput(t *testing.T) {
	_, req := retuneCopy(t)
	for name, mut := range map[string]func(r *export.ExportRequest){
		"unknown ID":   func(r *export.ExportRequest) { r.Add = []string{"nope"} },
		"agg point":    func(r *export.ExportRequest) { r.Remove = []string{"agg-tep2-c16"} },
		"no recipe":    func(r *export.ExportRequest) { r.RecipePath = "" },
		"nothing":      func(r *export.ExportRequest) { r.Add, r.Remove = nil, nil },
		"missing file": func(r *export.ExportRequest) { r.ChangelogPath += ".missing" },
	} {
		r := req
		mut(&r)
		_, err := export.BuildExport(r)
		var refused *export.RefusedError
		if err == nil || errors.As(err, &refused) {
			t.Errorf("%s: want a bad-input error, got %v", name, err)
		}
	}
}
