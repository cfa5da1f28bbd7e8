package plan

import (
	"math"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/render"
)

// Fields of the planner, top to bottom.
const (
	FieldPrefill = iota
	FieldCap
	FieldConc
	FieldBalance
	numFields
)

// fieldNames label the fields.
var fieldNames = render.PlanFieldNames

// step moves one field by d (±1): workers by one, the cap along the
// captured CUDA-graph sizes, concurrency by a tenth of its magnitude.
func step(k model.Knobs, field, d int) model.Knobs {
	switch field {
	case FieldPrefill:
		k.Prefill.Workers = min(max(k.Prefill.Workers+d, 1), 64)
	case FieldCap:
		k.DecodeBS = stepCap(k.DecodeBS, d)
	case FieldConc:
		s := concStep(k.Concurrency)
		if d < 0 && k.Concurrency-s < 1 {
			k.Concurrency = 1
		} else {
			k.Concurrency = max(k.Concurrency+d*s, 1)
		}
	case FieldBalance:
		if k.Balance == model.BalanceTotalRequests {
			k.Balance = model.BalanceTotalTokens
		} else {
			k.Balance = model.BalanceTotalRequests
		}
	}
	return fix(k)
}

// set assigns a typed value; the cap snaps up to a captured size.
func set(k model.Knobs, field, v int) model.Knobs {
	switch field {
	case FieldPrefill:
		k.Prefill.Workers = min(max(v, 1), 64)
	case FieldCap:
		k.DecodeBS = planner.SnapCap(v)
	case FieldConc:
		k.Concurrency = max(v, 1)
	}
	return fix(k)
}

// fix keeps derived knobs consistent: MRR = each decode worker's ranks ×
// BS (model.Knobs.WorkerMRR), prefill nodes = prefill GPUs over the GPUs per node the decode
// role shows (DEP16 on 4 nodes: 4 per node).
func fix(k model.Knobs) model.Knobs {
	if k.DecodeBS > 0 {
		k.MaxRunningRequests = k.WorkerMRR()
	}
	if per := k.GPUsPerNode(); per > 0 {
		k.Prefill.Nodes = k.Prefill.NodesAt(per)
	}
	return k
}

func stepCap(bs, d int) int {
	sizes := planner.CapturedSizes()
	if d > 0 {
		for _, s := range sizes {
			if s > bs {
				return s
			}
		}
		return bs
	}
	for i := len(sizes) - 1; i >= 0; i-- {
		if sizes[i] < bs {
			return sizes[i]
		}
	}
	return sizes[0]
}

func concStep(c int) int {
	if c < 20 {
		return 1
	}
	return int(math.Pow(10, math.Floor(math.Log10(float64(c)))-1))
}
