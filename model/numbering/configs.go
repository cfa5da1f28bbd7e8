package numbering

import (
	"math/bits"
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/internal/intern"
	"github.com/sweeptune/sweeptune/internal/mem"
	"github.com/sweeptune/sweeptune/internal/radix"
	"github.com/sweeptune/sweeptune/model"
)

// Configs are the configurations of one set of points (a curve's, say),
// numbered once, whatever the date: a view as of any date then picks its
// latest runs by these numbers (Latest) without reading a knob or
// hashing a string again. The workbench keeps them per curve.
type Configs struct {
	of []int32 // per point of the set: its configuration, -1 for none
	n  int
	// day is per point of the set its run day's rank in days (the
	// distinct YYYY-MM-DD days, ascending), -1 when undated: the dates
	// compared as integers, not read from the points again.
	day  []int32
	days []string
}

// NumberConfigs numbers the configurations of points[idx[k]] as
// LatestIndexOf does: curve, source and base ID; undated points and
// points without knobs have none.
func NumberConfigs(points []model.Point, idx []int) Configs {
	n := len(idx)
	curve := model.NumberCurvesAt(points, idx).Of()
	sources := intern.NewValues[model.Source]()
	bases := newBaseIDs()
	of := mem.Fresh[int32](n)
	src := mem.Fresh[int32](n)
	m := 0
	for k, i := range idx {
		p := &points[i]
		of[k] = -1
		if p.Prov.Date == "" || p.Knobs.Mode == "" {
			continue
		}
		of[k], src[k] = bases.ofKnobs(&p.Knobs), sources.Of(p.Source)
		m++
	}
	keys := mem.Fresh[uint64](m)[:0]
	bb := uint(bits.Len(uint(len(bases.texts))))
	sb := uint(bits.Len(uint(sources.Len())))
	for k := range of {
		if of[k] >= 0 {
			keys = append(keys, uint64(curve[k])<<(bb+sb)|uint64(src[k])<<bb|uint64(of[k]))
		}
	}
	cfg, ncfg := radix.GroupIDs(keys)
	j := 0
	for k := range of {
		if of[k] >= 0 {
			of[k] = cfg[j]
			j++
		}
	}
	c := Configs{of: of, n: ncfg}
	c.day, c.days = rankDays(points, idx)
	return c
}

// rankDays ranks the run days of points[idx[k]] (-1 undated).
func rankDays(points []model.Point, idx []int) ([]int32, []string) {
	rank := mem.Fresh[int32](len(idx))
	seen := map[string]int32{}
	var days []string
	last, lastRank := "", int32(-1)
	for k, i := range idx {
		d := model.DayOf(points[i].Prov.Date)
		if d != last || k == 0 {
			last, lastRank = d, -1
			if d != "" {
				lastRank = rankOf(d, days, seen)
				if lastRank < 0 {
					lastRank = int32(len(days))
					seen[d] = lastRank
					days = append(days, d)
				}
			}
		}
		rank[k] = lastRank
	}
	// Ranks in order of arrival, then renumbered in date order.
	order := make([]int32, len(days))
	for r := range order {
		order[r] = int32(r)
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(days[a], days[b]) })
	to := make([]int32, len(days))
	sorted := make([]string, len(days))
	for r, from := range order {
		to[from], sorted[r] = int32(r), days[from]
	}
	for k, r := range rank {
		if r >= 0 {
			rank[k] = to[r]
		}
	}
	return rank, sorted
}

// rankOf is d's place in days (seen indexes them), -1 when not there: a
// curve runs on a few days, read in a line before a hash.
func rankOf(d string, days []string, seen map[string]int32) int32 {
	if len(days) <= 16 {
		for r, x := range days {
			if x == d {
				return int32(r)
			}
		}
		return -1
	}
	if r, ok := seen[d]; ok {
		return r
	}
	return -1
}

// cut is the number of the set's days that are on or before s: a day's
// rank is after s when it is cut or more.
// Days are the distinct run days of the set (YYYY-MM-DD), ascending:
// Dates of its points, read when they were numbered.
func (c Configs) Days() []string {
	if len(c.days) == 0 {
		return nil // as Dates of no dated point
	}
	return slices.Clone(c.days)
}

func (c Configs) cut(s string) int32 {
	n, _ := slices.BinarySearchFunc(c.days, s, func(d, s string) int {
		if d <= s {
			return -1
		}
		return 1
	})
	return int32(n)
}

// OnOrBefore is the places in the set (the idx the configurations were
// numbered over) of the points whose day is on or before asOf, the
// undated ones too; every place when asOf is "".
func (c Configs) OnOrBefore(asOf string) []int32 {
	out := make([]int32, 0, len(c.of))
	if asOf == "" {
		for k := range c.of {
			out = append(out, int32(k))
		}
		return out
	}
	cut := c.cut(asOf)
	for k, d := range c.day {
		if d < cut {
			out = append(out, int32(k))
		}
	}
	return out
}

// Latest is the places in the set of LatestIndexOf(points, idx, asOf),
// for the points and idx the configurations were numbered over: a view's
// pass reads what it keeps per place (Hot) in the set's order.
func (c Configs) Latest(asOf string) []int32 {
	cut := int32(len(c.days))
	if asOf != "" {
		cut = c.cut(model.DayOf(asOf))
	}
	latest := make([]int32, c.n) // per configuration: the rank of its latest day before cut
	for e := range latest {
		latest[e] = -1
	}
	for k, e := range c.of {
		if d := c.day[k]; e >= 0 && d < cut && d > latest[e] {
			latest[e] = d
		}
	}
	out := make([]int32, 0, len(c.of))
	for k, e := range c.of {
		switch {
		case e < 0: // undated, or without knobs
			out = append(out, int32(k))
		case c.day[k] == latest[e]: // its latest day before cut (-1 when none is)
			out = append(out, int32(k))
		}
	}
	return out
}

// Equivalent reports whether c and d number the same configurations of
// the same set and rank its days alike: the numbers they give a
// configuration may differ (Numbers.ConfigsOf numbers them in another
// order than NumberConfigs), which no reader of Configs sees.
func (c Configs) Equivalent(d Configs) bool {
	if len(c.of) != len(d.of) || c.n != d.n || !slices.Equal(c.day, d.day) || !slices.Equal(c.days, d.days) {
		return false
	}
	to := make(map[int32]int32, c.n) // c's number → d's
	from := make(map[int32]int32, c.n)
	for k, a := range c.of {
		b := d.of[k]
		if (a < 0) != (b < 0) {
			return false
		}
		if a < 0 {
			continue
		}
		if x, ok := to[a]; ok && x != b {
			return false
		}
		if x, ok := from[b]; ok && x != a {
			return false
		}
		to[a], from[b] = b, a
	}
	return true
}
