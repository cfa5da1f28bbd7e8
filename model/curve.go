package model

import (
	"fmt"
	"github.com/sweeptune/sweeptune/internal/permute"
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/internal/par"
)

// Curve is the points that InferenceX plots as one line.
type Curve struct {
	Key    CurveKey
	Points []Point
}

// GroupCurves groups points by curve key, keeping each curve's points in
// load order; curves are sorted by key so output is stable. The points are
// counted per curve first and copied once, into one array the curves share.
func GroupCurves(points []Point) []Curve {
	curveOf, keys, counts := curveIndex(points)
	all := make([]Point, len(points))
	curves, next := curveWindows(all, keys, counts)
	for i := range points {
		c := curveOf[i]
		all[next[c]] = points[i]
		next[c]++
	}
	return sortCurves(curves)
}

// GroupCurvesInPlace is GroupCurves on points the caller owns and gives up:
// they are reordered in place, curve by curve, and the curves are windows
// of them, so no point is copied to a second array.
func GroupCurvesInPlace(points []Point) []Curve {
	curveOf, keys, counts := curveIndex(points)
	curves, next := curveWindows(points, keys, counts)
	// src[d] is the point that goes to d. Each cycle of the permutation is
	// rotated through one spare point: every point is read once and
	// written once, the load order within a curve kept.
	src := make([]int32, len(points))
	for i := range points {
		c := curveOf[i]
		src[next[c]] = int32(i)
		next[c]++
	}
	permute.Along(points, permute.MovesOf(src, nil))
	return sortCurves(curves)
}

// curveIndex numbers the curves in order of first appearance: each
// point's curve, the keys and the points per curve.
func curveIndex(points []Point) ([]int32, []CurveKey, []int32) {
	curveOf, curves := numberCurves(points)
	counts := make([]int32, len(curves.Keys()))
	for _, c := range curveOf {
		counts[c]++
	}
	return curveOf, curves.Keys(), counts
}

// curveWindows cuts all into one window per curve, in order of first
// appearance; next is each window's first index in all.
func curveWindows(all []Point, keys []CurveKey, counts []int32) ([]Curve, []int32) {
	curves := make([]Curve, len(keys))
	next := make([]int32, len(keys))
	off := int32(0)
	for c := range keys {
		curves[c] = Curve{Key: keys[c], Points: all[off : off+counts[c] : off+counts[c]]}
		next[c] = off
		off += counts[c]
	}
	return curves, next
}

// SortCurves sorts curves by key, as GroupCurves gives them, and returns them.
func SortCurves(curves []Curve) []Curve { return sortCurves(curves) }

func sortCurves(curves []Curve) []Curve {
	sort.SliceStable(curves, func(a, b int) bool { return keyLess(curves[a].Key, curves[b].Key) })
	return curves
}

func keyLess(a, b CurveKey) bool {
	if a.Model != b.Model {
		return a.Model < b.Model
	}
	if a.Scenario != b.Scenario {
		return a.Scenario < b.Scenario
	}
	if a.Hardware != b.Hardware {
		return a.Hardware < b.Hardware
	}
	if a.Framework != b.Framework {
		return a.Framework < b.Framework
	}
	if a.Precision != b.Precision {
		return a.Precision < b.Precision
	}
	return a.Spec < b.Spec
}

// KeyLess orders curve keys field by field, as GroupCurves sorts curves.
func KeyLess(a, b CurveKey) bool { return keyLess(a, b) }

// WithSource returns the points of one source.
func WithSource(points []Point, src Source) []Point {
	var out []Point
	for _, p := range points {
		if p.Source == src {
			out = append(out, p)
		}
	}
	return out
}

// ResolveSpecs completes each point's curve key with its speculative
// decoding: from the knobs (a recipe or a result row names it) when the key
// has none. A point whose method is still unknown joins the one curve that
// differs from its own only by a known method, when there is exactly one
// (a local result without a recipe beside the published MTP curve); with
// several candidates it keeps a curve of its own, named "unknown".
func ResolveSpecs(points []Point) {
	type base struct{ model, scenario, hardware, framework, precision string }
	baseOf := func(k CurveKey) base { return base{k.Model, k.Scenario, k.Hardware, k.Framework, k.Precision} }
	var unknown [2]bool // per half
	par.Halves(len(points), parallelPassMin, func(lo, hi int) {
		u := false
		for i := lo; i < hi; i++ {
			c := &points[i].Curve
			if c.Spec == "" {
				c.Spec = points[i].Knobs.SpecDecoding
			}
			u = u || c.Spec == ""
		}
		unknown[min(lo, 1)] = u
	})
	if !unknown[0] && !unknown[1] {
		return // the usual case: no curve numbered
	}
	// Each distinct curve with a known method is looked at once: the
	// points are numbered by curve first.
	curves := newCurveNumbers(len(points))
	for i := range points {
		if c := &points[i].Curve; c.Spec != "" {
			curveNumber(curves, c)
		}
	}
	known := map[base]string{} // the one known method, "\x00" when several
	for _, c := range curves.Keys() {
		b := baseOf(c)
		if s, ok := known[b]; !ok {
			known[b] = c.Spec
		} else if s != c.Spec {
			known[b] = "\x00"
		}
	}
	for i := range points {
		c := &points[i].Curve
		if c.Spec != "" {
			continue
		}
		if s, ok := known[baseOf(*c)]; ok && s != "\x00" {
			c.Spec = s
		}
	}
}

// CurveSummary is what a curve picker lists about a curve.
type CurveSummary struct {
	Key       CurveKey
	Points    int
	FirstDate string // earliest run date, "" when no point is dated
	LastDate  string
}

// Summarize counts a curve's points and the span of its run dates.
func Summarize(c Curve) CurveSummary {
	s := CurveSummary{Key: c.Key}
	for i := range c.Points {
		s.Count(c.Points[i].Prov.Date)
	}
	return s
}

// Count adds a point run on date (any form starting YYYY-MM-DD; "" when
// undated) to the summary.
func (s *CurveSummary) Count(date string) {
	s.Points++
	d := day(date)
	if d == "" {
		return
	}
	if s.FirstDate == "" || d < s.FirstDate {
		s.FirstDate = d
	}
	if d > s.LastDate {
		s.LastDate = d
	}
}

// DateRange is "2025-10-06 … 2026-02-27", one date when both ends agree,
// "undated" when none is known.
func (s CurveSummary) DateRange() string {
	switch {
	case s.FirstDate == "":
		return "undated"
	case s.FirstDate == s.LastDate:
		return s.FirstDate
	}
	return s.FirstDate + " … " + s.LastDate
}

// CompleteCurves puts a point whose curve key leaves fields unknown (a
// local run whose files name no framework or precision) on the one curve
// that agrees with every field it does know and knows more; with none or
// several such curves the point keeps its own. It returns one line per
// key it completed, naming the fields taken.
func CompleteCurves(points []Point) []string {
	notes, _ := CompleteCurvesNumbered(points)
	return notes
}

// CompleteCurvesNumbered is CompleteCurves that also gives the points'
// curves numbered when it numbered them and moved no point (nil
// otherwise): the passes after it take that numbering rather than make
// it again (a second reading of every key: seconds at a million curves).
func CompleteCurvesNumbered(points []Point) ([]string, *CurveNumbering) {
	incomplete := false
	for i := range points {
		if c := &points[i].Curve; c.Model != "" && (c.Scenario == "" || c.Hardware == "" || c.Framework == "" || c.Precision == "" || c.Spec == "") {
			incomplete = true
			break
		}
	}
	if !incomplete {
		return nil, nil // the usual case: no map of 100,000 keys
	}
	of, curves := numberCurves(points)
	order := curves.Keys()
	numbering := &CurveNumbering{of: of, keys: order}
	to, joined := joinIncomplete(order)
	if joined == 0 {
		return nil, numbering
	}
	counts := make([]int, len(order))
	for _, c := range of {
		counts[c]++
	}
	var notes []string
	for ki, match := range to {
		if match < 0 {
			continue
		}
		k := order[ki]
		var names []string
		f, mf := k.Fields(), order[match].Fields()
		for i := range f {
			if f[i] == "" && mf[i] != "" {
				names = append(names, FieldNames[i])
			}
		}
		what := "points"
		if counts[ki] == 1 {
			what = "point"
		}
		notes = append(notes, fmt.Sprintf("%d %s of %s joined %s: its %s taken from the one curve that matches every field its files give",
			counts[ki], what, k, order[match], strings.Join(names, ", ")))
	}
	for i := range points {
		if t := to[of[i]]; t >= 0 {
			points[i].Curve = order[t]
		}
	}
	return notes, nil
}

// joinIncomplete is, for each key of keys, the one key that extends it
// (agrees with every field it gives, of the same model, and gives more),
// or -1 when none or several do, and how many keys have one. A key is
// looked up by the fields it gives among the other keys cut to the same
// fields, one table for the few patterns of given fields the incomplete
// keys have (at most 32, the model always given): keys × patterns, where
// comparing each key with every key of its model took keys² on a model
// of many curves.
func joinIncomplete(keys []CurveKey) (to []int32, joined int) {
	var patterns []uint8
	seen := [64]bool{}
	for _, k := range keys {
		if m := givenFields(k); k.Model != "" && m != allFields && !seen[m] {
			seen[m] = true
			patterns = append(patterns, m)
		}
	}
	type extension struct {
		key int32
		n   int32
	}
	extensions := map[CurveKey]extension{}
	for ci, c := range keys {
		given := givenFields(c)
		for _, m := range patterns {
			if m&given != m || m == given {
				continue // c does not give every field of m, or no more
			}
			cut := cutTo(c, m)
			e := extensions[cut]
			extensions[cut] = extension{key: int32(ci), n: e.n + 1}
		}
	}
	to = make([]int32, len(keys))
	for ki, k := range keys {
		to[ki] = -1
		if k.Model == "" || givenFields(k) == allFields {
			continue
		}
		if e, ok := extensions[k]; ok && e.n == 1 {
			to[ki] = e.key
			joined++
		}
	}
	return to, joined
}

// allFields is givenFields of a key that gives all six.
const allFields = 1<<6 - 1

// givenFields has bit i set when field i (Fields order) is given.
func givenFields(k CurveKey) uint8 {
	var m uint8
	for i, v := range k.Fields() {
		if v != "" {
			m |= 1 << i
		}
	}
	return m
}

// cutTo is k with only the fields of m (Fields order) kept.
func cutTo(k CurveKey, m uint8) CurveKey {
	f := k.Fields()
	for i := range f {
		if m&(1<<i) == 0 {
			f[i] = ""
		}
	}
	return CurveKey{Model: f[0], Scenario: f[1], Hardware: f[2], Framework: f[3], Precision: f[4], Spec: f[5]}
}

// CanonicalHardware puts every point's curve under the dashboard's
// hardware key, lower case and trimmed ("B200" and "b200" are one
// curve). The load does it once, for every source.
func CanonicalHardware(points []Point) {
	par.Halves(len(points), parallelPassMin, func(lo, hi int) {
		var lastIn, lastOut string
		for i := lo; i < hi; i++ {
			hw := points[i].Curve.Hardware
			if hw == "" {
				continue
			}
			if hw != lastIn {
				lastIn, lastOut = hw, strings.ToLower(strings.TrimSpace(hw))
			}
			points[i].Curve.Hardware = lastOut
		}
	})
}

// parallelPassMin is the point count from which a pass over every point
// that keeps nothing across points runs on two cores (par.Halves).
const parallelPassMin = 1 << 16
