package model

import "strings"

// The dashboard's North-star gate on an AgentX curve (InferenceX MODELS.md,
// "North-star Pareto policy"; docs/dashboard.md): the Pareto frontier on
// E2E-normalised interactivity is the canonical frontier; every other x
// axis shows only the points that are both on it and on that axis's own
// frontier. A run without per-request traces has no E2E-normalised value
// and so is no North-star winner.

// NorthStarAxis is the canonical axis the dashboard gates by: E2E-normalised
// p90 interactivity, its default.
var NorthStarAxis = AxisE2ENormP90

// IsAgentX reports whether the curve is an AgentX scenario (the agentic
// traces: agentic-coding), the scenarios the gate applies to.
func IsAgentX(k CurveKey) bool {
	s := strings.ToLower(k.Scenario)
	return strings.HasPrefix(s, "agentic") || s == "agentx"
}

// NotDrawn is a point of the view's own Pareto frontier that the dashboard
// does not draw, and why.
type NotDrawn struct {
	Index  int    `json:"-"` // into the points given
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// NorthStarGate says whether the gate applied to a frontier and what it
// left out.
type NorthStarGate struct {
	Applies bool `json:"applies"`
	// Shown: the frontier returned is the gated one. On an axis the
	// dashboard has no view of (mean or median interactivity, rule
	// 18(g)'s) the plain frontier comes back and NotDrawn says what the
	// dashboard's views would leave out.
	Shown     bool       `json:"shown"`
	Pareto    int        `json:"pareto_points"`            // points of the plain Pareto frontier
	Canonical string     `json:"canonical_axis,omitempty"` // the axis gated by
	Why       string     `json:"why,omitempty"`            // why it does not apply
	Winners   []string   `json:"winners,omitempty"`        // IDs on the canonical frontier
	NotDrawn  []NotDrawn `json:"not_drawn,omitempty"`
}

// Reasons a frontier point is not drawn.
const (
	NotNorthStarWinner = "not a North-star winner (off the E2E-normalised frontier)"
	NoTraces           = "no E2E-normalised value (no per-request traces): takes no part"
)

// DashboardFrontier is Frontier(points, x, y) as the dashboard draws it: on
// an AgentX curve with x other than the canonical axis, only the points
// that are also on the canonical frontier. It applies when the points are
// one AgentX curve and at least one of them has the canonical metric;
// otherwise the plain frontier comes back with the reason in gate.Why.
func DashboardFrontier(points []Point, x, y Axis) (front []int, gate NorthStarGate) {
	return dashboardFrontierAt(len(points), sliceAt(points), x, y)
}

// DashboardFrontierRefs is DashboardFrontier of the points refs refer to.
func DashboardFrontierRefs(refs []*Point, x, y Axis) (front []int, gate NorthStarGate) {
	return dashboardFrontierAt(len(refs), refsAt(refs), x, y)
}

func dashboardFrontierAt(n int, at pointAt, x, y Axis) (front []int, gate NorthStarGate) {
	front = frontierAt(n, at, x, y)
	if n == 0 {
		return front, gate
	}
	if why := gateSkips(at(0).Curve, x); why != "" {
		gate.Why = why
		return front, gate
	}
	canon := NorthStarAxis
	traced := 0
	for i := 0; i < n && traced == 0; i++ {
		if _, ok := at(i).Metrics.Get(canon.Metric); ok {
			traced++
		}
	}
	if traced == 0 {
		gate.Why = "no point of the curve has " + canon.Name + " (no per-request traces loaded)"
		return front, gate
	}
	gate.Applies, gate.Canonical = true, canon.Name
	winner := map[int]bool{}
	for _, i := range frontierAt(n, at, canon, y) {
		winner[i] = true
		gate.Winners = append(gate.Winners, at(i).ID)
	}
	gate.Shown, gate.Pareto = DashboardAxis(x), len(front)
	kept := front[:0:0]
	for _, i := range front {
		if winner[i] {
			kept = append(kept, i)
			continue
		}
		why := NotNorthStarWinner
		if _, ok := at(i).Metrics.Get(canon.Metric); !ok {
			why = NoTraces
		}
		gate.NotDrawn = append(gate.NotDrawn, NotDrawn{Index: i, ID: at(i).ID, Reason: why})
	}
	if !gate.Shown {
		return front, gate
	}
	return kept, gate
}

// DashboardAxis reports whether the dashboard has a view on x: p90
// interactivity, E2E-normalised interactivity, E2E latency (mean and
// median interactivity are the removal rule's axes, not its views).
func DashboardAxis(x Axis) bool {
	switch x.Metric {
	case MeanIntvty, MedianIntvty:
		return false
	}
	return true
}

// NotDrawnIDs is the set of IDs the gate left off the frontier.
func (g NorthStarGate) NotDrawnIDs() map[string]string {
	out := make(map[string]string, len(g.NotDrawn))
	for _, n := range g.NotDrawn {
		out[n.ID] = n.Reason
	}
	return out
}

// gateSkips says why the gate cannot apply to curve k's frontier on x, ""
// when it may (it still needs a point with the canonical metric).
func gateSkips(k CurveKey, x Axis) string {
	switch {
	case !IsAgentX(k):
		return "not an AgentX scenario"
	case x.Metric == E2ENormP90 || x.Metric == E2ENormP75:
		return "the view is on E2E-normalised interactivity: its frontier is the canonical one"
	}
	return ""
}

// MarkGainsNotDrawn sets NotDrawn on each gain whose point is on its curve's
// Pareto frontier but not on the frontier the dashboard draws (the gate on
// an AgentX curve): a gain claimed for a point no published chart shows.
// points are the shown points; isOther picks the other curve's. A curve the
// gate cannot apply to has nothing left out; the others' points are sorted
// to their curves in one pass.
func MarkGainsNotDrawn(curves []CurveGains, points []Point, isOther func(*Point) bool, x, y Axis) {
	gated := map[CurveKey]int{}
	for ci := range curves {
		c := &curves[ci]
		if gateSkips(c.Curve, x) != "" {
			for gi := range c.Gains {
				c.Gains[gi].NotDrawn = ""
			}
			continue
		}
		gated[c.Curve] = ci
	}
	if len(gated) == 0 {
		return
	}
	own := make([][]Point, len(curves))
	for i := range points {
		p := &points[i]
		if ci, ok := gated[p.Curve]; ok && !isOther(p) {
			own[ci] = append(own[ci], *p)
		}
	}
	for _, ci := range gated {
		c := &curves[ci]
		_, gate := DashboardFrontier(own[ci], x, y)
		why := gate.NotDrawnIDs()
		for gi := range c.Gains {
			c.Gains[gi].NotDrawn = why[c.Gains[gi].ID]
		}
	}
}
