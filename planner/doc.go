// Package planner is the closed-loop Little's-law P/D model of PLANNER.md,
// extended so it holds on the world's curves (issue 12): calibrate it on
// measured disaggregated points, predict any knobs, backtest it, choose the
// calibration set and design a sweep. Pure: it imports only model.
//
// # The model
//
// A point runs Np prefill workers and D decode ranks; the client keeps C
// requests in flight, so the total-token rate Θ is an output. Every request
// is outside decode (prefill, KV transfer, queues, client) or decoding:
//
//	C = Θ·o(Θ) + D·b̄(Θ)                              closed loop
//	o(Θ) = d0 + u·TTFT(Θ)                            time outside decode per token
//	TTFT(Θ) = T0 + κ·Θ/Np (+ queue/λ at a ceiling)   prefill law, λ = u·Θ requests/s
//	D·b̄ = Θ·f·TPOT,  TPOT = α_s + β_s·b_max          Little on decode, step law of family s
//	b_max = min(b̄ + δ, BS − a_s)                     busiest rank, held by the cap
//	Θ = min(Θ_loop(C), Np·τP, Θ_cap(BS))             ceilings
//
// With κ = 0 the loop is PLANNER.md's quadratic; with κ > 0 it is solved by
// Newton's method from that root (the equation is convex and increasing).
// Without TTFT on the points, u = 0 and o = d0: PLANNER.md exactly, so the
// DATA.md worked values are unchanged.
//
// # Parameters and how each is identified
//
//   - f = OSL/L, the output share of tokens, and u = 1/L, requests per token:
//     from the loop identity C_i/Θ_i = d0 + u·TTFT_i + f·TPOT_i, which holds
//     on every measured point whatever queue it had, because all waiting
//     shows in TTFT. With mean E2EL on every point, u_i = C_i/(Θ_i·E2EL_i)
//     and f_i = u_i·(E2EL_i − TTFT_i)/TPOT_i directly. Otherwise least
//     squares without d0 (a fixed-length benchmark has no client time) when
//     that leaves at most 5 %, else with d0 (agentic clients). When TTFT
//     gives no positive u and f it is left out, with a note. Without TTFT,
//     PLANNER.md step 2: C_i/Θ_i = d0 + f·TPOT_i. Then f is clamped so that
//     no point's mean batch b̄_i = Θ_i·f·TPOT_i/D_i exceeds BS_i − δ_i.
//   - d0, time per token outside decode that TTFT does not explain (client
//     time in agentic traces; everything outside decode without TTFT): the
//     regression's intercept, or PLANNER.md's mean over points that are not
//     cap-bound.
//   - α_s, β_s, the decode step of family s (α = t0/A, β = k/A with
//     acceptance length A): least squares of mean TPOT_i (1/mean
//     interactivity when TPOT is not published) on b_max_i. DP-attention
//     decode ("dep") shares one per-rank law across DEP sizes (validated on
//     the TRT-LLM and SGLang curves: DEP8, 16, 24, 32); a TP/TEP worker (one
//     rank) is its own family per parallelism (tp8, tep8), because its
//     small-batch step does not scale like a DEP rank's (TEP8 on TRT-LLM:
//     0.49 ms per request vs 0.09 for DEP ranks). A family seen at one batch
//     borrows β/α from an identified family and is flagged SlopeAssumed;
//     predictions of it at another batch say so. No identified family at all
//     refuses the fit; so does a family whose step shrinks with its batch.
//   - δ, how far the busiest rank runs above the mean: DP-attention decode
//     only (SGLang pads every rank to the largest batch and the all-to-all
//     waits for it): 2.25 by default, fitted per balancing method when at
//     least two DEP points of each exist. TP/TEP decode has δ = 0, so
//     batch-1 workers calibrate and are predicted.
//   - a_s, the admission excess of a TP/TEP family: how far below BS the
//     mean batch stays when the client offers every slot (C ≥ D·BS), because
//     a request routed to a full worker waits while another worker's slot is
//     idle. Mean of BS_i − b̄_i over such points (TRT-LLM TEP8: 0.44 at
//     batch 1 and at batch 8); 0 without them. It lowers the cap ceiling
//     only, never the step.
//   - T0, κ, the TTFT law of a prefill worker shape: least squares over the
//     shape's points that are neither saturated nor near their cap
//     (b_max ≥ BS/2: their TTFT may hold an admission queue), κ ≥ 0, when
//     two loads spread by 20 %; else κ = 0 and T0 the fastest unsaturated
//     TTFT (every measured TTFT bounds the no-load one from above).
//   - τP, one prefill worker's total-token rate at saturation: Θ_i/Np_i of a
//     saturated point. A point is saturated when, running its prefill near
//     the shape's highest load (≥ 70 %) without its cap binding, its TTFT is
//     at least twice the TTFT law of the other points at its load (past the
//     ceiling the loop pushes every extra request into the queue), or 3× the
//     shape's fastest TTFT when those points give no law; or when it belongs
//     to a saturation pair (same Np and D, more C or a freer cap, flat Θ).
//     Otherwise τP is unknown and only its lower bound max Θ_i/Np_i is known.
//   - RMean, mean interactivity × mean TPOT (the median over points with
//     both; 1 when one is derived from the other), and r90 = p90/mean
//     interactivity (mean over points with both). A curve that publishes p90
//     interactivity only fits the step law on p90 with r90 = 1 assumed, says
//     so, and every prediction carries the assumption. A missing decode cap
//     is a free cap (never cap-bound), noted; p90 or median TTFT stands in
//     for a missing mean.
//
// Shapes are worker parallelism labels (model.Role.Parallelism). A shape
// with no calibration point borrows a calibrated law (the prefill law scaled
// by GPUs per worker) and every prediction of it is flagged extrapolated.
//
// # Outputs and regimes
//
// A prediction gives Θ, throughput per GPU, mean and p90 interactivity, TTFT
// (when the fit had TTFT), the queue and the regime:
//
//   - loop: concurrency sets the rate, below every ceiling;
//   - queueing: concurrency still sets the rate but waiting grows faster
//     than throughput: prefill at ≥ 90 % of Np·τP, or decode past 80 % of
//     its asymptote D/(fβ);
//   - prefill-bound: at Np·τP, a queue in front of prefill;
//   - cap-bound: the decode cap holds the busiest rank, an admission queue.
//
// A prediction is Extrapolated, with a warning that says how, when it leaves
// the calibrated busiest-rank batch or concurrency per decode rank of its
// family (by more than 5 %), uses a shape or slope not calibrated, runs a
// prefill load above the highest calibrated one with τP unknown, or lies
// past a measured collapse (throughput falling as concurrency rises on one
// configuration, DetectCollapses).
package planner
