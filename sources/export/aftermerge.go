package export

import (
	"slices"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// AfterMerge previews the curve after merge for a planned change set
// (docs/dashboard.md): the listed keys' sweep is every override the
// bundles keep (at each of its concurrencies) and every added point; the
// reviewed removals are the plan's. One preview per published curve group
// the change set touches (an AgentX curve is one group). appended are the
// published dates earlier append-only entries made (sources.AppendOnlyDates):
// the curve published now joins them, as report --as-published does.
//
// Only an export that appends a changelog entry triggers a sweep, and the
// master says what its keys run: without both there is nothing to preview.
func AfterMerge(p *ExportPlan, points []model.Point, asOf, masterPath string, appended model.AppendOnlyDates) []model.Preview {
	rows := listedRows(p, masterPath)
	if rows == nil || p.Entry == "" {
		return nil
	}
	var sweep []model.SweepPoint
	for _, k := range p.Kept {
		concs := k.Concurrencies
		if rows != nil {
			var ok bool
			if concs, ok = rows[k.Key]; !ok {
				continue // no listed key runs it
			}
		}
		if len(concs) == 0 {
			concs = []int{k.Knobs.Concurrency}
		}
		for _, c := range concs {
			kn := k.Knobs
			kn.Concurrency = c
			sweep = append(sweep, model.SweepPoint{Knobs: kn, Key: k.Key})
		}
	}
	for _, a := range p.Added {
		sweep = append(sweep, model.SweepPoint{Knobs: a.Knobs, Key: model.OverrideName(a.Knobs.BaseID())})
	}
	removed := make([]string, len(p.Dropped))
	for i, d := range p.Dropped {
		removed[i] = d.ID
	}
	// The groups: those of the points the change set adds, removes or keeps.
	var groups []string
	curveOf := map[string]model.CurveKey{}
	note := func(q *model.Point) {
		if q == nil {
			return
		}
		g := model.PublishedGroup(q)
		if !slices.Contains(groups, g) {
			groups = append(groups, g)
			curveOf[g] = q.Curve
		}
	}
	for _, a := range p.Added {
		note(a)
	}
	for _, d := range p.Dropped {
		note(d)
	}
	for _, k := range p.Kept {
		note(k.Point)
	}
	var out []model.Preview
	for _, g := range groups {
		curve := curveOf[g]
		var sw []model.SweepPoint
		for _, s := range sweep {
			q := model.Point{Curve: curve, Knobs: s.Knobs}
			if model.PublishedGroup(&q) == g {
				sw = append(sw, s)
			}
		}
		out = append(out, model.PreviewAfterMerge(model.PreviewRequest{Points: points, Curve: curve, Group: g, AsOf: asOf,
			Sweep: sw, Removed: removed, Appended: appended, X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU, GainX: model.AxisP90Intvty}))
	}
	return out
}

// listedRows is, from the master as the plan leaves it, the overrides the
// rows of the listed keys select and their concurrencies: what InferenceX's
// sweep generator runs for the entry. nil without a master in the plan.
func listedRows(p *ExportPlan, masterPath string) map[string][]int {
	if masterPath == "" {
		return nil
	}
	var text []byte
	for _, f := range p.Files {
		if f.Path == masterPath {
			text = f.New
		}
	}
	if text == nil {
		return nil
	}
	mc, _, err := srt.ParseMaster(masterPath, text)
	if err != nil {
		return nil
	}
	out := map[string][]int{}
	for _, key := range p.Keys {
		e := mc.Entry(key)
		if e == nil {
			continue
		}
		for _, sc := range e.Scenarios {
			for _, r := range sc.Rows {
				if _, ov := r.Selector(); ov != "" {
					out[ov] = append(out[ov], r.ConcList...)
				}
			}
		}
	}
	return out
}
