package workbench

import (
	"fmt"
	"maps"
	"slices"

	"github.com/sweeptune/sweeptune/model"
)

// AcceptSelection chooses one point per band of the shown curve on the
// current axes (model.Select, docs/select.md: default bands, the margin
// from the curve's run-to-run noise) and takes it as the export's set: on
// the shown curve, exactly its removals are marked and its additions
// (measured points not yet published) put in the export. u undoes it.
func (s *State) AcceptSelection() string {
	sel, measured, err := SelectShown(s.Curve, s.CurveRunsLater()(), s.AsOf, s.X, s.Y)
	if err != nil {
		return "select: " + err.Error()
	}
	if !sel.CoveredAll() {
		return "select: a removal is not covered; nothing changed"
	}
	s.remember("accepted the selection")
	// The points the selection judged (both axes, inside the bands) take
	// its verdict; marks and additions of the others stay as they are.
	onCurve := map[string]bool{}
	for i := range measured {
		if _, _, ok := measured[i].XY(s.X, s.Y); ok && !slices.Contains(sel.Outside, measured[i].ID) {
			onCurve[measured[i].ID] = true
		}
	}
	marks := maps.Clone(s.Marks)
	for id := range marks {
		if onCurve[id] {
			delete(marks, id)
		}
	}
	for _, id := range sel.Remove {
		marks[id] = true
	}
	added := slices.DeleteFunc(slices.Clone(s.Added), func(id string) bool { return onCurve[id] })
	s.Marks, s.Added = marks, append(added, sel.Add...)
	set := sel.Set()
	s.Accepted = &set // the pairing and reasons the export pane's PR body gives
	s.pending |= ChangeMarks
	return fmt.Sprintf("selection accepted: %s marked, %s added (%s on %s, margin ±%.1f %%) · u undoes",
		model.Plural(len(sel.Remove), "removal"), model.Plural(len(sel.Add), "point"),
		model.Plural(len(sel.Bands), "band"), s.X.Name, sel.Margin.Pct)
}

// SelectShown is the selection of the shown curve's measured runs (runs
// without the planned ones, which it also returns) as of asOf on x and y,
// as select runs it: default bands, the margin from the run-to-run noise
// of the pairs measured on or before asOf (model.NoiseAsOf).
func SelectShown(curve model.CurveKey, runs []model.Point, asOf string, x, y model.Axis) (*model.Selection, []model.Point, error) {
	measured := make([]model.Point, 0, len(runs))
	for i := range runs {
		if runs[i].Source != model.SourcePlanned {
			measured = append(measured, runs[i])
		}
	}
	sel, err := model.Select(model.SelectRequest{Points: measured, Curve: curve, X: x, Y: y, AsOf: asOf,
		Margin: model.MarginFromNoiseAsOf(measured, x, y, asOf)})
	return sel, measured, err
}
