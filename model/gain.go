package model

import "sort"

// FrontierLine is a curve's frontier as a piecewise-linear function of x,
// for reading another curve's value at a point's x.
type FrontierLine struct {
	xs, ys []float64 // x ascending
	slopes []float64 // the monotone cubic's tangents, made on first use (AtMonotone)
}

// NewFrontierLine prepares the frontier of points on (x, y).
func NewFrontierLine(points []Point, x, y Axis) FrontierLine {
	return newFrontierLineAt(len(points), sliceAt(points), x, y)
}

// NewFrontierLineRefs is NewFrontierLine of the points refs refer to.
func NewFrontierLineRefs(refs []*Point, x, y Axis) FrontierLine {
	return newFrontierLineAt(len(refs), refsAt(refs), x, y)
}

// newFrontierLineAt is NewFrontierLine of the n points at reads.
func newFrontierLineAt(n int, at pointAt, x, y Axis) FrontierLine {
	c := coordsAt(n, at, x, y, nil)
	front := frontierOfAt(at, c, x, y)
	l := FrontierLine{xs: make([]float64, len(front)), ys: make([]float64, len(front))}
	for i, p := range front {
		l.xs[i], l.ys[i] = p.X, p.Y
	}
	return l
}

// Len is the number of frontier points.
func (l FrontierLine) Len() int { return len(l.xs) }

// At interpolates the frontier linearly at xv; ok is false outside its x
// range (never extrapolate) and on an empty frontier.
func (l FrontierLine) At(xv float64) (float64, bool) {
	n := len(l.xs)
	if n == 0 || xv < l.xs[0] || xv > l.xs[n-1] {
		return 0, false
	}
	k := sort.SearchFloat64s(l.xs, xv) // l.xs[k-1] < xv <= l.xs[k]
	if l.xs[k] == xv {
		return l.ys[k], true
	}
	return interpolate(l.xs[k-1], l.ys[k-1], l.xs[k], l.ys[k], xv), true
}

// GainAt is the other curve's frontier value at xv, by linear interpolation;
// ok is false outside the other frontier's x range.
func GainAt(other []Point, x, y Axis, xv float64) (value float64, ok bool) {
	return NewFrontierLine(other, x, y).At(xv)
}

// Gain is one point against another curve at the same x, read two ways:
// linearly (the PR text's reading, Other and GainPct) and as the dashboard
// draws the other curve, a monotone cubic (Dashboard, DashboardPct).
type Gain struct {
	Index        int // into the points given
	X, Y         float64
	Other        float64 // the other curve's frontier at X, linear; when HasOther
	HasOther     bool
	GainPct      float64 // 100 × (Y/Other − 1); when HasOther
	Dashboard    float64 // the other frontier at X, monotone cubic; when HasOther
	DashboardPct float64 // 100 × (Y/Dashboard − 1); when HasOther
}

// Gains compares every point that has both metrics (in input order) with the
// other curve's frontier at the same x.
func Gains(points, other []Point, x, y Axis) []Gain {
	return gainsAt(len(points), sliceAt(points), NewFrontierLine(other, x, y), x, y)
}

// gainsAt is Gains of the n points at reads against the other curve's line.
func gainsAt(n int, at pointAt, line FrontierLine, x, y Axis) []Gain {
	return gainsIn(nil, n, at, line, x, y)
}

// gainsScratch is the room gainsIn reads the coordinates and makes the
// gains in: Compare keeps one from curve to curve, so that a thousand
// curves' gains are not each made in fresh pages.
type gainsScratch struct {
	coords []XYPoint
	gains  []Gain
}

// gainsIn is gainsAt in s's room (nil: fresh); the gains are valid until
// the next call with s.
func gainsIn(s *gainsScratch, n int, at pointAt, line FrontierLine, x, y Axis) []Gain {
	if s == nil {
		s = &gainsScratch{}
	}
	if cap(s.coords) < n {
		s.coords = make([]XYPoint, n)
	}
	c := coordsAtIn(s.coords, n, at, x, y, nil)
	if cap(s.gains) < len(c) {
		s.gains = make([]Gain, len(c))
	}
	out := s.gains[:len(c)]
	for k, p := range c {
		g := Gain{Index: p.Index, X: p.X, Y: p.Y}
		if v, ok := line.At(p.X); ok {
			g.Other, g.HasOther = v, true
			if v != 0 {
				g.GainPct = 100 * (p.Y/v - 1)
			}
			g.Dashboard, _ = line.AtMonotone(p.X)
			if g.Dashboard != 0 {
				g.DashboardPct = 100 * (p.Y/g.Dashboard - 1)
			}
		}
		out[k] = g
	}
	return out
}
