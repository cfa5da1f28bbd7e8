package numbering

import "github.com/sweeptune/sweeptune/internal/mem"

// byCurveMaxCells bounds the per curve and day table ByCurve keeps (a
// byte a cell); past it, the curves' configurations are numbered a curve
// at a time (ConfigsOf).
const byCurveMaxCells = 1 << 22

// ByCurve is each curve's points, in load order, and ConfigsOf of them:
// the same configurations, days and day ranks, made in the pass that
// groups the points, over the points' numbers in load order. ConfigsOf,
// a pass over each curve's points in turn, reads those numbers a curve
// at a time, scattered among the other curves': at a million points over
// 1,000 curves about a cache miss a point.
func (nb *Numbers) ByCurve() ([][]int, []Configs) { return nb.byCurve(byCurveMaxCells) }

// byCurve is ByCurve with a table of maxCells at most.
func (nb *Numbers) byCurve(maxCells int) ([][]int, []Configs) {
	curveOf := nb.curves.Of()
	n, nc, nd := len(curveOf), len(nb.curves.Keys()), len(nb.days)
	// A configuration is of one curve (its key holds the curve's number
	// first, NumbersFrom), and the configurations are numbered in key
	// order (radix.GroupIDs): a curve's are the numbers lo … hi, and its
	// own numbers are these less lo.
	count := make([]int, nc)
	lo, hi := make([]int32, nc), make([]int32, nc)
	for c := range lo {
		lo[c], hi[c] = int32(nb.nCfg), -1
	}
	for i, c := range curveOf {
		count[c]++
		if cfg := nb.cfg[i]; cfg >= 0 {
			lo[c], hi[c] = min(lo[c], cfg), max(hi[c], cfg)
		}
	}
	// One array for every curve's indexes, and one for each of their
	// numbers, their pages present (mem.Fresh): a curve's part follows the
	// curve before it, at the same place in all three.
	all := mem.Fresh[int](n)
	sets := make([][]int, nc)
	next := make([]int, nc) // per curve: where its next point goes
	at := 0
	for c := range sets {
		sets[c] = all[at : at+count[c] : at+count[c]]
		next[c] = at
		at += count[c]
	}
	if nc*max(nd, 1) > maxCells {
		for i, c := range curveOf {
			all[next[c]] = i
			next[c]++
		}
		return sets, nb.ConfigsOf(sets)
	}
	ofAll, dayAll := mem.Fresh[int32](n), mem.Fresh[int32](n)
	met := make([]bool, nc*nd) // per curve and day: a point of the curve ran on it
	for i, c := range curveOf {
		k := next[c]
		next[c]++
		all[k] = i
		of := int32(-1)
		if cfg := nb.cfg[i]; cfg >= 0 {
			of = cfg - lo[c]
		}
		ofAll[k] = of
		d := nb.day[i]
		if d >= 0 {
			met[int(c)*nd+int(d)] = true
		}
		dayAll[k] = d
	}
	cfgs := make([]Configs, nc)
	rank := make([]int32, nd)
	at = 0
	for c := range cfgs {
		f := &cfgs[c]
		f.of, f.day, f.n = ofAll[at:at+count[c]:at+count[c]], dayAll[at:at+count[c]:at+count[c]], int(max(hi[c]-lo[c]+1, 0))
		at += count[c]
		for d, ran := range met[c*nd : (c+1)*nd] {
			if ran {
				rank[d] = int32(len(f.days))
				f.days = append(f.days, nb.days[d]) // the days' places are in date order
			}
		}
		for k, d := range f.day {
			if d >= 0 {
				f.day[k] = rank[d]
			}
		}
	}
	return sets, cfgs
}
