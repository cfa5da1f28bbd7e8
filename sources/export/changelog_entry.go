package export

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// The changelog entry's description, shaped like InferenceX's own entries
// (docs/export.md): at most four bullets — the keys, the image and the
// engine and Dynamo versions; the points added, with their decode caps
// (the name carries the CUDA-graph batch size: 7P c5540 BS96); the points
// kept; the points removed and rule 18(g)'s verdict in words. The arithmetic (line values, gaps, gains) belongs in the
// pull request's body, not here.

// entryBullets words the entry for the parts of one change set.
func entryBullets(parts []*exportCtx, keys []string) []string {
	var add, remove []*model.Point
	var kept []keptOverride
	var verdicts []model.RemovalVerdict
	img, router := "", ""
	for _, c := range parts {
		add = append(add, c.add...)
		kept = append(kept, c.kept...)
		for i, p := range c.remove {
			remove = append(remove, p)
			v := model.RemovalVerdict{ID: p.ID, Covered: true}
			if i < len(c.plan.Verdicts) {
				v = c.plan.Verdicts[i]
			}
			verdicts = append(verdicts, v)
		}
		if img == "" {
			img = c.image()
		}
		if router == "" {
			router = c.req.RouterVersion
		}
	}
	sort.SliceStable(add, func(i, j int) bool { return pointOrder(add[i].Knobs, nil) < pointOrder(add[j].Knobs, nil) })
	sort.SliceStable(kept, func(i, j int) bool {
		return pointOrder(kept[i].v.Knobs, kept[i].v.Concurrencies) < pointOrder(kept[j].v.Knobs, kept[j].v.Concurrencies)
	})
	order := make([]int, len(remove))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		return pointOrder(remove[order[i]].Knobs, nil) < pointOrder(remove[order[j]].Knobs, nil)
	})

	var lines []string
	head := "Retune " + keyList(keys)
	if img != "" {
		head = "Move " + keyList(keys) + " to " + img
	}
	var pins []string
	if e := engineName(parts); e != "" {
		pins = append(pins, e)
	}
	if router != "" {
		pins = append(pins, "Dynamo "+router)
	}
	if len(pins) > 0 {
		head += " (" + strings.Join(pins, ", ") + ")"
	}
	lines = append(lines, srt.SanitizeLine(head+"."))

	if len(add) > 0 {
		var names []string
		for _, p := range add {
			s := PointName(p.Knobs)
			caps := strings.Join(capList(p.Knobs), ", ")
			if r := ReplacedBy(p, add, remove, verdicts); r != nil {
				if caps != "" {
					caps += "; "
				}
				caps += "replaces " + PointName(r.Knobs)
			}
			if caps != "" {
				s += " (" + caps + ")"
			}
			names = append(names, s)
		}
		lines = append(lines, srt.SanitizeLine("Add "+andList(names)+"."))
	}
	if len(kept) > 0 {
		var names []string
		for _, k := range kept {
			names = append(names, PointName(k.v.Knobs, k.v.Concurrencies...))
		}
		lines = append(lines, srt.SanitizeLine("Keep "+andList(names)+"."))
	}
	if len(remove) > 0 {
		var covered, forced, planned []string
		for _, i := range order {
			p, v := remove[i], verdicts[i]
			name := PointName(p.Knobs)
			if v.Covered {
				covered = append(covered, name)
			} else {
				forced = append(forced, name)
			}
			if v.UsesPlanned {
				planned = append(planned, PointName(p.Knobs))
			}
		}
		asOf := ""
		if len(parts) > 0 && parts[0].req.AsOf != "" {
			asOf = ", as of " + parts[0].req.AsOf
		}
		var s string
		if len(covered) > 0 {
			s = fmt.Sprintf("Remove %s: %s under the line of its kept neighbours on mean interactivity and throughput per GPU (rule 18(g)%s)",
				andList(covered), itLies(len(covered)), asOf)
			if len(planned) > 0 {
				s += "; the line of " + andList(planned) + " leans on a planned point, not yet measured"
			}
		}
		if len(forced) > 0 {
			reason := parts[0].req.ForceReason
			if reason == "" {
				reason = "no reason given"
			}
			if s != "" {
				s += "; also remove "
			} else {
				s = "Remove "
			}
			s += andList(forced) + ", which rule 18(g) does not clear: removed anyway (--force): " + reason
		}
		lines = append(lines, srt.SanitizeLine(s+"."))
	}
	return lines
}

// pointOrder sorts agg before disagg, then by prefill workers and
// concurrency: the order the pull request's points table uses.
func pointOrder(k model.Knobs, concs []int) string {
	m := 1
	if k.Mode == model.ModeAgg {
		m = 0
	}
	c := k.Concurrency
	if c == 0 && len(concs) > 0 {
		c = concs[0]
	}
	return fmt.Sprintf("%d %04d %04d %09d", m, k.Prefill.Workers, k.DecodeBS, c)
}

// capList is an added point's decode caps beside the CUDA-graph batch
// size its name carries (BS96): max-running-requests, extra slots, DP
// balancing.
func capList(k model.Knobs) []string {
	if k.Mode == model.ModeAgg {
		return nil
	}
	var parts []string
	if mrr := srt.ExportMRR(k); mrr > 0 {
		parts = append(parts, fmt.Sprintf("max-running-requests %d", mrr))
	}
	if k.DecodeExtraSlots > 0 {
		parts = append(parts, fmt.Sprintf("extra slots %d", k.DecodeExtraSlots))
	}
	if k.Balance != "" {
		parts = append(parts, k.Balance+" DP balancing")
	}
	return parts
}

// ReplacedBy is the removed point an added one takes the place of: a
// removed re-tune twin (same topology and concurrency), else a removed
// point whose covering line (rule 18(g)) ends at the added point and that
// no other added point re-tunes; nil for none. The entry and the PR body
// pair points alike, whether the sets came from select or by hand.
func ReplacedBy(p *model.Point, add, remove []*model.Point, verdicts []model.RemovalVerdict) *model.Point {
	for _, r := range remove {
		if sameTopologyAndConcurrency(p.Knobs, r.Knobs) {
			return r
		}
	}
	for i, r := range remove {
		if i >= len(verdicts) || !verdicts[i].HasLine || !verdicts[i].Covered || !slices.Contains(verdicts[i].Neighbours, p.ID) {
			continue
		}
		twin := false
		for _, q := range add {
			twin = twin || (q != p && sameTopologyAndConcurrency(q.Knobs, r.Knobs))
		}
		if !twin {
			return r
		}
	}
	return nil
}

func sameTopologyAndConcurrency(a, b model.Knobs) bool {
	return a.Mode == b.Mode && a.Concurrency == b.Concurrency && a.Prefill.Workers == b.Prefill.Workers &&
		a.Decode.Workers == b.Decode.Workers && a.Prefill.Parallelism() == b.Prefill.Parallelism() &&
		a.Decode.Parallelism() == b.Decode.Parallelism()
}

// engineName is the serving engine the curve's framework names
// ("dynamo-sglang" → SGLang).
func engineName(parts []*exportCtx) string {
	for _, c := range parts {
		for _, p := range append(append([]*model.Point{}, c.add...), c.remove...) {
			if e := EngineOf(p.Curve.Framework); e != "" {
				return e
			}
		}
	}
	return ""
}

// EngineOf names a framework's engine as its project spells it.
func EngineOf(framework string) string {
	f := strings.TrimPrefix(strings.ToLower(framework), "dynamo-")
	switch {
	case strings.HasPrefix(f, "sglang"):
		return "SGLang"
	case strings.HasPrefix(f, "vllm"):
		return "vLLM"
	case strings.HasPrefix(f, "trt"):
		return "TensorRT-LLM"
	case strings.HasPrefix(f, "atom"):
		return "ATOM"
	}
	return ""
}

func keyList(keys []string) string { return andList(keys) }

// andList is "a", "a and b", "a, b and c".
func andList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func itLies(n int) string {
	if n == 1 {
		return "it lies"
	}
	return "each lies"
}
