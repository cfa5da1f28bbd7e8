package model

import (
	"cmp"
	"slices"
	"strings"
)

// SameBase reports whether two curves may be compared: the same model,
// scenario, hardware and precision (the framework may differ; a competitor
// differs in framework by definition).
func SameBase(a, b CurveKey) bool {
	return a.Model == b.Model && a.Scenario == b.Scenario && a.Hardware == b.Hardware && a.Precision == b.Precision
}

// Rivals are the points the other curve selector picks that may be compared
// with curve k (SameBase), in load order.
func Rivals(points []Point, k CurveKey, isOther func(*Point) bool) []Point {
	var out []Point
	for i := range points {
		p := &points[i]
		if isOther(p) && SameBase(p.Curve, k) {
			out = append(out, *p)
		}
	}
	return out
}

// ParseSelector resolves a selector of the other curve against the loaded
// points: a source ("competitor", "source:local"), a framework ("vllm",
// "framework:vllm") or a whole curve key as CurveKey.String prints it (or
// its fields comma-separated, "curve:…"; the first five fields alone pick
// the curve whatever its spec decoding). ok is false when nothing matches.
func ParseSelector(s string, points []Point) (sel func(*Point) bool, ok bool) {
	kind, val, hasKind := strings.Cut(s, ":")
	if !hasKind || strings.Contains(kind, " ") || strings.Contains(kind, ",") {
		kind, val = "", s
	}
	val = strings.TrimSpace(val)
	if kind == "" || kind == "source" {
		if src, ok := ParseSource(val); ok {
			return func(p *Point) bool { return p.Source == src }, true
		}
	}
	if kind == "" || kind == "framework" {
		for i := range points {
			if strings.EqualFold(points[i].Curve.Framework, val) {
				fw := points[i].Curve.Framework
				return func(p *Point) bool { return p.Curve.Framework == fw }, true
			}
		}
	}
	if kind == "" || kind == "curve" {
		want := keyFields(val)
		if len(want) >= 5 && len(want) <= 6 {
			// Five fields (a key printed before spec decoding was part of
			// it) pick every curve of any spec decoding.
			match := func(k CurveKey) bool {
				for i, w := range want {
					if strings.ToLower(k.FieldText(i)) != w {
						return false
					}
				}
				return true
			}
			for i := range points {
				if match(points[i].Curve) {
					return func(p *Point) bool { return match(p.Curve) }, true
				}
			}
		}
	}
	return nil, false
}

// keyFields splits a key typed with "·" or "," between its fields.
func keyFields(s string) []string {
	parts := strings.Split(strings.ReplaceAll(s, "·", ","), ",")
	for i := range parts {
		parts[i] = strings.ToLower(strings.TrimSpace(parts[i]))
	}
	return parts
}

// CurveGains is one curve's points against the rivals' frontier at the same x.
type CurveGains struct {
	Curve   CurveKey
	Gains   []PointGain // x ascending
	Skipped int         // points without both metrics
	Rivals  int
}

// Compare gives every point that isOther does not pick its gain against the
// picked points of comparable curves (SameBase), curve by curve; each
// gain's Index is its point's in points. Each point
// is asked once whether it is the other's, the rivals are gathered once for
// each base, and each curve's own points are read where they lie, through
// their indexes grouped by curve (a million points are not copied).
func Compare(points []Point, isOther func(*Point) bool, x, y Axis) []CurveGains {
	curveOf, numbered := numberCurves(points)
	keys := numbered.Keys()
	other := make([]bool, len(points))
	ownStart := make([]int32, len(keys)+1) // each curve's own points: a count, then where its indexes start
	byBase := map[curveBase][]int{}        // the other's points of each base, in load order
	for i := range points {
		if other[i] = isOther(&points[i]); other[i] {
			b := baseOf(points[i].Curve)
			byBase[b] = append(byBase[b], i)
		} else {
			ownStart[curveOf[i]+1]++
		}
	}
	var ours []int // the curves with points of their own, in GroupCurves' order
	for c := range keys {
		if ownStart[c+1] > 0 {
			ours = append(ours, c)
		}
		ownStart[c+1] += ownStart[c]
	}
	slices.SortStableFunc(ours, func(a, b int) int {
		if keyLess(keys[a], keys[b]) {
			return -1
		}
		if keyLess(keys[b], keys[a]) {
			return 1
		}
		return 0
	})
	own := make([]int32, ownStart[len(keys)]) // indexes, curve by curve, load order within each
	next := slices.Clone(ownStart[:len(keys)])
	for i := range points {
		if !other[i] {
			c := curveOf[i]
			own[next[c]] = int32(i)
			next[c]++
		}
	}
	lines := map[curveBase]FrontierLine{} // the rivals' line of each base, made once
	var refs []*Point
	var room gainsScratch
	out := make([]CurveGains, 0, len(ours))
	for _, c := range ours {
		k := keys[c]
		b := baseOf(k)
		line, ok := lines[b]
		if !ok {
			refs = refs[:0]
			for _, i := range byBase[b] {
				refs = append(refs, &points[i])
			}
			line = newFrontierLineAt(len(refs), refsAt(refs), x, y)
			lines[b] = line
		}
		refs = refs[:0]
		for _, i := range own[ownStart[c]:ownStart[c+1]] {
			refs = append(refs, &points[i])
		}
		cg := compareCurveAt(k, len(refs), refsAt(refs), line, len(byBase[b]), x, y, &room)
		for gi := range cg.Gains { // into points, not the curve's own
			cg.Gains[gi].Index = int(own[ownStart[c]+int32(cg.Gains[gi].Index)])
		}
		out = append(out, cg)
	}
	return out
}

// curveBase is what SameBase compares of a curve.
type curveBase struct{ model, scenario, hardware, precision string }

func baseOf(k CurveKey) curveBase { return curveBase{k.Model, k.Scenario, k.Hardware, k.Precision} }

// CompareCurve gives every point of one curve its gain against the other
// points' frontier at the same x: the one comparison compare, the review
// and the workbench's overlays all use.
func CompareCurve(c Curve, other []Point, x, y Axis) CurveGains {
	return compareCurveAt(c.Key, len(c.Points), sliceAt(c.Points), NewFrontierLine(other, x, y), len(other), x, y, nil)
}

// compareCurveAt is CompareCurve of the n points of curve k at reads
// against the line of rivals other points. The gains are put in x order
// before they are made PointGains: the same stable order, each move a
// quarter of the bytes. gainsAt gives them in increasing Index, so ties
// of x kept in Index order are the stable order, found without the stable
// sort's extra moves. The gains are read in room (nil: fresh).
func compareCurveAt(k CurveKey, n int, at pointAt, line FrontierLine, rivals int, x, y Axis, room *gainsScratch) CurveGains {
	gains := gainsIn(room, n, at, line, x, y)
	slices.SortFunc(gains, func(a, b Gain) int {
		if c := cmp.Compare(a.X, b.X); c != 0 {
			return c
		}
		return cmp.Compare(a.Index, b.Index)
	})
	cg := CurveGains{Curve: k, Skipped: n - len(gains), Rivals: rivals}
	if len(gains) > 0 {
		cg.Gains = make([]PointGain, len(gains))
	}
	for i, g := range gains {
		cg.Gains[i] = PointGain{ID: at(g.Index).ID, Curve: k, Gain: g}
	}
	return cg
}
