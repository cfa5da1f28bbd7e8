package planner

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// A designed point's max-running-requests is per decode worker (what the
// engine argument means and what export checks): two TEP8 decode workers
// with BS 64 run MRR 64 each, one DEP16 worker with BS 96 runs 1,536.
func TestDesignMRRPerDecodeWorker(t *testing.T) {
	tep := model.Knobs{Mode: model.ModeDisagg, Prefill: model.Role{Workers: 1, GPUs: 8, TP: 8},
		Decode: model.Role{Workers: 2, GPUs: 8, TP: 8, EP: 8}}
	if k := knobsFor(tep, Config{PrefillWorkers: 2, DecodeRanks: tep.DecodeRanks(), DecodeBS: 64}); k.MaxRunningRequests != 64 {
		t.Errorf("2 x TEP8 decode: MRR %d, want 64", k.MaxRunningRequests)
	}
	dep := model.Knobs{Mode: model.ModeDisagg, Prefill: model.Role{Workers: 7, GPUs: 2, TP: 2, EP: 2, DPAttn: true},
		Decode: model.Role{Workers: 1, GPUs: 16, TP: 16, EP: 16, DPAttn: true}}
	if k := knobsFor(dep, Config{PrefillWorkers: 7, DecodeRanks: dep.DecodeRanks(), DecodeBS: 96}); k.MaxRunningRequests != 1536 {
		t.Errorf("1 x DEP16 decode: MRR %d, want 1536", k.MaxRunningRequests)
	}
}
