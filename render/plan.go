package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
)

// The planner's results in words: the calibration (its parameters, the
// fit's residuals and notes), a prediction, how far to trust it, a backtest
// and a designed sweep. `sweeptune plan` prints them; the planner pane
// shows the parameters, the notes, the prediction and the measured point
// beside it in the same words.

// indented appends t's lines two cells in.
func indented(d *Doc, t Table) {
	for _, l := range t.Lines() {
		d.Lines = append(d.Lines, append(Line{P("  ")}, l...))
	}
}

// param is one labelled parameter line: "  α           2.9977 ms …".
func param(d *Doc, name, value string) {
	d.Add(P(fmt.Sprintf("  %-11s %s", name, value)))
}

// Params are the fitted constants, one a line: f, u, α, β, d0, δ, r90,
// mean·TPOT, τP, and every decode family's and prefill shape's law when
// there is more than the template's to say.
func Params(p planner.Params) Doc {
	var d Doc
	param(&d, "f = OSL/L", fmt.Sprintf("%.5f", p.F))
	if p.TTFTKind != "" {
		param(&d, "u = 1/L", fmt.Sprintf("%.4g requests per token (L ≈ %s tokens; %s TTFT in the loop identity)", p.U, model.Thousands(1/p.U, 0), p.TTFTKind))
	}
	param(&d, "α", fmt.Sprintf("%.4f ms per output token", p.Alpha*1e3))
	param(&d, "β", fmt.Sprintf("%.3f µs per output token per running request", p.Beta*1e6))
	if p.TTFTKind != "" {
		param(&d, "d0", fmt.Sprintf("%.2f µs per token outside decode not explained by TTFT (client time)", p.D0*1e6))
	} else {
		param(&d, "d0", fmt.Sprintf("%.2f µs per token outside decode", p.D0*1e6))
	}
	if hasDPAttn(p.Decode) {
		param(&d, "δ", fmt.Sprintf("%.2f total_tokens, %.2f total_requests (%s; DP-attention decode only)", p.DeltaTokens, p.DeltaRequests, map[bool]string{true: "fitted", false: "default"}[p.DeltaFitted]))
	}
	switch {
	case p.R90Assumed:
		param(&d, "r90", "1 (assumed: the points publish p90 interactivity only)")
	case p.R90 > 0:
		param(&d, "r90", fmt.Sprintf("%.4f (p90 / mean interactivity)", p.R90))
	default:
		param(&d, "r90", "unknown (no p90 interactivity in the fit)")
	}
	if math.Abs(p.RMean-1) > 5e-4 {
		param(&d, "mean·TPOT", fmt.Sprintf("%.4f (mean interactivity × mean TPOT)", p.RMean))
	}
	if p.TauP > 0 {
		param(&d, "τP", model.Thousands(p.TauP, 0)+" tok/s per prefill worker ("+tauSource(p.Prefill[0])+")")
	} else {
		param(&d, "τP", "unknown, at least "+model.Thousands(p.TauPLowerBound, 0)+" tok/s per prefill worker")
	}
	laws(&d, p)
	return d
}

// laws lists every decode family's step law and every prefill shape's
// TTFT law when there is more than the template's to say.
func laws(d *Doc, p planner.Params) {
	if len(p.Decode) > 1 || (len(p.Decode) == 1 && (p.Decode[0].SlopeAssumed || p.Decode[0].SlopePrior || p.Decode[0].Experts > 0 || p.Decode[0].AdmitExcess > 0)) {
		param(d, "decode", "TPOT = α + β·b_max per family (β·m(b_max), m = E/k·(1 − (1 − k/E)^b), for TP/TEP with known experts):")
		for _, l := range p.Decode {
			name := l.Family
			if l.DPAttn {
				name = "DP attention (" + strings.Join(l.Shapes, ", ") + ")"
			}
			s := fmt.Sprintf("    %-28s α %.4f ms  β %.3f µs  b_max %.1f–%.1f", name, l.Alpha*1e3, l.Beta*1e6, l.BMin, l.BMax)
			if l.Experts > 0 {
				s += fmt.Sprintf("  expert activation E %d k %d", l.Experts, l.TopK)
			}
			if l.SlopeAssumed {
				s += "  (one batch: slope from " + l.SlopeFrom + ")"
			}
			if l.SlopePrior {
				s += "  (one batch: β the expert-read prior)"
			}
			if l.AdmitExcess > 0 {
				s += fmt.Sprintf("  admission excess %.2f", l.AdmitExcess)
			}
			d.Add(P(s))
		}
	}
	if p.TTFTKind == "" && len(p.Prefill) < 2 {
		return
	}
	param(d, "prefill", "TTFT = T0 + κ·(Θ/Np) below τP, per worker shape:")
	for _, l := range p.Prefill {
		tau := "τP unknown, at least " + model.Thousands(l.TauPLowerBound, 0)
		if l.TauPUpperBound > 0 {
			tau += ", at most " + model.Thousands(l.TauPUpperBound, 0) + " (TTFT growth)"
		}
		if l.TauP > 0 {
			tau = "τP " + model.Thousands(l.TauP, 0) + " (" + tauSource(l) + ")"
		}
		if p.TTFTKind != "" {
			d.Add(P(fmt.Sprintf("    %-28s T0 %.2f s  κ %.3g s per tok/s  %s", l.Family, l.T0, l.Kappa, tau)))
		} else {
			d.Add(P(fmt.Sprintf("    %-28s %s", l.Family, tau)))
		}
	}
}

// tauSource says which points gave τP.
func tauSource(l planner.PrefillLaw) string {
	if len(l.SaturationPair) == 2 && len(l.Saturated) == 2 {
		return "saturation pair " + strings.Join(l.SaturationPair, " / ")
	}
	return "saturated: " + strings.Join(l.Saturated, ", ")
}

func hasDPAttn(laws []planner.DecodeLaw) bool {
	for _, l := range laws {
		if l.DPAttn {
			return true
		}
	}
	return false
}

// FitSummary heads the planner pane's fit: how many configurations of how
// many candidates it is calibrated on, chosen or automatic, and its
// cross-validated error once the backtest ran (method "" and calibrated:
// still running).
type FitSummary struct {
	Points, Candidates int
	Auto               bool
	Calibrated         bool
	Method             string // "leave-one-out", "2-fold"
	Tested             int
	MeanAbsTput        float64 // percent
	MeanAbsMean        float64 // percent
}

// Fit is the fit summary's line.
func Fit(f FitSummary) Doc {
	how := "chosen"
	if f.Auto {
		how = "automatic"
	}
	head := fmt.Sprintf("fit · %d configurations of %d candidates (%s)", f.Points, f.Candidates, how)
	switch {
	case f.Tested > 0:
		head += fmt.Sprintf(" · %s on %d: |tput| %.1f %%  |mean intvty| %.1f %%", f.Method, f.Tested, f.MeanAbsTput, f.MeanAbsMean)
	case f.Calibrated && f.Method == "":
		head += " · backtesting…"
	}
	var d Doc
	d.Add(S(Accent, head))
	return d
}

// Notes are what the calibration says of itself: its notes and the
// throughput collapses the curve's other points show.
func Notes(c *planner.Calibration) Doc {
	var d Doc
	for _, n := range c.Notes {
		d.Add(S(Muted, "  note: "+n))
	}
	for _, cl := range c.Collapses {
		d.Add(S(Warn, fmt.Sprintf("  collapse: %s falls from %s tok/s/GPU at c%d to %s at c%d", cl.Shape, model.Thousands(cl.PeakTput, 0), cl.PeakC, model.Thousands(cl.AtTput, 0), cl.AtC)))
	}
	return d
}

// Calibration is the fit: the points, the parameters, each fit point's
// residuals, the twins counted once, and the notes.
func Calibration(c *planner.Calibration, fc planner.FitChoice) Doc {
	var d Doc
	d.Add(S(Accent, fmt.Sprintf("calibration on %d points: ", len(c.Points))), P(strings.Join(c.Points, ", ")))
	d.Append(Params(c.Params))
	short := map[string]bool{}
	for _, id := range c.ShortRuns {
		short[id] = true
	}
	withTTFT := c.Params.TTFTKind != ""
	t := Table{Header: []string{"point", "tput err", "mean intvty err", "p90 intvty err"}, Right: []bool{false, true, true, true}}
	if withTTFT {
		t.Header = append(t.Header, "TTFT err")
	}
	t.Header = append(t.Header, "cap-bound", "prefill", "run")
	for len(t.Right) < len(t.Header) {
		t.Right = append(t.Right, true)
	}
	for _, r := range c.Residuals {
		run := model.Dash
		if i := model.FindID(fc.Points, r.ID); i >= 0 && fc.Points[i].Prov.DurationS > 0 {
			run = fmt.Sprintf("%.0f s", fc.Points[i].Prov.DurationS)
		}
		if short[r.ID] {
			run += " (short)"
		}
		row := []string{r.ID, PctCell(&r.TputPct), PctCell(r.MeanIntvtyPct), PctCell(r.P90IntvtyPct)}
		if withTTFT {
			row = append(row, PctCell(r.TTFTPct))
		}
		row = append(row, map[bool]string{true: "yes", false: "no"}[r.CapBound], map[bool]string{true: "saturated", false: model.Dash}[r.Saturated], run)
		t.AddRow(row...)
	}
	indented(&d, t)
	for _, tw := range fc.Twins {
		d.Add(S(Muted, "  "+tw.ID+": "+tw.Reason))
	}
	d.Append(Notes(c))
	return d
}

// Prediction is one configuration's predicted throughput, interactivity,
// regime, decode batch, queue, knee, recommended cap, headroom and warnings.
func Prediction(cfg planner.Config, p planner.Prediction, rec planner.Recommendation) Doc {
	var d Doc
	// the decode GPUs are named when they are not one per rank (TP decode
	// workers without DP attention), so the sum reads true.
	dec := fmt.Sprintf("%d decode ranks", cfg.DecodeRanks)
	if cfg.DecodeGPUs > 0 && cfg.DecodeGPUs != cfg.DecodeRanks {
		dec += fmt.Sprintf(" on %d GPUs", cfg.DecodeGPUs)
	}
	d.Add(S(Accent, "prediction: "), P(fmt.Sprintf("%d prefill × %d GPUs + %s = %d GPUs, decode BS %d, %s, concurrency %s",
		cfg.PrefillWorkers, cfg.PrefillGPUs, dec, p.GPUs, cfg.DecodeBS, model.OrDash(cfg.Balance), ThousandsInt(cfg.Concurrency))))
	line := func(k string, v ...Span) { d.Add(append(Line{P(fmt.Sprintf("  %-18s ", k))}, v...)...) }
	line("throughput", P(model.Thousands(p.TputPerGPU, 0)+" tok/s/GPU ("+model.Thousands(p.Theta, 0)+" tok/s total)"))
	if r := p.TputRange; r != nil {
		line("", S(Warn, PlanTputRange(*r)))
	}
	line("mean interactivity", P(fmt.Sprintf("%.1f tok/s/user", p.MeanIntvty)))
	if p.P90Intvty > 0 {
		line("p90 interactivity", P(fmt.Sprintf("%.1f tok/s/user", p.P90Intvty)))
	}
	if p.TTFT > 0 {
		line("TTFT", P(fmt.Sprintf("%.2f s", p.TTFT)))
	}
	if p.Extrapolated {
		line("regime", P(string(p.Regime)+" · "), S(Warn, "EXTRAPOLATED: outside what the fit saw, trust it less"))
	} else {
		line("regime", P(string(p.Regime)))
	}
	binds := "cap free"
	if p.CapBinds {
		binds = "cap binds"
	}
	line("decode batch", P(fmt.Sprintf("%.1f mean, %.1f busiest rank (%s)", p.DecodeBatchMean, p.DecodeBatchMax, binds)))
	if p.QueueAt != "" {
		line("queue", P(fmt.Sprintf("%s requests in front of %s", model.Thousands(p.Queue, 0), p.QueueAt)))
	} else {
		line("queue", P("none"))
	}
	if k := p.KneeInt(); k > 0 {
		line("knee concurrency", P(model.Thousands(float64(k), 0)))
	} else {
		line("knee concurrency", S(Muted, "unknown (no finite prefill or cap ceiling)"))
	}
	line("recommended BS", P(PlanRecommendation(rec, cfg.Concurrency)))
	line("decode headroom", P(fmt.Sprintf("%.0f %% of the asymptotic decode capacity", p.Headroom*100)))
	for _, s := range p.Warnings {
		d.Add(S(Warn, "  warning: "+s))
	}
	return d
}

// SeedFit is how the point a prediction was seeded from stands to the fit.
type SeedFit struct {
	LeftOut *planner.BacktestRow // its leave-one-out row, when it is a fit point that was left out
	InFit   bool                 // it is one of the fit's points
}

// Measured puts a measured point's values beside the prediction of its
// knobs, with the prediction's error on each; changed says the knobs no
// longer are the point's.
func Measured(s model.Point, changed bool, p planner.Prediction, f SeedFit) Doc {
	var d Doc
	if changed {
		d.Add(S(Muted, "  seeded from "+s.ID+" · knobs changed since"))
		return d
	}
	var parts []string
	add := func(name string, m model.Metric, pred float64, format func(float64) string) {
		if v, ok := s.Metrics.Get(m); ok && v > 0 {
			e := ""
			if pred > 0 {
				e = fmt.Sprintf(" (predicted %+.1f %%)", (pred/v-1)*100)
			}
			parts = append(parts, name+" "+format(v)+e)
		}
	}
	one := func(v float64) string { return fmt.Sprintf("%.1f", v) }
	add("tput/GPU", model.TputPerGPU, p.TputPerGPU, func(v float64) string { return model.Thousands(v, 0) })
	add("mean", model.MeanIntvty, p.MeanIntvty, one)
	add("p90", model.P90Intvty, p.P90Intvty, one)
	add("TTFT", model.MeanTTFT, p.TTFT, func(v float64) string { return fmt.Sprintf("%.2f s", v) })
	d.Add(S(Accent, "  measured "+s.ID+": "), P(strings.Join(parts, "   ")))
	switch {
	case f.LeftOut != nil:
		d.Add(S(Muted, fmt.Sprintf("  in the fit: left out, predicted tput %s  mean %s", PctCell(f.LeftOut.ErrorPct.TputPerGPU), PctCell(f.LeftOut.ErrorPct.MeanIntvty))))
	case f.InFit:
		d.Add(S(Muted, "  in the fit: its own residual, not a test"))
	default:
		d.Add(S(Muted, "  held out of the fit: a true test"))
	}
	return d
}

// Trust puts how far to trust a prediction next to it: the same fit's
// error on the curve's other measured disaggregated points (bt nil or
// empty: there are none).
func Trust(bt *planner.BacktestResult) Doc {
	var d Doc
	if bt == nil || len(bt.Rows) == 0 {
		d.Add(S(Muted, "trust: no other measured disaggregated point to backtest this fit on"))
		return d
	}
	d.Add(S(Accent, "trust: "), P(fmt.Sprintf("this fit predicts the curve's %d other disaggregated points with mean |err| %s on throughput, %s on mean interactivity (max %s, %s); --backtest shows each",
		len(bt.Rows), AbsCell(bt.MeanAbs.TputPerGPU), AbsCell(bt.MeanAbs.MeanIntvty), AbsCell(bt.MaxAbs.TputPerGPU), AbsCell(bt.MaxAbs.MeanIntvty))))
	return d
}

// Backtest lists every held-out point: predicted ones with their errors,
// TTFT, regime and warnings (those every prediction shares once), skipped
// ones with the reason.
func Backtest(bt *planner.BacktestResult, held []model.Point) Doc {
	var d Doc
	d.Add(S(Accent, "backtest: fit on "), P(strings.Join(bt.Calibration.Points, ", ")))
	entries := bt.HeldOut(held)
	kind := bt.Calibration.Params.TTFTKind
	t := Table{Header: []string{"point", "tput/GPU meas", "pred", "err", "mean intvty meas", "pred", "err", "p90 intvty meas", "pred", "err"}}
	if kind != "" {
		t.Header = append(t.Header, "TTFT meas", "pred")
	}
	t.Header = append(t.Header, "regime")
	t.Right = make([]bool, len(t.Header))
	for i := 1; i < len(t.Header)-1; i++ {
		t.Right[i] = true
	}
	for _, e := range entries {
		if e.Row == nil {
			m := planner.MeasuredValues(e.Point, kind)
			row := []string{e.Point.ID, TputCell(m.TputPerGPU), model.Dash, model.Dash, IntvtyCell(m.MeanIntvty), model.Dash, model.Dash,
				IntvtyCell(m.P90Intvty), model.Dash, model.Dash}
			if kind != "" {
				row = append(row, SecCell(m.TTFT), model.Dash)
			}
			t.AddRow(append(row, "skipped")...)
			t.RowClass = append(t.RowClass, Muted)
			continue
		}
		r := e.Row
		regime := string(r.Prediction.Regime)
		if r.Prediction.Extrapolated {
			regime += " (extrapolated)"
		}
		row := []string{r.ID,
			TputCell(r.Measured.TputPerGPU), TputCell(r.Predicted.TputPerGPU), PctCell(r.ErrorPct.TputPerGPU),
			IntvtyCell(r.Measured.MeanIntvty), IntvtyCell(r.Predicted.MeanIntvty), PctCell(r.ErrorPct.MeanIntvty),
			IntvtyCell(r.Measured.P90Intvty), IntvtyCell(r.Predicted.P90Intvty), PctCell(r.ErrorPct.P90Intvty)}
		if kind != "" {
			row = append(row, SecCell(r.Measured.TTFT), SecCell(r.Predicted.TTFT))
		}
		t.AddRow(append(row, regime)...)
		t.RowClass = append(t.RowClass, Plain)
	}
	t.AddRow("mean |err|", "", "", AbsCell(bt.MeanAbs.TputPerGPU), "", "", AbsCell(bt.MeanAbs.MeanIntvty), "", "", AbsCell(bt.MeanAbs.P90Intvty))
	t.AddRow("max |err|", "", "", AbsCell(bt.MaxAbs.TputPerGPU), "", "", AbsCell(bt.MaxAbs.MeanIntvty), "", "", AbsCell(bt.MaxAbs.P90Intvty))
	indented(&d, t)
	for _, e := range entries {
		if e.Row == nil {
			d.Add(S(Muted, "  skipped "+e.Point.ID+": "+e.Skipped))
		}
	}
	common := map[string]int{}
	for _, r := range bt.Rows {
		for _, s := range r.Prediction.Warnings {
			common[s]++
		}
	}
	shared := func(s string) bool { return len(bt.Rows) > 1 && common[s] == len(bt.Rows) }
	if len(bt.Rows) > 0 {
		for _, s := range bt.Rows[0].Prediction.Warnings {
			if shared(s) {
				d.Add(S(Warn, "  every prediction: "+s))
			}
		}
	}
	for _, r := range bt.Rows {
		for _, s := range r.Prediction.Warnings {
			if !shared(s) {
				d.Add(S(Warn, "  "+r.ID+": "+s))
			}
		}
	}
	return d
}

// Design is a designed sweep: one point per mean-interactivity band, with
// its prediction and the existing points it replaces.
func Design(props []planner.Proposal, maxGPUs int) Doc {
	var d Doc
	d.Add(S(Accent, fmt.Sprintf("design: up to %d GPUs, one point per mean-interactivity band", maxGPUs)))
	t := Table{Header: []string{"band (tok/s/user)", "point", "prefill", "decode BS", "concurrency", "GPUs", "tput/GPU", "mean intvty", "p90 intvty", "replaces"},
		Right: []bool{true, false, true, true, true, true, true, true, true, false}}
	for _, p := range props {
		c := p.Config
		p90 := model.Dash
		if p.Prediction.P90Intvty != 0 {
			p90 = strconv.FormatFloat(p.Prediction.P90Intvty, 'f', 1, 64)
		}
		id := p.ID
		if p.Untested != "" {
			id += " (untested)"
		}
		t.AddRow(fmt.Sprintf("%.1f–%.1f", p.Band[0], p.Band[1]), id, strconv.Itoa(c.PrefillWorkers), strconv.Itoa(c.DecodeBS),
			model.Thousands(float64(c.Concurrency), 0), strconv.Itoa(p.Prediction.GPUs), model.Thousands(p.Prediction.TputPerGPU, 0),
			fmt.Sprintf("%.1f", p.Prediction.MeanIntvty), p90, model.OrDash(strings.Join(p.Replaces, ", ")))
	}
	indented(&d, t)
	for _, p := range props {
		if p.Untested != "" {
			d.Add(S(Warn, "  "+p.ID+": untested, not a plain row: "+p.Untested))
		}
		for _, s := range p.Prediction.Warnings {
			d.Add(S(Warn, "  "+p.ID+": "+s))
		}
	}
	return d
}

// PlanTrustBand is a prediction's class and the band nested leave-one-out
// gave that class on the published curves (docs/planner.md, "Trust bands").
func PlanTrustBand(p *planner.Prediction) Doc {
	var d Doc
	b := p.Band()
	switch {
	case b.UpperBound:
		d.Add(S(Accent, "trust band: "), P(string(p.Class)+": the throughput is an upper bound only"))
	case b.Tested == 0:
		d.Add(S(Accent, "trust band: "), P(string(p.Class)+": unknown (no held-out point of this class was tested)"))
	default:
		d.Add(S(Accent, "trust band: "), P(fmt.Sprintf("%s: ±%.1f %% throughput, ±%.1f %% mean interactivity (held %.0f %% of %d held-out predictions of this class in nested leave-one-out on the published curves)",
			p.Class, b.TputPct, b.IntvtyPct, b.Coverage*100, b.Tested)))
	}
	return d
}

// PctCell is a signed percent with two decimals, a dash when unknown.
func PctCell(v *float64) string {
	if v == nil {
		return model.Dash
	}
	return fmt.Sprintf("%+.2f %%", *v)
}

// AbsCell is an absolute percent with two decimals, a dash when unknown.
func AbsCell(v *float64) string {
	if v == nil {
		return model.Dash
	}
	return fmt.Sprintf("%.2f %%", *v)
}

// TputCell is a throughput with thousands, a dash when unknown.
func TputCell(v *float64) string {
	if v == nil {
		return model.Dash
	}
	return model.Thousands(*v, 0)
}

// IntvtyCell is an interactivity with one decimal, a dash when unknown.
func IntvtyCell(v *float64) string {
	if v == nil {
		return model.Dash
	}
	return strconv.FormatFloat(*v, 'f', 1, 64)
}

// SecCell is seconds with two decimals, a dash when unknown.
func SecCell(v *float64) string {
	if v == nil {
		return model.Dash
	}
	return strconv.FormatFloat(*v, 'f', 2, 64) + " s"
}

// PlanResult is what `sweeptune plan` computed: always the calibration,
// and each of a prediction (with how far to trust it), a backtest and a
// design when asked for.
type PlanResult struct {
	Curve       model.CurveKey
	Calibration *planner.Calibration
	Fit         planner.FitChoice
	// Prediction is nil unless one configuration was predicted (Config).
	Prediction *planner.Prediction
	Config     planner.Config
	Rec        planner.Recommendation // the cap advice for the prediction (Calibration.Recommend)
	// Held says the automatic fit left the predicted configuration out (its
	// twins too) to predict it.
	Held bool
	// Auto is plan --fit auto's choice, nil for a fit on given IDs.
	Auto *planner.AutoFitResult
	// LeaveOneOut, with a backtest, is the fit's leave-one-out over all the
	// curve's points.
	LeaveOneOut *planner.CrossValidation
	// Trust is the fit backtested on the curve's other disaggregated
	// points, shown beside a prediction when there is no full Backtest
	// (nil: none to test on).
	Trust *planner.BacktestResult
	// Backtest, when set, lists every held-out point.
	Backtest *planner.BacktestResult
	HeldOut  []model.Point
	// Design, when Designed, is the designed sweep within MaxGPUs.
	Design   []planner.Proposal
	Designed bool
	MaxGPUs  int
}

// Plan is the plan command's text: the curve, the calibration, then the
// prediction, backtest and design asked for.
func Plan(r PlanResult) Doc {
	var d Doc
	d.Add(S(Muted, "curve: "), S(Bold, r.Curve.String()))
	d.Blank()
	if r.Auto != nil {
		d.Append(PlanAutoFit(*r.Auto))
		d.Blank()
	}
	d.Append(Calibration(r.Calibration, r.Fit))
	if r.Prediction != nil {
		d.Blank()
		d.Append(Prediction(r.Config, *r.Prediction, r.Rec))
		if r.Held {
			d.Append(PlanHeld())
		}
		if r.Backtest == nil {
			d.Blank()
			d.Append(Trust(r.Trust))
			d.Append(PlanTrustBand(r.Prediction))
		}
	}
	if r.Backtest != nil {
		d.Blank()
		d.Append(Backtest(r.Backtest, r.HeldOut))
	}
	if r.LeaveOneOut != nil {
		d.Blank()
		d.Append(PlanLeaveOneOut(*r.LeaveOneOut))
	}
	if r.Designed {
		d.Blank()
		d.Append(Design(r.Design, r.MaxGPUs))
	}
	return d
}
