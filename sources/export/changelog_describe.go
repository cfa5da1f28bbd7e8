package export

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/internal/lazyre"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/reading"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// The changelog entry of a one-recipe export (the words: changelog_entry.go),
// and the point words the override comments share.

func (c *exportCtx) changelog(keys []string, scenario string) error {
	path := c.req.ChangelogPath
	old, err := c.req.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s: %v", path, reading.PathErr(err))
	}
	if len(keys) == 0 {
		return fmt.Errorf("the changelog entry needs config keys (--config-key)")
	}
	if scenario == "" {
		scenario = c.scenarioOfPoints()
	}
	e := srt.ChangelogEntry{ConfigKeys: keys, Description: entryBullets([]*exportCtx{c}, keys), PRLink: c.req.PRLink}
	if scenario != "" {
		e.ScenarioType = []string{scenario}
	}
	out, err := srt.AppendChangelog(path, old, e)
	if err != nil {
		return err
	}
	c.plan.Entry = strings.TrimLeft(string(out[len(old):]), "\n") // the entry, without its separator
	c.change(path, old, out)
	return nil
}

// changelogScenario is a curve's scenario as the entry's scenario-type
// names it: InferenceX knows fixed-seq-len (8k1k, 1k1k, …) and
// agentic-coding; anything else is left out.
func changelogScenario(s string) string {
	switch {
	case s == "agentic-coding" || s == "fixed-seq-len":
		return s
	case seqLenScenario.MatchString(s):
		return "fixed-seq-len"
	}
	return ""
}

var seqLenScenario = lazyre.New(`^\d+k\d+k$`)

func (c *exportCtx) image() string {
	if c.req.Image != "" {
		return c.req.Image
	}
	for _, p := range c.add {
		if p.Prov.Image != "" {
			return p.Prov.Image
		}
	}
	return ""
}

func curveName(c *exportCtx) string {
	var p *model.Point
	if len(c.add) > 0 {
		p = c.add[0]
	} else if len(c.remove) > 0 {
		p = c.remove[0]
	}
	if p == nil {
		return ""
	}
	k := p.Curve
	parts := []string{strings.ToUpper(k.Hardware), shortModel(k.Model), strings.ToUpper(k.Precision), k.Framework}
	if k.Scenario != "" {
		parts = append(parts, k.Scenario)
	}
	return strings.Join(nonEmpty(parts), " ")
}

func shortModel(m string) string {
	if i := strings.LastIndex(m, "/"); i >= 0 {
		return m[i+1:]
	}
	return m
}

func nonEmpty(ss []string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

func count(n int) string { return strconv.Itoa(n) }

// topology is "7 x DEP2 prefill on 4 nodes + 1 x DEP16 decode, 30 GPUs".
func topology(k model.Knobs) string {
	if k.Mode == model.ModeAgg {
		s := fmt.Sprintf("%d x %s worker", k.Prefill.Workers, strings.ToUpper(k.Prefill.Parallelism()))
		if k.Prefill.Nodes > 0 {
			s += " on " + srt.Plural(k.Prefill.Nodes, "node")
		}
		if g := k.GPUs(); g > 0 {
			s += fmt.Sprintf(", %d GPUs", g)
		}
		return s
	}
	s := fmt.Sprintf("%d x %s prefill", k.Prefill.Workers, strings.ToUpper(k.Prefill.Parallelism()))
	if k.Prefill.Nodes > 0 {
		s += " on " + srt.Plural(k.Prefill.Nodes, "node")
	}
	s += fmt.Sprintf(" + %d x %s decode", k.Decode.Workers, strings.ToUpper(k.Decode.Parallelism()))
	if g := k.GPUs(); g > 0 {
		s += fmt.Sprintf(", %d GPUs", g)
	}
	return s
}

// decodeKnobs lists the decode knobs that are known.
func decodeKnobs(k model.Knobs) string {
	var parts []string
	if k.DecodeBS > 0 {
		parts = append(parts, fmt.Sprintf("decode CUDA-graph max BS %d per rank", k.DecodeBS))
	}
	if mrr := srt.ExportMRR(k); mrr > 0 {
		parts = append(parts, fmt.Sprintf("max-running-requests %d", mrr))
	}
	if k.DecodeExtraSlots > 0 {
		parts = append(parts, fmt.Sprintf("extra slots %d", k.DecodeExtraSlots))
	}
	if k.Balance != "" {
		parts = append(parts, k.Balance+" DP balancing")
	}
	if len(parts) == 0 && k.Mode == model.ModeAgg {
		return "engine settings from the base"
	}
	if len(parts) == 0 {
		return "decode knobs from the base"
	}
	return strings.Join(parts, ", ")
}

// keptPoints are the measured points a kept override runs, from the curve
// as of --as-of (each configuration's latest run): the first with a
// throughput, or, for an override run at several concurrencies, the first
// at each concurrency that has one (in the override's order).
func (c *exportCtx) keptPoints(k keptOverride) []*model.Point {
	if c.shown == nil { // once: every kept override asks, twice
		c.shown = model.Latest(c.req.Points, c.req.AsOf)
	}
	shown := c.shown
	concs := k.v.Concurrencies
	if len(concs) < 2 {
		concs = []int{0}
	}
	var out []*model.Point
	for _, conc := range concs {
		for i := range shown {
			p := &shown[i]
			if p.Knobs.Mode != k.v.Knobs.Mode || !matches(k.v, p) || (conc != 0 && p.Knobs.Concurrency != conc) {
				continue
			}
			if _, ok := p.Value(model.TputPerGPU); ok {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// keptPoint is the kept override's measurement the PR body names: the last
// of keptPoints (an agg override's highest concurrency), nil when none.
func (c *exportCtx) keptPoint(k keptOverride) *model.Point {
	ps := c.keptPoints(k)
	if len(ps) == 0 {
		return nil
	}
	return ps[len(ps)-1]
}

// thousands formats with comma separators and the given decimals.
func thousands(v float64, dec int) string { return model.Thousands(v, dec) }

// selectorOf is what the export wrote for an added point: its override
// key, or the recipe file of a one-topology-per-file layout.
func (c *exportCtx) selectorOf(p *model.Point) string {
	for _, o := range c.plan.Overrides {
		if o.ID == p.ID && o.Key != "" {
			return o.Key
		}
	}
	return model.OverrideName(p.Knobs.BaseID())
}

// modeWord says which kind of points the export retunes.
func (c *exportCtx) modeWord() string {
	for _, p := range append(append([]*model.Point{}, c.add...), c.remove...) {
		if p.Knobs.Mode != model.ModeAgg {
			return "disaggregated"
		}
	}
	if len(c.add)+len(c.remove) == 0 {
		return "disaggregated"
	}
	return "aggregated"
}
