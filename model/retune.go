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
	type key struct {
		curve CurveKey
		topo  string
		conc  int
	}
	byKey := make(map[key][]int)
	for j := range published {
		p := &published[j]
		if p.Knobs.Mode == "" {
			continue
		}
		k := key{p.Curve, ShapeWithoutBS(p.Knobs), p.Knobs.Concurrency}
		byKey[k] = append(byKey[k], j)
	}
	var out []Retune
	for i := range kept {
		k := &kept[i]
		if k.Knobs.Mode == "" {
			continue
		}
		for _, j := range byKey[key{k.Curve, ShapeWithoutBS(k.Knobs), k.Knobs.Concurrency}] {
			p := &published[j]
			if p.ID == k.ID {
				continue
			}
			r := Retune{KeptIndex: i, PublishedIndex: j, KeptID: k.ID, PublishedID: p.ID,
				Topology: ShapeWithoutBS(k.Knobs), Concurrency: k.Knobs.Concurrency}
			r.DY, r.DYPct, r.HasY = delta(k, p, y.Metric)
			r.DX, r.DXPct, r.HasX = delta(k, p, x.Metric)
			out = append(out, r)
		}
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
