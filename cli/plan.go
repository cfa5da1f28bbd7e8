package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
)

func init() {
	register(command{name: "plan", summary: "calibrate the P/D planner, predict knobs, backtest, design a sweep", run: runPlan})
}

type planFlags struct {
	inputFlags
	fit, curve, balance                string
	prefillWorkers, prefillGPUs, ranks int
	decodeBS, concurrency              int
	backtest, design, json             bool
	maxGPUs, bands                     int
}

func runPlan(args []string, env *cmdEnv) int {
	fs := newFlags("plan", "usage: sweeptune plan [PATH...] --fit ID[,ID...] [--curve SEL] (--prefill-workers N --decode-bs N --concurrency N | --backtest | --design --max-gpus N --bands K) [--json]\n\n"+
		"Calibrates the Little's-law P/D model on the --fit points, then predicts one\n"+
		"configuration, backtests the curve's other points, or designs a sweep.", env)
	var f planFlags
	f.inputFlags.register(fs)
	fs.StringVar(&f.fit, "fit", "", "comma-separated IDs of the disaggregated points to calibrate on (required)")
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
	fs.BoolVar(&f.json, "json", false, "print JSON instead of text")
	paths, err := parseFlags(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitBadInput
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(env.stderr, "sweeptune plan: "+format+"\n", a...)
		return exitBadInput
	}
	predict := f.prefillWorkers != 0 || f.decodeBS != 0 || f.concurrency != 0
	if msg := f.check(predict); msg != "" {
		return bad("%s", msg)
	}
	ds, code := f.load(paths, env)
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
	out := planJSON{Calibration: toCalibrationJSON(cal)}
	var pred *planner.Prediction
	if predict {
		cfg := f.config(cal.Template)
		p, err := cal.Predict(cfg)
		if err != nil {
			return bad("%v", err)
		}
		pred = &p
		out.Prediction = toPredictionJSON(p)
	}
	var bt *planner.BacktestResult
	if f.backtest {
		bt, err = planner.Backtest(fit, heldOut(curve.Points, fit))
		if err != nil {
			return bad("%v", err)
		}
		out.Backtest = toBacktestJSON(bt)
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
		if err := writeJSON(env.stdout, out); err != nil {
			return bad("%v", err)
		}
		return code
	}
	w := env.stdout
	fmt.Fprintf(w, "curve: %s\n\n", curve.Key)
	writeCalibration(w, cal)
	if pred != nil {
		writePrediction(w, f.config(cal.Template), *pred)
		if !f.backtest {
			writeTrust(w, fit, heldOut(curve.Points, fit))
		}
	}
	if bt != nil {
		writeBacktest(w, bt)
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

// heldOut is every disaggregated point of the curve not used in the fit.
func heldOut(points, fit []model.Point) []model.Point {
	used := map[string]bool{}
	for _, p := range fit {
		used[p.ID] = true
	}
	var out []model.Point
	for _, p := range points {
		if p.Knobs.Mode == model.ModeDisagg && !used[p.ID] {
			out = append(out, p)
		}
	}
	return out
}

func newTab(w io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
}

// The --json shape of issue 4; only the parts asked for are present.
type planJSON struct {
	Calibration calibrationJSON   `json:"calibration"`
	Prediction  *predictionJSON   `json:"prediction,omitempty"`
	Backtest    []backtestRowJSON `json:"backtest,omitempty"`
	Design      []proposalJSON    `json:"design,omitempty"`
}

type calibrationJSON struct {
	Points    []string       `json:"points"`
	Params    planner.Params `json:"params"`
	Residuals []residualJSON `json:"residuals"`
	ShortRuns []string       `json:"short_runs,omitempty"`
}

type residualJSON struct {
	ID            string   `json:"id"`
	TputPct       float64  `json:"tput_pct"`
	MeanIntvtyPct float64  `json:"mean_intvty_pct"`
	P90IntvtyPct  *float64 `json:"p90_intvty_pct"`
}

type predictionJSON struct {
	GPUs                int      `json:"gpus"`
	TputPerGPU          float64  `json:"tput_per_gpu"`
	MeanIntvty          float64  `json:"mean_intvty"`
	P90Intvty           *float64 `json:"p90_intvty"` // null when r90 is unknown
	Regime              string   `json:"regime"`
	DecodeBatchMean     float64  `json:"decode_batch_mean"`
	DecodeBatchMax      float64  `json:"decode_batch_max"`
	CapBinds            bool     `json:"cap_binds"`
	Queue               float64  `json:"queue"`
	KneeConcurrency     *int     `json:"knee_concurrency"`      // null when no finite ceiling is known
	RecommendedDecodeBS *int     `json:"recommended_decode_bs"` // null when decode cannot keep up
	Warnings            []string `json:"warnings"`
}

type backtestRowJSON struct {
	ID        string         `json:"id"`
	Measured  planner.Values `json:"measured"`
	Predicted planner.Values `json:"predicted"`
	ErrorPct  planner.Values `json:"error_pct"`
}

type proposalJSON struct {
	Band           [2]float64     `json:"band"` // mean interactivity, tok/s/user
	ID             string         `json:"id"`
	PrefillWorkers int            `json:"prefill_workers"`
	PrefillGPUs    int            `json:"prefill_gpus"`
	DecodeRanks    int            `json:"decode_ranks"`
	DecodeBS       int            `json:"decode_bs"`
	Balance        string         `json:"balance"`
	Concurrency    int            `json:"concurrency"`
	Prediction     predictionJSON `json:"prediction"`
	Replaces       []string       `json:"replaces"`
}

func toCalibrationJSON(c *planner.Calibration) calibrationJSON {
	out := calibrationJSON{Points: c.Points, Params: c.Params, Residuals: []residualJSON{}}
	for _, r := range c.Residuals {
		out.Residuals = append(out.Residuals, residualJSON{r.ID, r.TputPct, r.MeanIntvtyPct, r.P90IntvtyPct})
	}
	return out
}

func toPredictionJSON(p planner.Prediction) *predictionJSON {
	out := &predictionJSON{GPUs: p.GPUs, TputPerGPU: p.TputPerGPU, MeanIntvty: p.MeanIntvty,
		Regime: string(p.Regime), DecodeBatchMean: p.DecodeBatchMean, DecodeBatchMax: p.DecodeBatchMax,
		CapBinds: p.CapBinds, Queue: p.Queue, Warnings: p.Warnings}
	if p.P90Intvty > 0 {
		v := p.P90Intvty
		out.P90Intvty = &v
	}
	if k := kneeInt(p.KneeConcurrency); k > 0 {
		out.KneeConcurrency = &k
	}
	if p.RecommendedDecodeBS > 0 {
		bs := p.RecommendedDecodeBS
		out.RecommendedDecodeBS = &bs
	}
	return out
}

// kneeInt is the knee as a concurrency one can set: rounded up.
func kneeInt(v float64) int {
	if v <= 0 {
		return 0
	}
	return int(v + 0.999999)
}

func toBacktestJSON(bt *planner.BacktestResult) []backtestRowJSON {
	out := make([]backtestRowJSON, 0, len(bt.Rows))
	for _, r := range bt.Rows {
		out = append(out, backtestRowJSON{r.ID, r.Measured, r.Predicted, r.ErrorPct})
	}
	return out
}

func toDesignJSON(props []planner.Proposal) []proposalJSON {
	out := make([]proposalJSON, 0, len(props))
	for _, p := range props {
		c := p.Config
		out = append(out, proposalJSON{Band: p.Band, ID: p.ID, PrefillWorkers: c.PrefillWorkers,
			PrefillGPUs: c.PrefillGPUs, DecodeRanks: c.DecodeRanks, DecodeBS: c.DecodeBS,
			Balance: c.Balance, Concurrency: c.Concurrency, Prediction: *toPredictionJSON(p.Prediction),
			Replaces: p.Replaces})
	}
	return out
}

// Text output.

func writeCalibration(w io.Writer, c *planner.Calibration) {
	p := c.Params
	fmt.Fprintf(w, "calibration on %d points: %s\n", len(c.Points), strings.Join(c.Points, ", "))
	fmt.Fprintf(w, "  f = OSL/L   %.5f\n", p.F)
	fmt.Fprintf(w, "  α           %.4f ms per output token\n", p.Alpha*1e3)
	fmt.Fprintf(w, "  β           %.3f µs per output token per running request\n", p.Beta*1e6)
	fmt.Fprintf(w, "  d0          %.2f µs per token outside decode\n", p.D0*1e6)
	fmt.Fprintf(w, "  δ           %.2f total_tokens, %.2f total_requests%s\n", p.DeltaTokens, p.DeltaRequests, map[bool]string{true: " (fitted)", false: " (default)"}[p.DeltaFitted])
	if p.R90 > 0 {
		fmt.Fprintf(w, "  r90         %.4f (p90 / mean interactivity)\n", p.R90)
	} else {
		fmt.Fprintln(w, "  r90         unknown (no p90 interactivity in the fit)")
	}
	if p.TauP > 0 {
		fmt.Fprintf(w, "  τP          %s tok/s per prefill worker (saturation pair %s)\n", model.Thousands(p.TauP, 0), strings.Join(p.SaturationPair, " / "))
	} else {
		fmt.Fprintf(w, "  τP          unknown, at least %s tok/s per prefill worker\n", model.Thousands(p.TauPLowerBound, 0))
	}
	short := map[string]bool{}
	for _, id := range c.ShortRuns {
		short[id] = true
	}
	tw := newTab(w)
	fmt.Fprintln(tw, "  point\ttput err\tmean intvty err\tp90 intvty err\tcap-bound\trun\t")
	for _, r := range c.Residuals {
		run := "3600 s"
		if short[r.ID] {
			run = "short"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t\n", r.ID, pctCell(&r.TputPct), pctCell(&r.MeanIntvtyPct), pctCell(r.P90IntvtyPct), yesNo(r.CapBound), run)
	}
	tw.Flush()
	for _, n := range c.Notes {
		fmt.Fprintf(w, "  note: %s\n", n)
	}
	fmt.Fprintln(w)
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
	if k := kneeInt(p.KneeConcurrency); k > 0 {
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

func writeBacktest(w io.Writer, bt *planner.BacktestResult) {
	fmt.Fprintf(w, "backtest: fit on %s\n", strings.Join(bt.Calibration.Points, ", "))
	tw := newTab(w)
	fmt.Fprintln(tw, "  point\ttput/GPU meas\tpred\terr\tmean intvty meas\tpred\terr\tp90 intvty meas\tpred\terr\tregime\t")
	for _, r := range bt.Rows {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.ID,
			tputCell(r.Measured.TputPerGPU), tputCell(r.Predicted.TputPerGPU), pctCell(r.ErrorPct.TputPerGPU),
			intvtyCell(r.Measured.MeanIntvty), intvtyCell(r.Predicted.MeanIntvty), pctCell(r.ErrorPct.MeanIntvty),
			intvtyCell(r.Measured.P90Intvty), intvtyCell(r.Predicted.P90Intvty), pctCell(r.ErrorPct.P90Intvty),
			r.Prediction.Regime)
	}
	fmt.Fprintf(tw, "  mean |err|\t\t\t%s\t\t\t%s\t\t\t%s\t\t\n", absCell(bt.MeanAbs.TputPerGPU), absCell(bt.MeanAbs.MeanIntvty), absCell(bt.MeanAbs.P90Intvty))
	fmt.Fprintf(tw, "  max |err|\t\t\t%s\t\t\t%s\t\t\t%s\t\t\n", absCell(bt.MaxAbs.TputPerGPU), absCell(bt.MaxAbs.MeanIntvty), absCell(bt.MaxAbs.P90Intvty))
	tw.Flush()
	for _, s := range bt.Skipped {
		fmt.Fprintf(w, "  skipped %s: %s\n", s.ID, s.Reason)
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
