package model

// Retune pairs a kept point with a published point of the same topology and
// concurrency: the kept one re-tunes it (decode cap, MRR, balancing may
// differ, as 9P BS192 re-tunes 9P BS160 at c7480). Deltas are kept − published.
type Retune struct {
	KeptIndex, PublishedIndex int // into the slices given
	KeptID, PublishedID       string
	Topology                  string // the shape without the decode cap
	Concurrency               int

	DY, DYPct float64 // y delta, absolute and in percent of the published y
	HasY      bool
	DX, DXPct float64 // x (interactivity or latency) delta, likewise
	HasX      bool
	// WithinNoise: the y delta is no larger than the curve's run-to-run
	// spread (CurveReview.Noise).
	WithinNoise bool
}

// ShapeWithoutBS is the shape without the decode CUDA-graph cap: the
// topology a re-tune keeps fixed.
func ShapeWithoutBS(k Knobs) string {
	k.DecodeBS = 0
	return k.Shape()
}

// Retunes finds every (kept, published) pair on the same curve with the same
// topology and concurrency; a point is never paired with itself (same ID).
// Points without knobs (no mode) are skipped. Pairs come in kept order, then
// published order.
func Retunes(kept, published []Point, x, y Axis) []Retune {
	return retunesOf(kept, len(published), func(j int) *Point { return &published[j] }, x, y)
}

// retunesOf is Retunes of the n published points published(j) gives, read
// where they lie (a review's curve of 80,000 points is not copied for it).
func retunesOf(kept []Point, n int, published func(j int) *Point, x, y Axis) []Retune {
	type key struct {
		curve CurveKey
		topo  string
		conc  int
	}
	byKey := make(map[key][]int)
	for j := range n {
		p := published(j)
		if p.Knobs.Mode == "" {
			continue
		}
		k := key{p.Curve, ShapeWithoutBS(p.Knobs), p.Knobs.Concurrency}
		byKey[k] = append(byKey[k], j)
	}
	// each kept point's matches found first, so the pairs are made in a
	// slice of their size (a curve of 80,000 points has as many)
	matches := make([][]int, len(kept))
	topos := make([]string, len(kept))
	pairs := 0
	for i := range kept {
		k := &kept[i]
		if k.Knobs.Mode == "" {
			continue
		}
		topos[i] = ShapeWithoutBS(k.Knobs)
		matches[i] = byKey[key{k.Curve, topos[i], k.Knobs.Concurrency}]
		pairs += len(matches[i])
	}
	out := make([]Retune, 0, pairs)
	for i := range kept {
		k := &kept[i]
		for _, j := range matches[i] {
			p := published(j)
			if p.ID == k.ID {
				continue
			}
			r := Retune{KeptIndex: i, PublishedIndex: j, KeptID: k.ID, PublishedID: p.ID,
				Topology: topos[i], Concurrency: k.Knobs.Concurrency}
			r.DY, r.DYPct, r.HasY = delta(k, p, y.Metric)
			r.DX, r.DXPct, r.HasX = delta(k, p, x.Metric)
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return nil // as before: no pair, no slice
	}
	return out
}

func delta(k, p *Point, m Metric) (d, pct float64, ok bool) {
	kv, ok1 := k.Value(m)
	pv, ok2 := p.Value(m)
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	d = kv - pv
	if pv != 0 {
		pct = 100 * d / pv
	}
	return d, pct, true
}
