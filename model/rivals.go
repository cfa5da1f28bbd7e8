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
// picked points of comparable curves (SameBase), curve by curve. Each point
// is asked once whether it is the other's, and the rivals are gathered once
// for each base, not by a pass over every point for each curve.
func Compare(points []Point, isOther func(*Point) bool, x, y Axis) []CurveGains {
	other := make([]bool, len(points))
	nOurs := 0
	for i := range points {
		if other[i] = isOther(&points[i]); !other[i] {
			nOurs++
		}
	}
	ours := make([]Point, 0, nOurs)
	byBase := map[curveBase][]int{} // the other's points of each base, in load order
	for i := range points {
		if !other[i] {
			ours = append(ours, points[i])
		} else {
			b := baseOf(points[i].Curve)
			byBase[b] = append(byBase[b], i)
		}
	}
	rivals := map[curveBase][]Point{} // read only by CompareCurve: shared by a base's curves
	var out []CurveGains
	for _, c := range GroupCurvesInPlace(ours) {
		b := baseOf(c.Key)
		rv, ok := rivals[b]
		if !ok {
			for _, i := range byBase[b] {
				rv = append(rv, points[i])
			}
			rivals[b] = rv
		}
		out = append(out, CompareCurve(c, rv, x, y))
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
	gains := Gains(c.Points, other, x, y)
	cg := CurveGains{Curve: c.Key, Skipped: len(c.Points) - len(gains), Rivals: len(other)}
	for _, g := range gains {
		cg.Gains = append(cg.Gains, PointGain{ID: c.Points[g.Index].ID, Curve: c.Key, Gain: g})
	}
	sortGainsByX(cg.Gains)
	return cg
}

func sortGainsByX(gs []PointGain) {
	slices.SortStableFunc(gs, func(a, b PointGain) int { return cmp.Compare(a.X, b.X) })
}
