package export

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// The removal review (rule 18(g)): a removed point must lie under the line
// through its kept neighbours on mean interactivity × throughput per GPU,
// or be Pareto-dominated outside the kept range.

var reviewX, reviewY = model.AxisMeanIntvty, model.AxisTputPerGPU

// keptCurve is the curve after the export, as model.KeptCurve defines it:
// the removed points' curves without them (added points included).
func (c *exportCtx) keptCurve() []model.Point {
	curves := map[model.CurveKey]bool{}
	gone := map[string]bool{}
	for _, p := range c.remove {
		curves[p.Curve] = true
		gone[p.ID] = true
	}
	var curve []model.Point
	for _, p := range c.req.Points {
		if curves[p.Curve] {
			curve = append(curve, p)
		}
	}
	return model.KeptCurve(curve, gone, reviewX, reviewY)
}

func (c *exportCtx) review() {
	if len(c.remove) == 0 {
		return
	}
	removed := make([]model.Point, len(c.remove))
	for i, p := range c.remove {
		removed[i] = *p
	}
	c.plan.Verdicts = model.ReviewRemovals(c.keptCurve(), removed, reviewX, reviewY)
	for i, v := range c.plan.Verdicts {
		if v.Covered {
			continue
		}
		if c.req.Force {
			c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s: removed although %s (--force)", c.remove[i].ID, c.verdictText(v)))
			continue
		}
		c.refuse("%s: the review does not clear its removal: %s (use --force with a reason)", c.remove[i].ID, c.verdictText(v))
	}
}

// label names a point by its shorthand (7P BS96 c5540) for descriptions.
func (c *exportCtx) label(id string) string {
	if i := model.FindID(c.req.Points, id); i >= 0 {
		return c.req.Points[i].Knobs.ShortLabel()
	}
	return id
}

// verdictText says in one phrase what the review found.
func (c *exportCtx) verdictText(v model.RemovalVerdict) string {
	nb := c.neighbours(v.Neighbours)
	switch {
	case v.Test == model.TestNone || len(nb) == 0:
		return fmt.Sprintf("no %s/%s value to test", reviewX.Name, reviewY.Name)
	case v.HasLine && v.Covered:
		return fmt.Sprintf("covered by the line %s: %s at mean %s (%+.2f %%)",
			strings.Join(nb, " - "), thousands(v.LineValue, 2), trimFloat(v.X), v.GapPct)
	case v.HasLine:
		return fmt.Sprintf("above the line %s: %s at mean %s (%+.2f %%)",
			strings.Join(nb, " - "), thousands(v.LineValue, 2), trimFloat(v.X), v.GapPct)
	case v.Covered:
		return fmt.Sprintf("Pareto-dominated by %s", c.label(v.DominatedBy))
	default:
		return fmt.Sprintf("outside the kept range and not dominated by %s", strings.Join(nb, ", "))
	}
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
		i := model.FindID(c.req.Points, id)
		if i < 0 {
			ps = append(ps, nbp{name: id})
			continue
		}
		p := &c.req.Points[i]
		x, y, ok := p.XY(reviewX, reviewY)
		name := p.Knobs.ShortLabel()
		if ok {
			name += fmt.Sprintf(" (%s @ %s)", thousands(y, 0), trimFloat(x))
		}
		ps = append(ps, nbp{name, y})
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].y < ps[j].y })
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.name
	}
	return out
}
