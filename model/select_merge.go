package model

import (
	"cmp"
	"slices"
)

// Merging covered bands: one point per interactivity range keeps a point
// only where it adds to the curve. A band whose choice is a kept incumbent
// lying under the line of its neighbouring choices by more than the margin
// (on the band axes) adds nothing its neighbours do not already beat, so
// the band joins its neighbour: the incumbent becomes a removal, replaced by
// the neighbour's choice (docs/select.md, "Merged bands"). A merge stands
// only when the joined band still chooses the neighbour's point and every
// removal stays covered; Select undoes all merges when they would cost the
// dashboard a frontier point.

// DroppedPoint is a kept incumbent a merge removed, and how far (percent)
// it lay under the line of its neighbouring choices.
type DroppedPoint struct {
	ID       string  `json:"id"`
	UnderPct float64 `json:"under_pct"`
}

// underNeighbours is, per band, how far (percent) its kept incumbent lies
// under the line of its neighbouring kept points; 0 when it does not lie
// under it by more than the margin, or is not a kept incumbent.
func (s *Selection) underNeighbours(in []cand, bands []Band, outsideKept []Point, margin float64) []float64 {
	type kp struct {
		x, y float64
		band int // -1: not a band's choice
	}
	var kept []kp
	for i := range outsideKept {
		if x, y, ok := outsideKept[i].XY(s.X, s.Y); ok {
			kept = append(kept, kp{x, y, -1})
		}
	}
	for b, bd := range bands {
		if bd.ci >= 0 {
			kept = append(kept, kp{in[bd.ci].x, in[bd.ci].y, b})
		}
		for _, i := range bd.ei {
			kept = append(kept, kp{in[i].x, in[i].y, -1})
		}
	}
	slices.SortStableFunc(kept, func(a, b kp) int { return cmp.Compare(a.x, b.x) })
	out := make([]float64, len(bands))
	for i := 1; i+1 < len(kept); i++ {
		a, p, c := kept[i-1], kept[i], kept[i+1]
		if p.band < 0 || bands[p.band].Choice != ChoiceKept || len(bands[p.band].ei) > 0 || a.x == p.x || p.x == c.x {
			continue
		}
		line := interpolate(a.x, a.y, c.x, c.y, p.x)
		if g := -gainPct(s.Y, p.y, line); g > margin {
			out[p.band] = g
		}
	}
	return out
}

// mergeCovered merges covered bands into a neighbour, the most covered
// first, one at a time, until none can merge; dropped marks the incumbents
// so removed.
func (s *Selection) mergeCovered(req SelectRequest, in []cand, bands []Band, outsideKept []Point, extra, dropped []bool) []Band {
	for len(bands) > 1 {
		under := s.underNeighbours(in, bands, outsideKept, req.Margin.Pct)
		order := make([]int, 0, len(bands))
		for b, u := range under {
			if u > 0 {
				order = append(order, b)
			}
		}
		if len(order) == 0 {
			return bands
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(under[b], under[a]) })
		merged := false
		for _, b := range order {
			if t, ok := s.tryMerge(req, in, bands, outsideKept, extra, dropped, b, under[b]); ok {
				bands, merged = t, true
				break
			}
		}
		assign(in, bands) // a refused trial reassigned the candidates
		if !merged {
			return bands
		}
	}
	return bands
}

// tryMerge joins band b with a neighbour (the one whose choice has the
// better y first) and reports whether the join stands: the joined band
// chooses the neighbour's point and no removal goes uncovered.
func (s *Selection) tryMerge(req SelectRequest, in []cand, bands []Band, outsideKept []Point, extra, dropped []bool, b int, under float64) ([]Band, bool) {
	var nbs []int
	for _, n := range []int{b - 1, b + 1} {
		if n >= 0 && n < len(bands) && bands[n].ci >= 0 {
			nbs = append(nbs, n)
		}
	}
	if len(nbs) == 2 && better(req.X, req.Y, &in[bands[nbs[1]].ci], &in[bands[nbs[0]].ci]) {
		nbs[0], nbs[1] = nbs[1], nbs[0]
	}
	weak := bands[b].ci
	for _, n := range nbs {
		lo, hi := min(b, n), max(b, n)
		joined := Band{Lo: bands[lo].Lo, Hi: bands[hi].Hi, Split: bands[lo].Split || bands[hi].Split, Merged: true,
			Dropped: slices.Concat(bands[lo].Dropped, bands[hi].Dropped, []DroppedPoint{{ID: in[weak].p.ID, UnderPct: under}})}
		trial := slices.Concat(bands[:lo], []Band{joined}, bands[hi+1:])
		segs := assign(in, trial)
		dropped[weak] = true
		trial[lo].choose(in, segs[lo], req.X, req.Y, req.Margin.Pct, extra, dropped, false)
		if trial[lo].ci == bands[n].ci && len(s.failing(in, trial, outsideKept)) == 0 {
			s.Merges++
			return trial, true
		}
		dropped[weak] = false
	}
	return bands, false
}
