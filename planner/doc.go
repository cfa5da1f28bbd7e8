// Package planner is the closed-loop model of disaggregated (prefill/decode)
// serving: calibrate it on measured points of one curve (Calibrate), predict
// any knobs (Predict, with the regime that limits them and warnings naming
// what is assumed), recommend the decode cap (Recommend), backtest it
// (Backtest, LeaveOneOut, CrossValidate), choose the calibration set by
// cross-validation (AutoFit) and design a sweep (Design).
//
// The model, its symbols, each law and the evidence for it from real
// curves are in docs/planner.md. In one line each:
//
//	C = Θ·(d0 + u·TTFT(Θ)) + D·b̄(Θ)            closed loop (C requests in flight)
//	D·b̄ = Θ·f·TPOT(b_max)                      Little's law on decode
//	TPOT = α + β·b_max (DP attention)          one per-rank law for every DEP size
//	TPOT = α + β·m(b), m = E/k·(1 − (1−k/E)^b)   TP/TEP workers of a model with known experts
//	TTFT = T0 + κ·Θ/Np below τP                 per prefill worker shape
//	Θ = min(Θ_loop(C), Np·τP, Θ_cap(BS))        the smallest names the regime
//
// Pure: it imports only model.
package planner
