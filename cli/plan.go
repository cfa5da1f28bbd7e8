package cli

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
)

func init() { register(newPlanCmd) }

const planHelp = `Calibrates the Little's-law P/D model on the --fit points, then predicts one
configuration, backtests the curve's other points, or designs a sweep.`

func newPlanCmd(env *cmdEnv) *cobra.Command {
	var f planFlags
	cmd := leaf(env, "plan [PATH...] --fit ID[,ID...] [--curve SEL] (--prefill-workers N --decode-bs N --concurrency N | --backtest | --design --max-gpus N --bands K) [--json]",
		"calibrate the P/D planner, predict knobs, backtest, design a sweep", planHelp,
		func(_ *cobra.Command, paths []string) int { return runPlan(&f, paths, env) })
	fs := cmd.Flags()
	f.inputFlags.register(fs)
	fs.StringVar(&f.fit, "fit", "", "comma-separated `IDS` of the disaggregated points to calibrate on (required)")
	fs.StringVar(&f.curve, "curve", "", "curve: its number in 'report' order or a substring of its name (default: the --fit points' curve)")
	fs.IntVar(&f.prefillWorkers, "prefill-workers", 0, "predict: prefill workers")
	fs.IntVar(&f.prefillGPUs, "prefill-gpus", 0, "predict: GPUs per prefill worker (default: the fit points')")
	fs.IntVar(&f.ranks, "decode-ranks", 0, "predict: decode data-parallel ranks (default: the fit points')")
	fs.IntVar(&f.decodeBS, "decode-bs", 0, "predict: decode CUDA-graph max batch per rank")
	fs.IntVar(&f.concurrency, "concurrency", 0, "predict: client concurrency")
	fs.StringVar(&f.balance, "balance", "", "predict: DP balancing, total_tokens or total_requests (default: the fit points')")
	fs.BoolVar(&f.backtest, "backtest", false, "predict every other disaggregated point of the curve and show the errors")
	fs.BoolVar(&f.design, "design", false, "design a sweep: one point per interactivity band (needs --max-gpus, --bands)")
	fs.IntVar(&f.maxGPUs, "max-gpus", 0, "design: GPU budget per point")
	fs.IntVar(&f.bands, "bands", 0, "design: number of interactivity bands")
	addJSON(fs, &f.json)
	return cmd
}

type planFlags struct {
	inputFlags
	fit, curve, balance                string
	prefillWorkers, prefillGPUs, ranks int
	decodeBS, concurrency              int
	backtest, design, json             bool
	maxGPUs, bands                     int
}

func runPlan(f *planFlags, paths []string, env *cmdEnv) int {
	bad := func(format string, a ...any) int {
		fmt.Fprintf(env.stderr, "sweeptune plan: "+format+"\n", a...)
		return exitBadInput
	}
	predict := f.prefillWorkers != 0 || f.decodeBS != 0 || f.concurrency != 0
	if msg := f.check(predict); msg != "" {
		return bad("%s", msg)
	}
	ds, code := f.load(paths, env)
	if ds == nil {
		return code
	}
	printWarnings(env.stderr, ds)
	curve, choice, msg := selectFit(ds.Points, splitIDs(f.fit), f.curve)
	if msg != "" {
		return bad("%s", msg)
	}
	fit := choice.Points
	cal, err := planner.Calibrate(fit)
	if err != nil {
		return bad("%v", err)
	}
	cal.AddMeasured(curve.Points) // collapses the curve's other points show
	out := planJSON{Calibration: toCalibrationJSON(cal, choice)}
	var pred *planner.Prediction
	if predict {
		cfg := f.config(cal.Template)
		p, err := cal.Predict(cfg)
		if err != nil {
			return bad("%v", err)
		}
		pred = &p
		out.Prediction = &p
	}
	var bt *planner.BacktestResult
	if f.backtest {
		held := heldOut(curve.Points, fit)
		bt, err = planner.Backtest(fit, held)
		if err != nil {
			return bad("%v", err)
		}
		out.Backtest = toBacktestJSON(bt, held)
	}
	var props []planner.Proposal
	if f.design {
		props, err = planner.Design(cal, curve.Points, f.maxGPUs, f.bands)
		if err != nil {
			return bad("%v", err)
		}
		out.Design = toDesignJSON(props)
	}
	if f.json {
		if err := writeDoc(env.stdout, out, loadWarnings(ds, nil)); err != nil {
			return bad("%v", err)
		}
		return code
	}
	w := env.stdout
	fmt.Fprintf(w, "curve: %s\n\n", curve.Key)
	writeCalibration(w, cal, choice)
	if pred != nil {
		writePrediction(w, f.config(cal.Template), *pred)
		if !f.backtest {
			writeTrust(w, fit, disaggOnly(heldOut(curve.Points, fit)))
		}
	}
	if bt != nil {
		writeBacktest(w, bt, heldOut(curve.Points, fit))
	}
	if f.design {
		writeDesign(w, props, f.maxGPUs)
	}
	return code
}

// check validates flag combinations before anything is loaded.
func (f *planFlags) check(predict bool) string {
	switch {
	case strings.TrimSpace(f.fit) == "":
		return "--fit ID[,ID...] is required: the disaggregated points to calibrate on"
	case predict && (f.prefillWorkers <= 0 || f.decodeBS <= 0 || f.concurrency <= 0):
		return "a prediction needs --prefill-workers, --decode-bs and --concurrency, all positive"
	case f.prefillGPUs < 0 || f.ranks < 0:
		return "--prefill-gpus and --decode-ranks must be positive"
	case f.balance != "" && f.balance != model.BalanceTotalTokens && f.balance != model.BalanceTotalRequests:
		return fmt.Sprintf("--balance %q: want total_tokens or total_requests", f.balance)
	case f.design && (f.maxGPUs <= 0 || f.bands <= 0):
		return "--design needs --max-gpus N and --bands K, both positive"
	case !f.design && (f.maxGPUs != 0 || f.bands != 0):
		return "--max-gpus and --bands only go with --design"
	}
	return ""
}

// config is the prediction's Config, topology defaults from the fit points.
func (f *planFlags) config(t model.Knobs) planner.Config {
	cfg := planner.Config{PrefillWorkers: f.prefillWorkers, PrefillGPUs: t.Prefill.GPUs,
		DecodeRanks: t.DecodeRanks(), DecodeGPUs: t.Decode.TotalGPUs(), DecodeBS: f.decodeBS,
		Balance: t.Balance, Concurrency: f.concurrency}
	if f.prefillGPUs > 0 {
		cfg.PrefillGPUs = f.prefillGPUs
	}
	if f.ranks > 0 && f.ranks != cfg.DecodeRanks {
		// Keep the fit points' GPUs per decode rank.
		perRank := 1
		if cfg.DecodeRanks > 0 && cfg.DecodeGPUs >= cfg.DecodeRanks {
			perRank = cfg.DecodeGPUs / cfg.DecodeRanks
		}
		cfg.DecodeRanks, cfg.DecodeGPUs = f.ranks, f.ranks*perRank
	}
	if f.balance != "" {
		cfg.Balance = f.balance
	}
	return cfg
}

// selectFit finds the curve and the fit points (planner.ChooseFit: twins of
// one configuration count once), or says what is wrong.
func selectFit(points []model.Point, ids []string, sel string) (model.Curve, planner.FitChoice, string) {
	fc, err := planner.ChooseFit(points, ids)
	if err != nil {
		return model.Curve{}, fc, err.Error()
	}
	curves := model.GroupCurves(points)
	var curve model.Curve
	if sel != "" {
		c, msg := pickCurve(curves, sel)
		if msg != "" {
			return model.Curve{}, fc, msg
		}
		curve = c
	} else {
		for _, c := range curves {
			if c.Key == fc.Curve {
				curve = c
			}
		}
	}
	if fc.Curve != curve.Key {
		return model.Curve{}, fc, fmt.Sprintf("%s is not on the curve %s: fit on points of one curve", fc.Points[0].ID, curve.Key)
	}
	return curve, fc, ""
}

// pickCurve selects a curve by 1-based number or a unique name substring.
func pickCurve(curves []model.Curve, sel string) (model.Curve, string) {
	if n, err := strconv.Atoi(sel); err == nil {
		if n >= 1 && n <= len(curves) {
			return curves[n-1], ""
		}
	}
	var hits []model.Curve
	for _, c := range curves {
		if strings.Contains(strings.ToLower(c.Key.String()), strings.ToLower(sel)) {
			hits = append(hits, c)
		}
	}
	if len(hits) == 1 {
		return hits[0], ""
	}
	names := make([]string, len(curves))
	for i, c := range curves {
		names[i] = fmt.Sprintf("%d: %s", i+1, c.Key)
	}
	what := "matches no curve"
	if len(hits) > 1 {
		what = "matches several curves"
	}
	return model.Curve{}, fmt.Sprintf("--curve %q %s; curves:\n  %s", sel, what, strings.Join(names, "\n  "))
}

func pointIDs(points []model.Point) []string {
	ids := make([]string, len(points))
	for i := range points {
		ids[i] = points[i].ID
	}
	sort.Strings(ids)
	return ids
}

// heldOut is every point of the curve not used in the fit, competitors'
// and planned ones aside; planner.Backtest says why it skips any.
func heldOut(points, fit []model.Point) []model.Point {
	used := map[string]bool{}
	for _, p := range fit {
		used[p.ID] = true
	}
	var out []model.Point
	for _, p := range points {
		if !used[p.ID] && p.Source != model.SourceCompetitor && p.Source != model.SourcePlanned {
			out = append(out, p)
		}
	}
	return out
}

// disaggOnly keeps the disaggregated points: the trust line backtests those.
func disaggOnly(points []model.Point) []model.Point {
	var out []model.Point
	for _, p := range points {
		if p.Knobs.Mode == model.ModeDisagg {
			out = append(out, p)
		}
	}
	return out
}

func newTab(w io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
}

// The --json shape of issue 4, extended by issue 12; only the parts asked
// for are present.
type planJSON struct {
	Calibration calibrationJSON     `json:"calibration"`
	Prediction  *planner.Prediction `json:"prediction,omitempty"`
	Backtest    []heldOutJSON       `json:"backtest,omitempty"`
	Design      []proposalJSON      `json:"design,omitempty"`
}

type calibrationJSON struct {
	Points    []string           `json:"points"`
	Params    planner.Params     `json:"params"`
	Residuals []residualJSON     `json:"residuals"`
	ShortRuns []string           `json:"short_runs,omitempty"`
	Twins     []planner.Skipped  `json:"twins,omitempty"` // measurements counted once with a fit point
	Notes     []string           `json:"notes,omitempty"`
	Collapses []planner.Collapse `json:"collapses,omitempty"`
}

type residualJSON struct {
	planner.Residual
	DurationS *float64 `json:"duration_s"` // null when the run's duration is unknown
}

// heldOutJSON is one held-out point: predicted, or skipped with the reason.
type heldOutJSON struct {
	ID           string          `json:"id"`
	Skipped      string          `json:"skipped,omitempty"`
	Measured     planner.Values  `json:"measured"`
	Predicted    *planner.Values `json:"predicted,omitempty"`
	ErrorPct     *planner.Values `json:"error_pct,omitempty"`
	Regime       string          `json:"regime,omitempty"`
	Extrapolated *bool           `json:"extrapolated,omitempty"`
	Warnings     []string        `json:"warnings,omitempty"`
}

type proposalJSON struct {
	Band           [2]float64         `json:"band"` // mean interactivity, tok/s/user
	ID             string             `json:"id"`
	PrefillWorkers int                `json:"prefill_workers"`
	PrefillGPUs    int                `json:"prefill_gpus"`
	DecodeRanks    int                `json:"decode_ranks"`
	DecodeBS       int                `json:"decode_bs"`
	Balance        string             `json:"balance"`
	Concurrency    int                `json:"concurrency"`
	Prediction     planner.Prediction `json:"prediction"`
	Replaces       []string           `json:"replaces"`
}

func toCalibrationJSON(c *planner.Calibration, fc planner.FitChoice) calibrationJSON {
	out := calibrationJSON{Points: c.Points, Params: c.Params, Residuals: []residualJSON{}, ShortRuns: c.ShortRuns,
		Twins: fc.Twins, Notes: c.Notes, Collapses: c.Collapses}
	for _, r := range c.Residuals {
		out.Residuals = append(out.Residuals, residualJSON{Residual: r, DurationS: duration(fc.Points, r.ID)})
	}
	return out
}

// duration is a fit point's run duration, nil when unknown.
func duration(points []model.Point, id string) *float64 {
	if i := model.FindID(points, id); i >= 0 && points[i].Prov.DurationS > 0 {
		d := points[i].Prov.DurationS
		return &d
	}
	return nil
}

// toBacktestJSON lists every held-out point in the curve's order: each
// predicted one with its errors, regime and warnings, each skipped one with
// the reason.
func toBacktestJSON(bt *planner.BacktestResult, held []model.Point) []heldOutJSON {
	out := make([]heldOutJSON, 0, len(held))
	for _, e := range backtestEntries(bt, held) {
		j := heldOutJSON{ID: e.point.ID, Measured: measured(e.point, bt.Calibration.Params.TTFTKind)}
		if e.row == nil {
			j.Skipped = e.skipped
		} else {
			r := e.row
			j.Measured, j.Predicted, j.ErrorPct = r.Measured, &r.Predicted, &r.ErrorPct
			j.Regime, j.Extrapolated, j.Warnings = string(r.Prediction.Regime), &r.Prediction.Extrapolated, r.Prediction.Warnings
		}
		out = append(out, j)
	}
	return out
}

// backtestEntry is a held-out point and its row or the reason it was skipped.
type backtestEntry struct {
	point   *model.Point
	row     *planner.BacktestRow
	skipped string
}

func backtestEntries(bt *planner.BacktestResult, held []model.Point) []backtestEntry {
	out := make([]backtestEntry, 0, len(held))
	for i := range held {
		e := backtestEntry{point: &held[i]}
		for j := range bt.Rows {
			if bt.Rows[j].ID == held[i].ID {
				e.row = &bt.Rows[j]
			}
		}
		for _, sk := range bt.Skipped {
			if sk.ID == held[i].ID {
				e.skipped = sk.Reason
			}
		}
		out = append(out, e)
	}
	return out
}

// measured is what a point published of the compared metrics.
func measured(p *model.Point, ttftKind string) planner.Values {
	get := func(m model.Metric) *float64 {
		if v, ok := p.Metrics.Get(m); ok && v > 0 {
			return &v
		}
		return nil
	}
	v := planner.Values{TputPerGPU: get(model.TputPerGPU), MeanIntvty: get(model.MeanIntvty), P90Intvty: get(model.P90Intvty)}
	switch ttftKind {
	case "median":
		v.TTFT = get(model.MedianTTFT)
	case "p90":
		v.TTFT = get(model.P90TTFT)
	default:
		v.TTFT = get(model.MeanTTFT)
	}
	return v
}

func toDesignJSON(props []planner.Proposal) []proposalJSON {
	out := make([]proposalJSON, 0, len(props))
	for _, p := range props {
		c := p.Config
		out = append(out, proposalJSON{Band: p.Band, ID: p.ID, PrefillWorkers: c.PrefillWorkers,
			PrefillGPUs: c.PrefillGPUs, DecodeRanks: c.DecodeRanks, DecodeBS: c.DecodeBS,
			Balance: c.Balance, Concurrency: c.Concurrency, Prediction: p.Prediction,
			Replaces: p.Replaces})
	}
	return out
}

// Text output.

func writeCalibration(w io.Writer, c *planner.Calibration, fc planner.FitChoice) {
	p := c.Params
	fmt.Fprintf(w, "calibration on %d points: %s\n", len(c.Points), strings.Join(c.Points, ", "))
	fmt.Fprintf(w, "  f = OSL/L   %.5f\n", p.F)
	if p.TTFTKind != "" {
		fmt.Fprintf(w, "  u = 1/L     %.4g requests per token (L ≈ %s tokens; %s TTFT in the loop identity)\n", p.U, model.Thousands(1/p.U, 0), p.TTFTKind)
	}
	fmt.Fprintf(w, "  α           %.4f ms per output token\n", p.Alpha*1e3)
	fmt.Fprintf(w, "  β           %.3f µs per output token per running request\n", p.Beta*1e6)
	if p.TTFTKind != "" {
		fmt.Fprintf(w, "  d0          %.2f µs per token outside decode not explained by TTFT (client time)\n", p.D0*1e6)
	} else {
		fmt.Fprintf(w, "  d0          %.2f µs per token outside decode\n", p.D0*1e6)
	}
	if hasDPAttn(p.Decode) {
		fmt.Fprintf(w, "  δ           %.2f total_tokens, %.2f total_requests (%s; DP-attention decode only)\n", p.DeltaTokens, p.DeltaRequests, map[bool]string{true: "fitted", false: "default"}[p.DeltaFitted])
	}
	switch {
	case p.R90Assumed:
		fmt.Fprintln(w, "  r90         1 (assumed: the points publish p90 interactivity only)")
	case p.R90 > 0:
		fmt.Fprintf(w, "  r90         %.4f (p90 / mean interactivity)\n", p.R90)
	default:
		fmt.Fprintln(w, "  r90         unknown (no p90 interactivity in the fit)")
	}
	if math.Abs(p.RMean-1) > 5e-4 {
		fmt.Fprintf(w, "  mean·TPOT   %.4f (mean interactivity × mean TPOT)\n", p.RMean)
	}
	if p.TauP > 0 {
		fmt.Fprintf(w, "  τP          %s tok/s per prefill worker (%s)\n", model.Thousands(p.TauP, 0), tauSource(p.Prefill[0]))
	} else {
		fmt.Fprintf(w, "  τP          unknown, at least %s tok/s per prefill worker\n", model.Thousands(p.TauPLowerBound, 0))
	}
	writeLaws(w, p)
	short := map[string]bool{}
	for _, id := range c.ShortRuns {
		short[id] = true
	}
	tw := newTab(w)
	ttft := map[bool]string{true: "TTFT err\t", false: ""}[p.TTFTKind != ""]
	fmt.Fprintf(tw, "  point\ttput err\tmean intvty err\tp90 intvty err\t%scap-bound\tprefill\trun\t\n", ttft)
	for _, r := range c.Residuals {
		run := model.Dash
		if d := duration(fc.Points, r.ID); d != nil {
			run = fmt.Sprintf("%.0f s", *d)
		}
		if short[r.ID] {
			run += " (short)"
		}
		cell := ""
		if ttft != "" {
			cell = pctCell(r.TTFTPct) + "\t"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s%s\t%s\t%s\t\n", r.ID, pctCell(&r.TputPct), pctCell(r.MeanIntvtyPct), pctCell(r.P90IntvtyPct),
			cell, yesNo(r.CapBound), map[bool]string{true: "saturated", false: model.Dash}[r.Saturated], run)
	}
	tw.Flush()
	for _, tw := range fc.Twins {
		fmt.Fprintf(w, "  %s: %s\n", tw.ID, tw.Reason)
	}
	for _, n := range c.Notes {
		fmt.Fprintf(w, "  note: %s\n", n)
	}
	for _, cl := range c.Collapses {
		fmt.Fprintf(w, "  collapse: %s falls from %s tok/s/GPU at c%d to %s at c%d\n", cl.Shape, model.Thousands(cl.PeakTput, 0), cl.PeakC, model.Thousands(cl.AtTput, 0), cl.AtC)
	}
	fmt.Fprintln(w)
}

// writeLaws lists every decode family's step law and every prefill shape's
// TTFT law when there is more than the template's to say.
func writeLaws(w io.Writer, p planner.Params) {
	if len(p.Decode) > 1 || (len(p.Decode) == 1 && (p.Decode[0].SlopeAssumed || p.Decode[0].AdmitExcess > 0)) {
		fmt.Fprintln(w, "  decode      TPOT = α + β·b_max per family:")
		for _, l := range p.Decode {
			name := l.Family
			if l.DPAttn {
				name = "DP attention (" + strings.Join(l.Shapes, ", ") + ")"
			}
			fmt.Fprintf(w, "    %-28s α %.4f ms  β %.3f µs  b_max %.1f–%.1f", name, l.Alpha*1e3, l.Beta*1e6, l.BMin, l.BMax)
			if l.SlopeAssumed {
				fmt.Fprintf(w, "  (one batch: slope from %s)", l.SlopeFrom)
			}
			if l.AdmitExcess > 0 {
				fmt.Fprintf(w, "  admission excess %.2f", l.AdmitExcess)
			}
			fmt.Fprintln(w)
		}
	}
	if p.TTFTKind == "" && len(p.Prefill) < 2 {
		return
	}
	fmt.Fprintln(w, "  prefill     TTFT = T0 + κ·(Θ/Np) below τP, per worker shape:")
	for _, l := range p.Prefill {
		tau := "τP unknown, at least " + model.Thousands(l.TauPLowerBound, 0)
		if l.TauP > 0 {
			tau = "τP " + model.Thousands(l.TauP, 0) + " (" + tauSource(l) + ")"
		}
		if p.TTFTKind != "" {
			fmt.Fprintf(w, "    %-28s T0 %.2f s  κ %.3g s per tok/s  %s\n", l.Family, l.T0, l.Kappa, tau)
		} else {
			fmt.Fprintf(w, "    %-28s %s\n", l.Family, tau)
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

func writePrediction(w io.Writer, cfg planner.Config, p planner.Prediction) {
	fmt.Fprintf(w, "prediction: %d prefill × %d GPUs + %d decode ranks = %d GPUs, decode BS %d, %s, concurrency %s\n",
		cfg.PrefillWorkers, cfg.PrefillGPUs, cfg.DecodeRanks, p.GPUs, cfg.DecodeBS, model.OrDash(cfg.Balance), model.Thousands(float64(cfg.Concurrency), 0))
	line := func(k, v string) { fmt.Fprintf(w, "  %-18s %s\n", k, v) }
	line("throughput", model.Thousands(p.TputPerGPU, 0)+" tok/s/GPU ("+model.Thousands(p.Theta, 0)+" tok/s total)")
	line("mean interactivity", fmt.Sprintf("%.1f tok/s/user", p.MeanIntvty))
	if p.P90Intvty > 0 {
		line("p90 interactivity", fmt.Sprintf("%.1f tok/s/user", p.P90Intvty))
	}
	if p.TTFT > 0 {
		line("TTFT", fmt.Sprintf("%.2f s", p.TTFT))
	}
	line("regime", string(p.Regime))
	binds := "cap free"
	if p.CapBinds {
		binds = "cap binds"
	}
	line("decode batch", fmt.Sprintf("%.1f mean, %.1f busiest rank (%s)", p.DecodeBatchMean, p.DecodeBatchMax, binds))
	if p.QueueAt != "" {
		line("queue", fmt.Sprintf("%s requests in front of %s", model.Thousands(p.Queue, 0), p.QueueAt))
	} else {
		line("queue", "none")
	}
	if k := p.KneeInt(); k > 0 {
		line("knee concurrency", model.Thousands(float64(k), 0))
	} else {
		line("knee concurrency", "unknown (no finite prefill or cap ceiling)")
	}
	if p.RecommendedDecodeBS > 0 {
		line("recommended BS", strconv.Itoa(p.RecommendedDecodeBS)+" (captured CUDA-graph size at the prefill ceiling)")
	} else {
		line("recommended BS", "none: prefill outruns decode at any cap")
	}
	line("decode headroom", fmt.Sprintf("%.0f %% of the asymptotic decode capacity", p.Headroom*100))
	writeWarnings(w, p.Warnings)
	fmt.Fprintln(w)
}

func writeWarnings(w io.Writer, warns []string) {
	for _, s := range warns {
		fmt.Fprintf(w, "  warning: %s\n", s)
	}
}

// writeTrust puts how far to trust a prediction next to it: the same fit's
// error on the curve's other measured disaggregated points.
func writeTrust(w io.Writer, fit, others []model.Point) {
	bt, err := planner.Backtest(fit, others)
	if err != nil || len(bt.Rows) == 0 {
		fmt.Fprintln(w, "trust: no other measured disaggregated point to backtest this fit on")
		return
	}
	fmt.Fprintf(w, "trust: this fit predicts the curve's %d other disaggregated points with mean |err| %s on throughput, %s on mean interactivity (max %s, %s); --backtest shows each\n\n",
		len(bt.Rows), absCell(bt.MeanAbs.TputPerGPU), absCell(bt.MeanAbs.MeanIntvty), absCell(bt.MaxAbs.TputPerGPU), absCell(bt.MaxAbs.MeanIntvty))
}

// writeBacktest lists every held-out point: predicted ones with their
// errors, TTFT, regime and warnings (those every prediction shares once),
// skipped ones with the reason.
func writeBacktest(w io.Writer, bt *planner.BacktestResult, held []model.Point) {
	fmt.Fprintf(w, "backtest: fit on %s\n", strings.Join(bt.Calibration.Points, ", "))
	entries := backtestEntries(bt, held)
	kind := bt.Calibration.Params.TTFTKind
	tw := newTab(w)
	ttftHead := map[bool]string{true: "TTFT meas\tpred\t", false: ""}[kind != ""]
	fmt.Fprintf(tw, "  point\ttput/GPU meas\tpred\terr\tmean intvty meas\tpred\terr\tp90 intvty meas\tpred\terr\t%sregime\t\n", ttftHead)
	for _, e := range entries {
		r := e.row
		if r == nil {
			m := measured(e.point, kind)
			ttft := ""
			if kind != "" {
				ttft = secCell(m.TTFT) + "\t" + model.Dash + "\t"
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%sskipped\t\n", e.point.ID,
				tputCell(m.TputPerGPU), model.Dash, model.Dash, intvtyCell(m.MeanIntvty), model.Dash, model.Dash,
				intvtyCell(m.P90Intvty), model.Dash, model.Dash, ttft)
			continue
		}
		ttft := ""
		if kind != "" {
			ttft = secCell(r.Measured.TTFT) + "\t" + secCell(r.Predicted.TTFT) + "\t"
		}
		regime := string(r.Prediction.Regime)
		if r.Prediction.Extrapolated {
			regime += " (extrapolated)"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s%s\t\n", r.ID,
			tputCell(r.Measured.TputPerGPU), tputCell(r.Predicted.TputPerGPU), pctCell(r.ErrorPct.TputPerGPU),
			intvtyCell(r.Measured.MeanIntvty), intvtyCell(r.Predicted.MeanIntvty), pctCell(r.ErrorPct.MeanIntvty),
			intvtyCell(r.Measured.P90Intvty), intvtyCell(r.Predicted.P90Intvty), pctCell(r.ErrorPct.P90Intvty),
			ttft, regime)
	}
	fmt.Fprintf(tw, "  mean |err|\t\t\t%s\t\t\t%s\t\t\t%s\t\n", absCell(bt.MeanAbs.TputPerGPU), absCell(bt.MeanAbs.MeanIntvty), absCell(bt.MeanAbs.P90Intvty))
	fmt.Fprintf(tw, "  max |err|\t\t\t%s\t\t\t%s\t\t\t%s\t\n", absCell(bt.MaxAbs.TputPerGPU), absCell(bt.MaxAbs.MeanIntvty), absCell(bt.MaxAbs.P90Intvty))
	tw.Flush()
	for _, e := range entries {
		if e.row == nil {
			fmt.Fprintf(w, "  skipped %s: %s\n", e.point.ID, e.skipped)
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
				fmt.Fprintf(w, "  every prediction: %s\n", s)
			}
		}
	}
	for _, r := range bt.Rows {
		for _, s := range r.Prediction.Warnings {
			if !shared(s) {
				fmt.Fprintf(w, "  %s: %s\n", r.ID, s)
			}
		}
	}
	fmt.Fprintln(w)
}

func writeDesign(w io.Writer, props []planner.Proposal, maxGPUs int) {
	fmt.Fprintf(w, "design: up to %d GPUs, one point per mean-interactivity band\n", maxGPUs)
	tw := newTab(w)
	fmt.Fprintln(tw, "  band (tok/s/user)\tpoint\tprefill\tdecode BS\tconcurrency\tGPUs\ttput/GPU\tmean intvty\tp90 intvty\treplaces\t")
	for _, p := range props {
		c := p.Config
		fmt.Fprintf(tw, "  %.1f–%.1f\t%s\t%d\t%d\t%s\t%d\t%s\t%.1f\t%s\t%s\t\n", p.Band[0], p.Band[1], p.ID,
			c.PrefillWorkers, c.DecodeBS, model.Thousands(float64(c.Concurrency), 0), p.Prediction.GPUs,
			model.Thousands(p.Prediction.TputPerGPU, 0), p.Prediction.MeanIntvty,
			intvtyCell(nonZero(p.Prediction.P90Intvty)), model.OrDash(strings.Join(p.Replaces, ", ")))
	}
	tw.Flush()
	for _, p := range props {
		for _, s := range p.Prediction.Warnings {
			fmt.Fprintf(w, "  %s: %s\n", p.ID, s)
		}
	}
	fmt.Fprintln(w)
}

func pctCell(v *float64) string {
	if v == nil {
		return model.Dash
	}
	return fmt.Sprintf("%+.2f %%", *v)
}

func absCell(v *float64) string {
	if v == nil {
		return model.Dash
	}
	return fmt.Sprintf("%.2f %%", *v)
}

func tputCell(v *float64) string {
	if v == nil {
		return model.Dash
	}
	return model.Thousands(*v, 0)
}

func intvtyCell(v *float64) string {
	if v == nil {
		return model.Dash
	}
	return strconv.FormatFloat(*v, 'f', 1, 64)
}

func secCell(v *float64) string {
	if v == nil {
		return model.Dash
	}
	return strconv.FormatFloat(*v, 'f', 2, 64) + " s"
}

func nonZero(v float64) *float64 {
	if v == 0 {
		return nil
	}
	return &v
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
