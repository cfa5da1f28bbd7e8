package model

import "sort"

// Curve is the points that InferenceX plots as one line.
type Curve struct {
	Key    CurveKey
	Points []Point
}

// GroupCurves groups points by curve key, keeping each curve's points in
// load order; curves are sorted by key so output is stable.
func GroupCurves(points []Point) []Curve {
	index := make(map[CurveKey]int)
	var curves []Curve
	for i := range points {
		k := points[i].Curve
		ci, ok := index[k]
		if !ok {
			ci = len(curves)
			index[k] = ci
			curves = append(curves, Curve{Key: k})
		}
		curves[ci].Points = append(curves[ci].Points, points[i])
	}
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
	return a.Precision < b.Precision
}

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
