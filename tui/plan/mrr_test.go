package plan

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// The workbench's planner keeps max-running-requests per decode worker: a
// 1P4D TP4 point at BS 16 is 16 (each TP4 worker's own), a DEP16 worker at
// BS 96 is 1536.
func TestPlannerMRRIsPerDecodeWorker(t *testing.T) {
	tp4 := fix(model.Knobs{Mode: model.ModeDisagg, Prefill: model.Role{Workers: 1, GPUs: 4, TP: 4},
		Decode: model.Role{Workers: 4, GPUs: 4, TP: 4}, DecodeBS: 16, Concurrency: 48})
	dep16 := fix(model.Knobs{Mode: model.ModeDisagg, Prefill: model.Role{Workers: 7, GPUs: 2, TP: 2, EP: 2, DPAttn: true},
		Decode: model.Role{Workers: 1, GPUs: 16, TP: 16, EP: 16, DPAttn: true}, DecodeBS: 96, Concurrency: 5540})
	if tp4.MaxRunningRequests != 16 || dep16.MaxRunningRequests != 1536 {
		t.Errorf("MRR: 1P4D TP4 BS16 %d (want 16), 7P DEP16 BS96 %d (want 1536)", tp4.MaxRunningRequests, dep16.MaxRunningRequests)
	}
}
