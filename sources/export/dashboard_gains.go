package export

import "github.com/sweeptune/sweeptune/model"

// DashboardGains are the change set's curves against the competitor at the
// dashboard's p90 interactivity as of the date, with the points its
// North-star gate would not draw marked: the PR body's dashboard section.
func DashboardGains(points []model.Point, asOf string, plan *ExportPlan) []model.CurveGains {
	shown := model.Latest(points, asOf)
	isOther := func(p *model.Point) bool { return p.Source == model.SourceCompetitor }
	curves := model.Compare(shown, isOther, model.AxisP90Intvty, model.AxisTputPerGPU)
	model.MarkGainsNotDrawn(curves, shown, isOther, model.AxisP90Intvty, model.AxisTputPerGPU)
	var out []model.CurveGains
	for _, c := range curves {
		for _, a := range append(append([]*model.Point{}, plan.Added...), plan.Dropped...) {
			if a.Curve == c.Curve {
				out = append(out, c)
				break
			}
		}
	}
	return out
}
