package model

import "sort"

// The dashboard reads a curve between its frontier points with a monotone
// cubic Hermite spline (Steffen's slopes, d3.curveMonotoneX's endpoints):
// its calculator's interpolateForGPU, the trend view and the roofline all
// draw it. Gains are given both ways, the PR text's linear reading and this
// one; the removal rule's line test stays linear (docs/dashboard.md).

// monotoneSlopes is the tangent at each knot, as the dashboard computes it
// (InferenceX-app monotoneSlopes): interior slopes by Steffen's method,
// endpoints by d3's slope2, the last one read after the first was set.
func monotoneSlopes(xs, ys []float64) []float64 {
	n := len(xs)
	m := make([]float64, n)
	if n < 2 {
		return m
	}
	h := make([]float64, n-1)
	s := make([]float64, n-1)
	for i := 0; i < n-1; i++ {
		h[i] = xs[i+1] - xs[i]
		if h[i] != 0 {
			s[i] = (ys[i+1] - ys[i]) / h[i]
		}
	}
	for i := 1; i < n-1; i++ {
		s0, s1, h0, h1 := s[i-1], s[i], h[i-1], h[i]
		p := (s0*h1 + s1*h0) / (h0 + h1)
		v := (signOf(s0) + signOf(s1)) * min(abs(s0), abs(s1), 0.5*abs(p))
		if v != v { // NaN: JavaScript's `|| 0`
			v = 0
		}
		m[i] = v
	}
	if h[0] != 0 {
		m[0] = (3*s[0] - m[1]) / 2
	} else {
		m[0] = m[1]
	}
	if h[n-2] != 0 {
		m[n-1] = (3*s[n-2] - m[n-2]) / 2
	} else {
		m[n-1] = m[n-2]
	}
	return m
}

// signOf is the dashboard's sign: −1 below zero, else +1 (0 counts as +1).
func signOf(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// hermiteAt evaluates the spline at xv, clamped to the end values outside
// the knots (the callers never ask there).
func hermiteAt(xs, ys, m []float64, xv float64) float64 {
	n := len(xs)
	switch {
	case n == 0:
		return 0
	case n == 1 || xv <= xs[0]:
		return ys[0]
	case xv >= xs[n-1]:
		return ys[n-1]
	}
	lo, hi := 0, n-1
	for lo < hi-1 {
		mid := (lo + hi) >> 1
		if xs[mid] <= xv {
			lo = mid
		} else {
			hi = mid
		}
	}
	h := xs[hi] - xs[lo]
	if h == 0 {
		return ys[lo]
	}
	t := (xv - xs[lo]) / h
	t2 := t * t
	t3 := t2 * t
	return (2*t3-3*t2+1)*ys[lo] + (t3-2*t2+t)*h*m[lo] + (-2*t3+3*t2)*ys[hi] + (t3-t2)*h*m[hi]
}

// AtMonotone reads the frontier at xv as the dashboard does: the monotone
// cubic through its points, floored at 0 as interpolateForGPU floors it; ok
// is false outside the frontier's x range (never extrapolated) and on an
// empty frontier. A one-point frontier has a value only at its own x.
func (l *FrontierLine) AtMonotone(xv float64) (float64, bool) {
	n := len(l.xs)
	if n == 0 || xv < l.xs[0] || xv > l.xs[n-1] {
		return 0, false
	}
	if n == 1 {
		return l.ys[0], true
	}
	if l.slopes == nil {
		l.slopes = monotoneSlopes(l.xs, l.ys)
	}
	if k := sort.SearchFloat64s(l.xs, xv); l.xs[k] == xv {
		return l.ys[k], true
	}
	return max(0, hermiteAt(l.xs, l.ys, l.slopes, xv)), true
}
