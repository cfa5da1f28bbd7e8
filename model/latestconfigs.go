package model

import "math/bits"

// Configs are the configurations of one set of points (a curve's, say),
// numbered once, whatever the date: a view as of any date then picks its
// latest runs by these numbers (LatestIndexOf) without reading a knob or
// hashing a string again. The workbench keeps them per curve.
type Configs struct {
	of []int32 // per point of the set: its configuration, -1 for none
	n  int
}

// NumberConfigs numbers the configurations of points[idx[k]] as
// LatestIndexOf does: curve, source and base ID; undated points and
// points without knobs have none.
func NumberConfigs(points []Point, idx []int) Configs {
	n := len(idx)
	curves := newCurveNumbers(n)
	sources := interner[Source]{index: map[Source]int32{}}
	bases := newBaseIDs()
	of := make([]int32, n)
	curve := make([]int32, n)
	src := make([]int32, n)
	m := 0
	for k, i := range idx {
		p := &points[i]
		of[k] = -1
		if p.Prov.Date == "" || p.Knobs.Mode == "" {
			continue
		}
		curve[k], of[k], src[k] = curves.of(&p.Curve), bases.ofKnobs(&p.Knobs), sources.of(p.Source)
		m++
	}
	keys := make([]uint64, 0, m)
	bb := uint(bits.Len(uint(len(bases.texts))))
	sb := uint(bits.Len(uint(len(sources.index))))
	for k := range of {
		if of[k] >= 0 {
			keys = append(keys, uint64(curve[k])<<(bb+sb)|uint64(src[k])<<bb|uint64(of[k]))
		}
	}
	cfg, ncfg := groupIDs(keys)
	j := 0
	for k := range of {
		if of[k] >= 0 {
			of[k] = cfg[j]
			j++
		}
	}
	return Configs{of: of, n: ncfg}
}

// LatestIndexOf is LatestIndexOf(points, idx, asOf) for the idx the
// configurations were numbered over.
func (c Configs) LatestIndexOf(points []Point, idx []int, asOf string) []int {
	latest := make([]string, c.n) // per configuration: its latest date on or before asOf
	for k, i := range idx {
		e := c.of[k]
		if e < 0 {
			continue
		}
		d := points[i].Prov.Date
		if asOf != "" && dateAfter(d, asOf) {
			continue
		}
		if latest[e] == "" || dateAfter(d, latest[e]) {
			latest[e] = d
		}
	}
	out := make([]int, 0, len(idx))
	for k, i := range idx {
		p := &points[i]
		switch d := p.Prov.Date; {
		case d == "" || p.Knobs.Mode == "":
			out = append(out, i)
		case asOf != "" && dateAfter(d, asOf):
		case day(latest[c.of[k]]) == day(d):
			out = append(out, i)
		}
	}
	return out
}
