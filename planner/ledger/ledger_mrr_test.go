package ledger_test

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/planner/ledger"
)

// A prediction's knobs carry max-running-requests per decode worker, as
// srtctl passes it: four TP4 decode workers at BS 16 get 16 each, not 64.
func TestKnobsForMRRIsPerDecodeWorker(t *testing.T) {
	tmpl := model.Knobs{Mode: model.ModeDisagg, Prefill: model.Role{Workers: 1, GPUs: 4, TP: 4},
		Decode: model.Role{Workers: 4, GPUs: 4, TP: 4}}
	k := ledger.KnobsFor(tmpl, planner.Config{PrefillWorkers: 1, DecodeRanks: 4, DecodeBS: 16, Concurrency: 48})
	if k.MaxRunningRequests != 16 || k.Decode.Workers != 4 {
		t.Errorf("MRR %d on %d decode workers, want 16 on 4", k.MaxRunningRequests, k.Decode.Workers)
	}
}
