package export

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// The removal review (rule 18(g)): a removed point must lie under the line
// through its kept neighbours on mean interactivity × throughput per GPU,
// or be Pareto-dominated outside the kept range. It is model.Review, the
// review the CLI and the workbench show, curve by curve.

var reviewX, reviewY = model.AxisMeanIntvty, model.AxisTputPerGPU

func (c *exportCtx) review() {
	if len(c.remove) == 0 {
		return
	}
	verdicts := c.verdicts
	if verdicts == nil {
		verdicts = c.reviewVerdicts()
		if verdicts == nil {
			return
		}
	}
	c.judge(verdicts)
}

// reviewVerdicts runs model.Review over every removed point, curve by
// curve; nil when the review itself fails (a refusal says why).
func (c *exportCtx) reviewVerdicts() map[string]model.RemovalVerdict {
	byCurve := map[model.CurveKey][]string{}
	var curves []model.CurveKey
	for _, p := range c.remove {
		if _, ok := byCurve[p.Curve]; !ok {
			curves = append(curves, p.Curve)
		}
		byCurve[p.Curve] = append(byCurve[p.Curve], p.ID)
	}
	verdicts := map[string]model.RemovalVerdict{}
	// The curve as the view shows it as of the date: each configuration's
	// latest run per source, later runs left out (docs/review.md).
	shown := model.Latest(c.req.Points, c.req.AsOf)
	for _, k := range curves {
		r, err := model.Review(model.ReviewRequest{Points: shown, Curve: &k, Remove: byCurve[k], Keep: keepOn(shown, k, c.req.Keep), KeepWhy: c.req.KeepWhy,
			X: reviewX, Y: reviewY, WithPlanned: c.req.WithPlanned, AsOf: c.req.AsOf})
		if err != nil {
			c.refuse("the review: %v", err)
			return nil
		}
		for _, v := range r.Removed {
			verdicts[v.ID] = v
		}
	}
	return verdicts
}

// reviewAll reviews every removed point of a change set at once and
// records the verdicts and refusals; the parts then only look them up.
func (c *exportCtx) reviewAll() map[string]model.RemovalVerdict {
	if len(c.remove) == 0 {
		return map[string]model.RemovalVerdict{}
	}
	v := c.reviewVerdicts()
	if v == nil {
		return map[string]model.RemovalVerdict{}
	}
	c.judge(v)
	return v
}

// judge records the verdict of each removed point and refuses the ones
// the review does not clear (unless forced).
func (c *exportCtx) judge(verdicts map[string]model.RemovalVerdict) {
	c.plan.Verdicts = make([]model.RemovalVerdict, len(c.remove))
	for i, p := range c.remove {
		v := verdicts[p.ID]
		c.plan.Verdicts[i] = v
		if c.verdicts != nil {
			continue // the change set judged it already
		}
		if v.Covered {
			continue
		}
		if c.req.Force {
			c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s: removed although %s (--force)", p.ID, c.verdictText(v)))
			continue
		}
		c.refuse("%s: the review does not clear its removal: %s (use --force with a reason)", p.ID, c.verdictText(v))
	}
}

// verdictText says in one phrase what the review found; a planned point it
// leans on is named as planned, never cited as measured.
func (c *exportCtx) verdictText(v model.RemovalVerdict) string {
	nb := c.neighbours(v.Neighbours)
	var s string
	switch {
	case v.Test == model.TestNone || len(nb) == 0:
		return fmt.Sprintf("no %s/%s value to test", reviewX.Name, reviewY.Name)
	case v.HasLine && v.Covered:
		s = fmt.Sprintf("covered by the line %s: %s at mean %s (%+.2f %%)",
			strings.Join(nb, " - "), thousands(v.LineValue, 2), srt.TrimFloat(v.X), v.GapPct)
	case v.HasLine:
		s = fmt.Sprintf("above the line %s: %s at mean %s (%+.2f %%)",
			strings.Join(nb, " - "), thousands(v.LineValue, 2), srt.TrimFloat(v.X), v.GapPct)
	case v.Covered:
		s = fmt.Sprintf("Pareto-dominated by %s", c.pointText(v.DominatedBy, false))
	default:
		s = fmt.Sprintf("outside the kept range and not dominated by %s", strings.Join(nb, ", "))
	}
	if v.UsesPlanned {
		s += " (leans on a planned point, not yet measured)"
	}
	return s
}

// pointText names a point by its shorthand, with its numbers when asked:
// "5P BS40 c2884 (717,972 @ 221.9)", "6P BS80 c4096 (planned: 760,000 @ 205)".
func (c *exportCtx) pointText(id string, withNumbers bool) string {
	i := model.FindID(c.req.Points, id)
	if i < 0 {
		return id
	}
	p := &c.req.Points[i]
	name := PointName(p.Knobs)
	x, y, ok := p.XY(reviewX, reviewY)
	switch {
	case withNumbers && ok && p.Source == model.SourcePlanned:
		name += fmt.Sprintf(" (planned: %s @ %s)", thousands(y, 0), srt.TrimFloat(x))
	case withNumbers && ok:
		name += fmt.Sprintf(" (%s @ %s)", thousands(y, 0), srt.TrimFloat(x))
	case p.Source == model.SourcePlanned:
		name += " (planned)"
	}
	return name
}

// neighbours names the kept neighbours with their numbers, lower
// throughput first ("5P BS40 c2884 (717,972 @ 221.9)").
func (c *exportCtx) neighbours(ids []string) []string {
	type nbp struct {
		name string
		y    float64
	}
	var ps []nbp
	for _, id := range ids {
		y := 0.0
		if i := model.FindID(c.req.Points, id); i >= 0 {
			y, _ = c.req.Points[i].Value(reviewY.Metric)
		}
		ps = append(ps, nbp{c.pointText(id, true), y})
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].y < ps[j].y })
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.name
	}
	return out
}

// keepOn is the part of a kept set on curve k.
func keepOn(points []model.Point, k model.CurveKey, keep []string) []string {
	var out []string
	for _, id := range keep {
		if i := model.FindID(points, id); i >= 0 && points[i].Curve == k {
			out = append(out, id)
		}
	}
	return out
}
