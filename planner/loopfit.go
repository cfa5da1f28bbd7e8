package planner

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// loopResidualMax is the largest relative residual of C/Θ the loop identity
// may leave without a client-time intercept d0 before d0 is fitted too.
const loopResidualMax = 0.05

// fitLoop identifies f (and, with TTFT, u and d0) from the loop identity,
// then clamps f so no point's mean batch passes BS − δ. Without TTFT d0 is
// left to fitSeedD0. It returns a note on the variant (docs/planner.md,
// "Loop identity").
func fitLoop(obsv []obs, p *Params) (string, error) {
	p.U, p.D0 = 0, 0
	note := ""
	withIntercept := false
	if p.TTFTKind != "" {
		var err error
		note, withIntercept, err = fitLoopTTFT(obsv, p)
		if err != nil {
			// TTFT that does not fit the identity (a p90 stand-in, noisy
			// agentic runs) is dropped rather than refusing the fit.
			note = fmt.Sprintf("TTFT left out: %v; the time outside decode is one constant d0", strings.TrimPrefix(err.Error(), "cannot calibrate: "))
			p.TTFTKind, p.U, p.D0 = "", 0, 0
			for i := range obsv {
				obsv[i].ttft = 0
			}
		}
	}
	if p.TTFTKind == "" {
		xs, ys := make([]float64, len(obsv)), make([]float64, len(obsv))
		for i, o := range obsv {
			xs[i], ys[i] = o.tpot, o.c/o.theta
		}
		f, _, ok := linreg(xs, ys)
		if !ok {
			return "", errors.New("cannot calibrate: mean interactivity is the same at every point, so f cannot be separated from d0")
		}
		if f <= 0 {
			// C/Θ falling as TPOT grows contradicts the loop identity
			// (p90 statistics standing in for means do this): with no time
			// outside decode to separate, f goes through the origin.
			var sxy, sxx float64
			for i := range xs {
				sxy += xs[i] * ys[i]
				sxx += xs[i] * xs[i]
			}
			f = sxy / sxx
			note = joinNote(note, "C/Θ does not grow with TPOT across these points: f fitted through the origin (d0 = 0), so the time outside decode is folded into f")
		}
		p.F = f
	}
	fmax := math.Inf(1)
	for _, o := range obsv {
		if o.bs > 0 {
			fmax = math.Min(fmax, (o.bs-o.delta)*float64(o.d)/(o.theta*o.tpot))
		}
		// Decode never holds more requests than the client keeps in
		// flight: D·b̄ = Θ·f·TPOT ≤ C.
		fmax = math.Min(fmax, o.c/(o.theta*o.tpot))
	}
	if fmax <= 0 {
		return "", errors.New("cannot calibrate: a point's decode BS does not exceed δ")
	}
	if p.F <= 0 {
		return "", errors.New("cannot calibrate: C/Θ does not grow with TPOT across these points (the loop identity gives f ≤ 0)")
	}
	if p.F > fmax {
		p.F = fmax
		if p.TTFTKind != "" {
			refitOutside(obsv, p, withIntercept)
		}
	}
	return note, nil
}

// fitLoopTTFT fits C/Θ = d0 + u·TTFT + f·TPOT: per point from mean E2EL when
// every point has it, else by least squares without d0, adding d0 when that
// leaves more than loopResidualMax.
func fitLoopTTFT(obsv []obs, p *Params) (string, bool, error) {
	allE2EL := true
	for _, o := range obsv {
		allE2EL = allE2EL && o.e2el > o.ttft
	}
	if allE2EL {
		var su, sf float64
		for _, o := range obsv {
			u := o.c / (o.theta * o.e2el)
			su += u
			sf += u * (o.e2el - o.ttft) / o.tpot
		}
		n := float64(len(obsv))
		p.U, p.F = su/n, sf/n
		return "loop identity from mean E2EL: u = C/(Θ·E2EL), f = u·(E2EL − TTFT)/TPOT per point", false, nil
	}
	y := make([]float64, len(obsv))
	x2 := make([][]float64, len(obsv))
	x3 := make([][]float64, len(obsv))
	for i, o := range obsv {
		y[i] = o.c / o.theta
		x2[i] = []float64{o.ttft, o.tpot}
		x3[i] = []float64{1, o.ttft, o.tpot}
	}
	if b, ok := lsq(x2, y); ok && b[0] > 0 && b[1] > 0 && maxRelResidual(x2, y, b) <= loopResidualMax {
		p.U, p.F = b[0], b[1]
		return fmt.Sprintf("loop identity C/Θ = u·TTFT + f·TPOT (no client time): largest residual %.1f %%", 100*maxRelResidual(x2, y, b)), false, nil
	}
	if b, ok := lsq(x3, y); ok && b[0] >= 0 && b[1] > 0 && b[2] > 0 {
		p.D0, p.U, p.F = b[0], b[1], b[2]
		return fmt.Sprintf("loop identity C/Θ = d0 + u·TTFT + f·TPOT: d0 is client time outside the server (largest residual %.1f %%)", 100*maxRelResidual(x3, y, b)), true, nil
	}
	if b, ok := lsq(x2, y); ok && b[0] > 0 && b[1] > 0 {
		p.U, p.F = b[0], b[1]
		return fmt.Sprintf("loop identity C/Θ = u·TTFT + f·TPOT leaves up to %.0f %% and no intercept fits better: queues may be misattributed", 100*maxRelResidual(x2, y, b)), false, nil
	}
	return "", false, errors.New("cannot calibrate: the loop identity C/Θ = d0 + u·TTFT + f·TPOT gives no positive u and f on these points")
}

// refitOutside refits u (and d0) with f fixed after the clamp.
func refitOutside(obsv []obs, p *Params, withIntercept bool) {
	y := make([]float64, len(obsv))
	x := make([][]float64, len(obsv))
	for i, o := range obsv {
		y[i] = o.c/o.theta - p.F*o.tpot
		if withIntercept {
			x[i] = []float64{1, o.ttft}
		} else {
			x[i] = []float64{o.ttft}
		}
	}
	b, ok := lsq(x, y)
	switch {
	case !ok:
	case withIntercept && b[0] >= 0 && b[1] > 0:
		p.D0, p.U = b[0], b[1]
	case !withIntercept && b[0] > 0:
		p.U = b[0]
	}
}

// fitSeedD0 is d0 without TTFT: the mean time outside decode per token over
// points that are not cap-bound (all points when every one is).
func fitSeedD0(obsv []obs, p *Params) {
	sum, n := 0.0, 0
	for _, o := range obsv {
		if !o.capBound {
			sum += o.c/o.theta - p.F*o.tpot
			n++
		}
	}
	if n == 0 {
		for _, o := range obsv {
			sum += o.c/o.theta - p.F*o.tpot
		}
		n = len(obsv)
	}
	p.D0 = math.Max(sum/float64(n), 0)
}

// maxRelResidual is max |x·b / y − 1|.
func maxRelResidual(x [][]float64, y, b []float64) float64 {
	m := 0.0
	for i := range y {
		s := 0.0
		for j, v := range x[i] {
			s += v * b[j]
		}
		m = math.Max(m, math.Abs(s/y[i]-1))
	}
	return m
}

// lsq solves min |X·b − y|² by the normal equations (k ≤ 3 columns); ok is
// false when X's columns are (nearly) dependent or rows are too few.
func lsq(x [][]float64, y []float64) ([]float64, bool) {
	if len(x) == 0 {
		return nil, false
	}
	k := len(x[0])
	if len(x) < k {
		return nil, false
	}
	a := make([][]float64, k)
	for i := range a {
		a[i] = make([]float64, k+1)
	}
	for r := range x {
		for i := 0; i < k; i++ {
			for j := 0; j < k; j++ {
				a[i][j] += x[r][i] * x[r][j]
			}
			a[i][k] += x[r][i] * y[r]
		}
	}
	// Scale columns so the singularity test is unit-free.
	scale := make([]float64, k)
	for i := range scale {
		scale[i] = math.Sqrt(a[i][i])
		if scale[i] == 0 {
			return nil, false
		}
	}
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			a[i][j] /= scale[i] * scale[j]
		}
		a[i][k] /= scale[i]
	}
	for c := 0; c < k; c++ {
		piv := c
		for r := c + 1; r < k; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		if math.Abs(a[piv][c]) < 1e-10 {
			return nil, false
		}
		a[c], a[piv] = a[piv], a[c]
		for r := 0; r < k; r++ {
			if r == c {
				continue
			}
			f := a[r][c] / a[c][c]
			for j := c; j <= k; j++ {
				a[r][j] -= f * a[c][j]
			}
		}
	}
	b := make([]float64, k)
	for i := range b {
		b[i] = a[i][k] / a[i][i] / scale[i]
	}
	return b, true
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
