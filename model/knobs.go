package model

import (
	"fmt"
	"strconv"
	"strings"
)

// Mode says whether prefill and decode run on separate workers.
type Mode string

const (
	ModeAgg    Mode = "agg"
	ModeDisagg Mode = "disagg"
)

// Balancing methods of SGLang's DP attention.
const (
	BalanceTotalTokens   = "total_tokens"
	BalanceTotalRequests = "total_requests"
)

// Role is one side of a point: its workers and their parallelism. In agg
// mode the single aggregated worker lives in Knobs.Prefill, as InferenceX's
// master config records it (decode num-worker 0).
type Role struct {
	Workers int  // number of workers; 0 when unknown
	GPUs    int  // GPUs per worker; 0 when unknown
	Nodes   int  // nodes the role occupies; 0 when unknown
	TP      int  // tensor parallel size
	EP      int  // expert parallel size; 0 or 1 means none
	DPAttn  bool // DP attention
}

// TotalGPUs is workers × GPUs per worker.
func (r *Role) TotalGPUs() int { return r.Workers * r.GPUs }

// NodesAt is the nodes the role's GPUs fill at per GPUs a node, rounded
// up; 0 when per is unknown (0).
func (r *Role) NodesAt(per int) int {
	if per <= 0 {
		return 0
	}
	return (r.TotalGPUs() + per - 1) / per
}

// Parallelism is the InferenceX label of a worker: dep<N>, tep<N>, tp<N> or tp<N>ep<M>.
func (r Role) Parallelism() string { return string(r.appendParallelism(nil)) }

// appendParallelism appends the label without allocating per call: IDs of
// 100,000 points are built from it.
func (r Role) appendParallelism(b []byte) []byte {
	tp, ep := r.TP, r.EP
	if tp <= 0 {
		tp = r.GPUs
	}
	if ep <= 0 {
		ep = 1
	}
	switch {
	case r.DPAttn && ep == tp:
		return strconv.AppendInt(append(b, "dep"...), int64(tp), 10)
	case ep == tp && tp > 1:
		return strconv.AppendInt(append(b, "tep"...), int64(tp), 10)
	case ep == 1:
		return strconv.AppendInt(append(b, "tp"...), int64(tp), 10)
	default:
		b = strconv.AppendInt(append(b, "tp"...), int64(tp), 10)
		return strconv.AppendInt(append(b, "ep"...), int64(ep), 10)
	}
}

// Ranks is the number of data-parallel ranks: TP per worker with DP
// attention (DEP16 = 16 ranks), one per worker otherwise.
func (r *Role) Ranks() int {
	if r.DPAttn && r.TP > 0 {
		return r.Workers * r.TP
	}
	return r.Workers
}

// Knobs is everything an engineer turns to make one point.
type Knobs struct {
	Mode    Mode
	Prefill Role
	Decode  Role

	DecodeBS           int    // decode CUDA-graph max batch per rank; 0 when unknown
	MaxRunningRequests int    // decode max-running-requests; 0 when unknown
	DecodeExtraSlots   int    // disaggregation-decode-extra-slots; 0 when unknown
	Balance            string // DP load-balance method; "" when unknown
	DecodeRanksSet     int    // explicit decode ranks when a source states them; 0 derives

	Concurrency int // client concurrency C

	SpecDecoding     string  // e.g. dspark, mtp, none
	AcceptanceLength float64 // speculative acceptance length; 0 when unknown
}

// GPUs counts every GPU of the point (prefill + decode; one role in agg).
func (k *Knobs) GPUs() int {
	if k.Mode == ModeAgg {
		return k.Prefill.TotalGPUs()
	}
	return k.Prefill.TotalGPUs() + k.Decode.TotalGPUs()
}

// GPUsPerNode is the GPUs a node the decode role shows (DEP16 on 4 nodes:
// 4); 0 when it states no nodes.
func (k *Knobs) GPUsPerNode() int {
	if k.Decode.Nodes > 0 && k.Decode.TotalGPUs() > 0 {
		return max(k.Decode.TotalGPUs()/k.Decode.Nodes, 1)
	}
	return 0
}

// DecodeRanks is D of the planner: the data-parallel decode ranks.
func (k *Knobs) DecodeRanks() int {
	if k.DecodeRanksSet > 0 {
		return k.DecodeRanksSet
	}
	return k.Decode.Ranks()
}

// WorkerRanks is the data-parallel ranks of ONE decode worker (of the
// aggregated worker in agg): its TP with DP attention (DEP16: 16), else 1
// (a TP or TEP worker); the stated decode ranks over the workers when a
// source states them.
func (k *Knobs) WorkerRanks() int {
	r, total := k.Decode, k.DecodeRanksSet
	if k.Mode == ModeAgg {
		r = k.Prefill
	}
	if total > 0 && r.Workers > 0 && total%r.Workers == 0 {
		return total / r.Workers
	}
	if r.DPAttn && r.TP > 0 {
		return r.TP
	}
	return 1
}

// WorkerMRR is max-running-requests by the one convention (docs/planner.md):
// the engine argument srtctl passes to EACH decode worker, which SGLang
// splits over that worker's DP-attention ranks, so its ranks × BS (1P4D
// TP4 at BS 16: 16, not 64); 0 when BS is unknown.
func (k *Knobs) WorkerMRR() int {
	if k.DecodeBS <= 0 {
		return 0
	}
	return k.WorkerRanks() * k.DecodeBS
}

// Shape is the topology without concurrency: 7p1d-dep2-dep16-b96, agg-tp4.
// BS is left out when unknown.
func (k Knobs) Shape() string { return string(k.appendShape(make([]byte, 0, 32))) }

func (k Knobs) appendShape(b []byte) []byte {
	if k.Mode == ModeAgg {
		b = k.Prefill.appendParallelism(append(b, "agg-"...))
	} else {
		b = strconv.AppendInt(b, int64(k.Prefill.Workers), 10)
		b = append(b, 'p')
		b = strconv.AppendInt(b, int64(k.Decode.Workers), 10)
		b = append(b, 'd', '-')
		b = k.Prefill.appendParallelism(b)
		b = k.Decode.appendParallelism(append(b, '-'))
	}
	if k.DecodeBS > 0 {
		b = strconv.AppendInt(append(b, "-b"...), int64(k.DecodeBS), 10)
	}
	return b
}

// BaseID is the point ID before de-duplication: <shape>-c<C>.
func (k Knobs) BaseID() string { return string(k.appendBaseID(make([]byte, 0, 40))) }

func (k Knobs) appendBaseID(b []byte) []byte {
	return strconv.AppendInt(append(k.appendShape(b), "-c"...), int64(k.Concurrency), 10)
}

// AppendBaseID appends BaseID's text to b: a lookup by it builds no string.
func (k *Knobs) AppendBaseID(b []byte) []byte { return k.appendBaseID(b) }

// OverrideName is the srt-slurm override key InferenceX uses for an ID:
// override_ + the ID with - replaced by _.
func OverrideName(id string) string {
	return "override_" + strings.NewReplacer("-", "_", "@", "_").Replace(id)
}

// ShortLabel is a human label in the engineers' own shorthand: "7P BS96 c5540", "agg TP4 c16".
func (k Knobs) ShortLabel() string {
	var b strings.Builder
	if k.Mode == ModeAgg {
		b.WriteString("agg ")
		b.WriteString(strings.ToUpper(k.Prefill.Parallelism()))
	} else {
		fmt.Fprintf(&b, "%dP", k.Prefill.Workers)
		if k.Decode.Workers != 1 {
			fmt.Fprintf(&b, "%dD", k.Decode.Workers)
		}
	}
	if k.DecodeBS > 0 {
		fmt.Fprintf(&b, " BS%d", k.DecodeBS)
	}
	fmt.Fprintf(&b, " c%d", k.Concurrency)
	return b.String()
}
