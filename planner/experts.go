package planner

import "math"

// The expert-activation law of a TP/TEP decode worker (docs/planner.md,
// "Decode step"): with top-k routing over E experts a batch of b tokens
// touches E·(1 − (1 − k/E)^b) experts, so the weight reads of one step grow
// like the effective batch
//
//	m(b) = (E/k)·(1 − (1 − k/E)^b)
//
// (m ≈ b for b ≪ E/k, m → E/k when every expert is touched) and the step is
// TPOT = α + β·m(b). A DP-attention rank already touches its whole expert
// group (D·b tokens route into it), so its law stays linear in b.

// activation is m(b) for q = k/E (b itself when q = 0: the linear law).
func activation(b, q float64) float64 {
	if q <= 0 {
		return b
	}
	return -math.Expm1(b*math.Log1p(-q)) / q
}

// activationSlope is dm/db.
func activationSlope(b, q float64) float64 {
	if q <= 0 {
		return 1
	}
	l := math.Log1p(-q)
	return -l * math.Exp(b*l) / q
}
