package model

// LatestIndex returns the indices (in input order) of the points a curve
// view shows as of asOf ("" for no limit, else YYYY-MM-DD): per curve,
// source and configuration (shape and concurrency), the measurements of the
// latest date on or before asOf. Points dated after asOf are left out;
// undated points cannot be placed in time and are all kept, as are points
// without knobs (a competitor's frontier copied from a PR). The rule is
// LatestIndexRule; a program that loads runs its fast form (UseFastLatest).
func LatestIndex(points []Point, asOf string) []int {
	return latestIndexOf(points, nil, asOf)
}

// LatestIndexOf is LatestIndex over the points at idx (one curve's, in
// order): the indices into points of those shown, no point copied.
func LatestIndexOf(points []Point, idx []int, asOf string) []int {
	if idx == nil {
		idx = []int{} // none, not every point
	}
	return latestIndexOf(points, idx, asOf)
}

// fastLatest is LatestIndexRule's fast form when a program chose one
// (UseFastLatest), else nil.
var fastLatest func(points []Point, idx []int, asOf string) []int

// UseFastLatest makes LatestIndex and LatestIndexOf run fast, a form of
// LatestIndexRule that must give the same indices for every input. The
// load chooses it once, before any goroutine of its program starts
// (sources' init, docs/codebase.md); the reference tests hold it to the
// rule. A program that never chooses one runs the rule as written.
func UseFastLatest(fast func(points []Point, idx []int, asOf string) []int) { fastLatest = fast }

func latestIndexOf(points []Point, idx []int, asOf string) []int {
	if fastLatest != nil {
		return fastLatest(points, idx, asOf)
	}
	return LatestIndexRule(points, idx, asOf)
}

// LatestIndexRule is the latest-run rule, written plainly: a map from each
// configuration (its base ID, source and curve) to its latest day on or
// before asOf ("" for no limit), then every point at idx (every point when
// idx is nil), in order, that is undated, has no knobs, or was measured on
// its configuration's latest day.
//
// It is the code of record. The fast forms in model/numbering give the
// same indices from integer keys and a radix numbering:
// TestLatestIndexMatchesReference and TestLatestIndexFromMatchesReference
// hold them to this.
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
	out := []int{}
	for _, i := range idx {
		if p := &points[i]; !dated(p) || day(p.Prov.Date) == latest[configOf(p)] {
			out = append(out, i)
		}
	}
	return out
}
