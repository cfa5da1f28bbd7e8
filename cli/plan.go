package cli

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/render"
)

func init() { register("plan", newPlanCmd) }

const planHelp = `Calibrates the Little's-law P/D model on the --fit points, then predicts one
configuration, backtests the curve's other points, or designs a sweep.`

func newPlanCmd(env *cmdEnv) *cobra.Command {
	var f planFlags
	cmd := leaf(env, "plan [PATH...] --fit ID[,ID...]|auto [--curve SEL] (--prefill-workers N --decode-bs N --concurrency N | --backtest | --design --max-gpus N --bands K) [--json]",
		"calibrate the P/D planner, predict knobs, backtest, design a sweep", planHelp,
		func(_ *cobra.Command, paths []string) int { return runPlan(&f, paths, env) })
	fs := cmd.Flags()
	f.inputFlags.register(fs)
	fs.StringVar(&f.fit, "fit", "", "comma-separated `IDS` of the disaggregated points to calibrate on, or auto: the set leave-one-out over the curve's points trusts most (required)")
	fs.StringVar(&f.curve, "curve", "", "curve: its number in 'report' order or a substring of its name (default: the --fit points' curve)")
	fs.IntVar(&f.prefillWorkers, "prefill-workers", 0, "predict: prefill workers")
	fs.IntVar(&f.prefillGPUs, "prefill-gpus", 0, "predict: GPUs per prefill worker (default: the fit points')")
	fs.IntVar(&f.ranks, "decode-ranks", 0, "predict: decode data-parallel ranks (default: the fit points')")
	fs.IntVar(&f.decodeBS, "decode-bs", 0, "predict: decode CUDA-graph max batch per rank")
	fs.IntVar(&f.concurrency, "concurrency", 0, "predict: client concurrency")
	fs.StringVar(&f.decodeShape, "decode-shape", "", "predict: decode worker shape, depN (DP attention, N ranks a worker), tpN or tepN (one rank of N GPUs a worker; --decode-ranks counts workers); it chooses the decode law (default: the fit points')")
	fs.StringVar(&f.prefillShape, "prefill-shape", "", "predict: prefill worker shape, depN, tpN or tepN (N GPUs a worker; default: the fit points')")
	fs.StringVar(&f.balance, "balance", "", "predict: DP balancing, total_tokens or total_requests (default: the fit points')")
	fs.BoolVar(&f.backtest, "backtest", false, "predict every other disaggregated point of the curve and show the errors, then leave-one-out over all its points")
	fs.BoolVar(&f.design, "design", false, "design a sweep: one point per interactivity band (needs --max-gpus, --bands)")
	fs.IntVar(&f.maxGPUs, "max-gpus", 0, "design: GPU budget per point")
	fs.IntVar(&f.bands, "bands", 0, "design: number of interactivity bands")
	f.rec.register(fs)
	addJSON(fs, &f.json)
	return cmd
}

type planFlags struct {
	inputFlags
	fit, curve, balance                string
	decodeShape, prefillShape          string
	prefillWorkers, prefillGPUs, ranks int
	decodeBS, concurrency              int
	backtest, design, json             bool
	maxGPUs, bands                     int
	rec                                ledgerFlags // --record, --ledger
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
	var auto *planner.AutoFitResult
	var curve model.Curve
	var choice planner.FitChoice
	var msg string
	if strings.TrimSpace(f.fit) == "auto" {
		curve, choice, auto, msg = selectAutoFit(ds.Points, f.curve)
	} else {
		curve, choice, msg = selectFit(ds.Points, splitIDs(f.fit), f.curve)
	}
	if msg != "" {
		return bad("%s", msg)
	}
	fit := choice.Points
	cal, err := planner.Calibrate(fit)
	if err != nil {
		return bad("%v", err)
	}
	cal.AddMeasured(curve.Points) // collapses the curve's other points show
	// The --json document: its conversions are made for --json only.
	out := planJSON{AutoFit: auto}
	if f.json {
		out.Calibration = toCalibrationJSON(cal, choice)
	}
	var pred *planner.Prediction
	var rec planner.Recommendation
	held := false
	pcal, pchoice := cal, choice // what the prediction came from
	if predict {
		cfg := f.config(cal.Template)
		if auto != nil {
			// The automatic fit never predicts a configuration it holds.
			if fc, hit := choice.WithoutConfig(cfg); hit {
				pchoice = fc
				if pcal, err = planner.Calibrate(fc.Points); err != nil {
					return bad("the automatic fit without the predicted configuration: %v", err)
				}
				pcal.AddMeasured(curve.Points)
				held = true
			}
		}
		p, err := pcal.Predict(cfg)
		if err != nil {
			return bad("%v", err)
		}
		pred = &p
		out.Prediction = &p
		rec, _ = pcal.Recommend(cfg)
		out.Recommendation = &rec
	}
	var bt *planner.BacktestResult
	var loo *planner.CrossValidation
	rest := heldOut(curve.Points, fit) // the curve's points the fit left out
	if f.backtest {
		// With every point in the fit (--fit auto may choose so) only the
		// leave-one-out is left to show.
		if held := rest; len(held) > 0 {
			bt, err = planner.Backtest(fit, held)
			if err != nil {
				return bad("%v", err)
			}
			if f.json {
				out.Backtest = toBacktestJSON(bt, held)
			}
		}
		cv := planner.LeaveOneOut(fit, calibratable(curve.Points))
		loo = &cv
		out.LeaveOneOut = &cv
	}
	var props []planner.Proposal
	if f.design {
		props, err = planner.Design(cal, curve.Points, f.maxGPUs, f.bands)
		if err != nil {
			return bad("%v", err)
		}
		if f.json {
			out.Design = toDesignJSON(props)
		}
	}
	if path := f.rec.target(); path != "" {
		rcal, rchoice := cal, choice
		if held && len(props) == 0 {
			rcal, rchoice = pcal, pchoice // the fit the prediction came from
		}
		recs := predictionRecords(rcal, rchoice, pred, ledger.KnobsFor(cal.Template, f.config(cal.Template)), props)
		ids, ok := recordTo(path, recs, env)
		if !ok {
			return exitBadInput
		}
		out.Recorded = ids
	}
	if f.json {
		if err := writeDoc(env.json(), out, loadWarnings(ds, nil)); err != nil {
			return bad("%v", err)
		}
		return code
	}
	res := render.PlanResult{Curve: curve.Key, Calibration: cal, Fit: choice, Prediction: pred, Config: f.config(cal.Template),
		Backtest: bt, HeldOut: rest, Design: props, Designed: f.design, MaxGPUs: f.maxGPUs,
		Rec: rec, Held: held, Auto: auto, LeaveOneOut: loo}
	if pred != nil && bt == nil {
		if t, err := planner.Backtest(fit, disaggOnly(rest)); err == nil {
			res.Trust = t
		}
	}
	fmt.Fprint(env.stdout, render.Plan(res).Plain())
	return code
}

// maxPlanKnob bounds a prediction's counts: far past any deployment, and
// low enough that GPU counts and tokens in flight (products of them) are
// exact (2^63 - 1 workers × 2 GPUs came out as 14 GPUs).
const maxPlanKnob = 1_000_000

// check validates flag combinations before anything is loaded.
func (f *planFlags) check(predict bool) string {
	switch {
	case strings.TrimSpace(f.fit) == "":
		return "--fit ID[,ID...] is required: the disaggregated points to calibrate on (or --fit auto)"
	case predict && (f.prefillWorkers <= 0 || f.decodeBS <= 0 || f.concurrency <= 0):
		return "a prediction needs --prefill-workers, --decode-bs and --concurrency, all positive"
	case predict && max(f.prefillWorkers, f.decodeBS, f.concurrency) > maxPlanKnob:
		return fmt.Sprintf("a prediction takes --prefill-workers, --decode-bs and --concurrency up to %s each", model.Thousands(maxPlanKnob, 0))
	case f.prefillGPUs < 0 || f.ranks < 0:
		return "--prefill-gpus and --decode-ranks must be positive"
	case max(f.prefillGPUs, f.ranks) > maxPlanKnob:
		return fmt.Sprintf("--prefill-gpus and --decode-ranks go up to %s", model.Thousands(maxPlanKnob, 0))
	case f.balance != "" && f.balance != model.BalanceTotalTokens && f.balance != model.BalanceTotalRequests:
		return fmt.Sprintf("--balance %q: want total_tokens or total_requests", f.balance)
	case f.design && (f.maxGPUs <= 0 || f.bands <= 0):
		return "--design needs --max-gpus N and --bands K, both positive"
	case (f.rec.record || f.rec.path != "") && !predict && !f.design:
		return "--record and --ledger record predictions: give --prefill-workers, --decode-bs and --concurrency, or --design"
	case f.decodeShape != "" && decodeShapeSize(f.decodeShape) <= 0:
		return fmt.Sprintf("--decode-shape %q: want depN, tpN or tepN with N a positive number of GPUs", f.decodeShape)
	case f.prefillShape != "" && decodeShapeSize(f.prefillShape) <= 0:
		return fmt.Sprintf("--prefill-shape %q: want depN, tpN or tepN with N a positive number of GPUs", f.prefillShape)
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
	if n := decodeShapeSize(f.prefillShape); n > 0 {
		cfg.PrefillShape = strings.ToLower(f.prefillShape)
		if f.prefillGPUs <= 0 {
			cfg.PrefillGPUs = n
		}
	}
	if n := decodeShapeSize(f.decodeShape); n > 0 {
		// The decode family follows the shape asked for, not the fit points'.
		cfg.DecodeShape = strings.ToLower(f.decodeShape)
		cfg.DecodeDPAttn = strings.HasPrefix(cfg.DecodeShape, "dep")
		if cfg.DecodeDPAttn {
			cfg.DecodeRanks = n
			if f.ranks > 0 {
				cfg.DecodeRanks = f.ranks
			}
			cfg.DecodeGPUs = cfg.DecodeRanks
		} else {
			cfg.DecodeRanks = max(f.ranks, 1)
			cfg.DecodeGPUs = cfg.DecodeRanks * n
		}
	}
	return cfg
}

// decodeShapeSize is N of a depN, tpN or tepN decode shape, 0 when the
// shape is not one.
func decodeShapeSize(shape string) int {
	s := strings.ToLower(strings.TrimSpace(shape))
	for _, p := range [...]string{"dep", "tep", "tp"} {
		if r, ok := strings.CutPrefix(s, p); ok {
			if n, err := strconv.Atoi(r); err == nil && n > 0 && n <= 4096 {
				return n
			}
			return 0
		}
	}
	return 0
}

// selectFit finds the curve and the fit points (planner.ChooseFit: twins of
// one configuration count once), or says what is wrong.
func selectFit(points []model.Point, ids []string, sel string) (model.Curve, planner.FitChoice, string) {
	fc, err := planner.ChooseFit(points, ids)
	if err != nil {
		return model.Curve{}, fc, err.Error()
	}
	var curve model.Curve
	if sel != "" {
		keys, _ := model.CountCurves(points, func(*model.Point) bool { return false })
		c, msg := pickCurve(keyCurves(keys), sel)
		if msg != "" {
			return model.Curve{}, fc, msg
		}
		curve = model.GatherCurve(points, c.Key)
	} else {
		curve = model.GatherCurve(points, fc.Curve) // the fit points' curve: one of points
	}
	if fc.Curve != curve.Key {
		return model.Curve{}, fc, fmt.Sprintf("%s is not on the curve %s: fit on points of one curve", fc.Points[0].ID, curve.Key)
	}
	return curve, fc, ""
}

// selectAutoFit picks the curve (--curve, else the one ChooseFit would fit)
// and the fit planner.AutoFit chooses on its points.
func selectAutoFit(points []model.Point, sel string) (model.Curve, planner.FitChoice, *planner.AutoFitResult, string) {
	// One curve is gathered, not every point grouped (a million: 664 MB).
	var curve model.Curve
	if sel != "" {
		keys, _ := model.CountCurves(points, func(*model.Point) bool { return false })
		c, msg := pickCurve(keyCurves(keys), sel)
		if msg != "" {
			return model.Curve{}, planner.FitChoice{}, nil, msg
		}
		curve = model.GatherCurve(points, c.Key)
	} else {
		fc, err := planner.ChooseFit(points, nil)
		if err != nil {
			return model.Curve{}, fc, nil, err.Error()
		}
		curve = model.GatherCurve(points, fc.Curve) // fc.Curve is a curve of points
	}
	res, err := planner.AutoFit(curve.Points)
	if err != nil {
		return model.Curve{}, planner.FitChoice{}, nil, fmt.Sprintf("--fit auto on %s: %v", curve.Key, err)
	}
	fc, err := planner.ChooseFit(curve.Points, res.Choice().IDs)
	if err != nil {
		return model.Curve{}, fc, nil, err.Error()
	}
	return curve, fc, &res, ""
}

// calibratable keeps the points planner.Calibrate could use.
func calibratable(points []model.Point) []model.Point {
	return keepPoints(points, planner.Calibratable)
}

// keepPoints copies the points keep takes, in order, each once (counted
// first: a point is hundreds of bytes); nil when none.
func keepPoints(points []model.Point, keep func(*model.Point) bool) []model.Point {
	n := 0
	for i := range points {
		if keep(&points[i]) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]model.Point, 0, n)
	for i := range points {
		if keep(&points[i]) {
			out = append(out, points[i])
		}
	}
	return out
}

// pickCurve selects a curve by 1-based number or a unique name substring.
// keyCurves are curves of keys alone, for pickCurve, which reads the keys.
func keyCurves(keys []model.CurveKey) []model.Curve {
	curves := make([]model.Curve, len(keys))
	for i, k := range keys {
		curves[i].Key = k
	}
	return curves
}

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
	return keepPoints(points, func(p *model.Point) bool {
		return !used[p.ID] && p.Source != model.SourceCompetitor && p.Source != model.SourcePlanned
	})
}

// disaggOnly keeps the disaggregated points: the trust line backtests those.
func disaggOnly(points []model.Point) []model.Point {
	return keepPoints(points, func(p *model.Point) bool { return p.Knobs.Mode == model.ModeDisagg })
}

func newTab(w io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
}

// The --json shape of plan (docs/planner.md); only the parts asked
// for are present.
type planJSON struct {
	Calibration    calibrationJSON          `json:"calibration"`
	AutoFit        *planner.AutoFitResult   `json:"auto_fit,omitempty"`
	Prediction     *planner.Prediction      `json:"prediction,omitempty"`
	Recommendation *planner.Recommendation  `json:"recommendation,omitempty"`
	Backtest       []heldOutJSON            `json:"backtest,omitempty"`
	LeaveOneOut    *planner.CrossValidation `json:"leave_one_out,omitempty"`
	Design         []proposalJSON           `json:"design,omitempty"`
	Recorded       []string                 `json:"recorded,omitempty"` // ledger IDs of the predictions recorded
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
	for _, e := range bt.HeldOut(held) {
		j := heldOutJSON{ID: e.Point.ID, Measured: planner.MeasuredValues(e.Point, bt.Calibration.Params.TTFTKind)}
		if e.Row == nil {
			j.Skipped = e.Skipped
		} else {
			r := e.Row
			j.Measured, j.Predicted, j.ErrorPct = r.Measured, &r.Predicted, &r.ErrorPct
			j.Regime, j.Extrapolated, j.Warnings = string(r.Prediction.Regime), &r.Prediction.Extrapolated, r.Prediction.Warnings
		}
		out = append(out, j)
	}
	return out
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
