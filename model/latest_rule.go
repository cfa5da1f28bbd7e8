package model

// LatestIndexRule is the latest-run rule, written plainly: a map from each
// configuration (its base ID, source and curve) to its latest day on or
// before asOf ("" for no limit), then every point at idx (every point when
// idx is nil), in order, that is undated, has no knobs, or was measured on
// its configuration's latest day.
//
// It is the code of record. LatestIndex, LatestIndexOf, LatestIndexNumbered
// and LatestIndexFrom give the same indices from integer keys and a radix
// numbering (history.go, namingfacts.go): TestLatestIndexMatchesReference
// and TestLatestIndexFromMatchesReference hold them to this.
func LatestIndexRule(points []Point, idx []int, asOf string) []int {
	if idx == nil {
		idx = make([]int, len(points))
		for i := range idx {
			idx[i] = i
		}
	}
	type config struct {
		base   string
		source Source
		curve  CurveKey
	}
	dated := func(p *Point) bool { return p.Prov.Date != "" && p.Knobs.Mode != "" }
	configOf := func(p *Point) config { return config{p.Knobs.BaseID(), p.Source, p.Curve} }
	latest := map[config]string{}
	for _, i := range idx {
		if p := &points[i]; dated(p) && (asOf == "" || !dateAfter(p.Prov.Date, asOf)) {
			if c := configOf(p); dateAfter(p.Prov.Date, latest[c]) {
				latest[c] = day(p.Prov.Date)
			}
		}
	}
	var out []int
	for _, i := range idx {
		if p := &points[i]; !dated(p) || day(p.Prov.Date) == latest[configOf(p)] {
			out = append(out, i)
		}
	}
	return out
}
