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

// baseKey is what BaseID reads of the knobs: equal keys give equal IDs.
type baseKey struct {
	mode                                               Mode
	pw, dw, ptp, pep, pgpus, dtp, dep, dgpus, bs, conc int
	pdp, ddp                                           bool
}

// baseIDs numbers base IDs in order of first appearance, found from the
// knobs without formatting them: a million points of a few thousand
// configurations format a few thousand IDs. Knobs whose numbers fit in
// 16 bits (batch and concurrency in 32) are looked up by a packed key;
// others by every field.
type baseIDs struct {
	byPacked map[packedBase]int32
	byKnobs  map[baseKey]int32
	byText   map[string]int32
	texts    []string
	modes    map[Mode]uint16
	lastMode Mode
	lastM    int // -1 before the first
	buf      []byte
}

// packedBase is a baseKey whose numbers fit: the mode numbered, the
// numbers 16 bits each (batch and concurrency 32), the DP attentions two bits.
type packedBase struct {
	w     [3]uint64
	mode  uint16
	flags uint8
}

func newBaseIDs() *baseIDs {
	return &baseIDs{byPacked: map[packedBase]int32{}, byKnobs: map[baseKey]int32{}, byText: map[string]int32{},
		modes: map[Mode]uint16{}, lastM: -1}
}

// packed is k's packed key, and whether it fits.
func (in *baseIDs) packed(k *Knobs) (packedBase, bool) {
	if in.lastM < 0 || k.Mode != in.lastMode {
		m, ok := in.modes[k.Mode]
		if !ok {
			if len(in.modes) > 1<<16-1 {
				return packedBase{}, false
			}
			m = uint16(len(in.modes))
			in.modes[k.Mode] = m
		}
		in.lastMode, in.lastM = k.Mode, int(m)
	}
	const b16, b32 = 1<<16 - 1, 1<<32 - 1
	p, d := &k.Prefill, &k.Decode
	if uint(p.Workers)|uint(d.Workers)|uint(p.TP)|uint(p.EP)|uint(p.GPUs)|uint(d.TP)|uint(d.EP)|uint(d.GPUs) > b16 ||
		uint(k.DecodeBS)|uint(k.Concurrency) > b32 {
		return packedBase{}, false // a negative number too
	}
	pb := packedBase{w: [3]uint64{
		uint64(p.Workers) | uint64(d.Workers)<<16 | uint64(p.TP)<<32 | uint64(p.EP)<<48,
		uint64(p.GPUs) | uint64(d.TP)<<16 | uint64(d.EP)<<32 | uint64(d.GPUs)<<48,
		uint64(k.DecodeBS) | uint64(k.Concurrency)<<32,
	}, mode: uint16(in.lastM)}
	if p.DPAttn {
		pb.flags |= 1
	}
	if d.DPAttn {
		pb.flags |= 2
	}
	return pb, true
}

func fullBaseKey(k *Knobs) baseKey {
	return baseKey{k.Mode, k.Prefill.Workers, k.Decode.Workers, k.Prefill.TP, k.Prefill.EP, k.Prefill.GPUs,
		k.Decode.TP, k.Decode.EP, k.Decode.GPUs, k.DecodeBS, k.Concurrency, k.Prefill.DPAttn, k.Decode.DPAttn}
}

// ofKnobs is the number of k's base ID.
func (in *baseIDs) ofKnobs(k *Knobs) int32 {
	pb, packed := in.packed(k)
	if packed {
		if b, ok := in.byPacked[pb]; ok {
			return b
		}
	} else if b, ok := in.byKnobs[fullBaseKey(k)]; ok {
		return b
	}
	in.buf = k.appendBaseID(in.buf[:0])
	b := in.ofText(in.buf)
	if packed {
		in.byPacked[pb] = b
	} else {
		in.byKnobs[fullBaseKey(k)] = b
	}
	return b
}

// ofText is the number of the base ID text.
func (in *baseIDs) ofText(text []byte) int32 {
	b, ok := in.byText[string(text)]
	if !ok {
		b = int32(len(in.texts))
		in.texts = append(in.texts, string(text))
		in.byText[in.texts[b]] = b
	}
	return b
}
