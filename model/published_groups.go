package model

// publishedGroups is PublishedGroup with each group's name made once: the
// points of a group share it, so a million points of a thousand curves
// make a thousand names, not a million strings to collect.
func publishedGroups() func(*Point) string {
	type groupKey struct {
		curve  CurveKey
		disagg bool // false on an AgentX curve, whose modes share a group
	}
	names := map[groupKey]string{}
	return func(p *Point) string {
		k := groupKey{p.Curve, !IsAgentX(p.Curve) && p.Knobs.Mode == ModeDisagg}
		g, ok := names[k]
		if !ok {
			g = PublishedGroup(p)
			names[k] = g
		}
		return g
	}
}
