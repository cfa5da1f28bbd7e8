package render

import (
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// NorthStarLegend says, under a curve's table, that its frontier is the one
// the dashboard draws and which Pareto points the gate left out; nothing
// when the gate did not apply.
func NorthStarLegend(g model.NorthStarGate) []Line {
	if !g.Applies {
		return nil
	}
	var d Doc
	if !g.Shown {
		if len(g.NotDrawn) > 0 {
			d.Addf(Muted, "the dashboard has no view on this axis; by its North-star gate (also on the %s frontier; InferenceX MODELS.md) it would draw %d of these %s",
				g.Canonical, g.Pareto-len(g.NotDrawn), model.Plural(g.Pareto, "frontier point"))
			d.Add(S(Warn, "not drawn: "+notDrawnList(g)))
		}
		return d.Lines
	}
	d.Addf(Muted, "frontier: as the dashboard draws an AgentX curve (North-star gate: also on the %s frontier; InferenceX MODELS.md)", g.Canonical)
	if len(g.NotDrawn) > 0 {
		d.Addf(Warn, "the dashboard would not draw %s of the Pareto frontier: %s", model.Plural(len(g.NotDrawn), "point"), notDrawnList(g))
	}
	return d.Lines
}

// notDrawnShort is a not-drawn reason as a table cell says it.
func notDrawnShort(reason string) string {
	if reason == model.NoTraces {
		return "no E2E-normalised value"
	}
	return "not a North-star winner"
}

func notDrawnList(g model.NorthStarGate) string {
	ids := make([]string, len(g.NotDrawn))
	for i, n := range g.NotDrawn {
		ids[i] = n.ID + " (" + notDrawnShort(n.Reason) + ")"
	}
	return strings.Join(ids, ", ")
}
