package planner

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/sweeptune/sweeptune/model"
)

// Proposals for a selection's empty and weak bands (docs/select.md): the
// calibrated model predicts configurations (prefill workers, decode cap,
// concurrency, balancing) under a GPU budget and hands out the cheapest run
// that answers the question:
//
//   - a full run for a clear winner: predicted above the selection's line by
//     more than the error the model showed on this curve;
//   - short runs (a concurrency list of one configuration) when the
//     predicted win is within that error: cheap information first;
//   - nothing for what the model puts below the line by more than its error.
//
// A band whose chosen point is a short run gets a full run of that point.

// Run lengths of the proposals, seconds.
const (
	ShortRunS = 1200
	FullRunS  = 3600
)

// Run kinds.
const (
	RunShort = "short"
	RunFull  = "full"
)

// shortRunConcs is how many concurrencies a short-run proposal spans.
const shortRunConcs = 3

// ModelError is the error the model has shown on a curve, in percent (mean
// absolute), and where it was measured.
type ModelError struct {
	TputPct float64 `json:"tput_pct"`
	XPct    float64 `json:"x_pct"` // on the selection's x axis
	Known   bool    `json:"known"`
	Source  string  `json:"source"` // "backtest (leave-one-out, 4 points)", …
}

// ProposedRun is one run to make.
type ProposedRun struct {
	Band       int         `json:"band"` // index into the selection's bands
	Kind       string      `json:"kind"` // short or full
	DurationS  int         `json:"duration_s"`
	ID         string      `json:"id"`
	Knobs      model.Knobs `json:"knobs"`
	Config     Config      `json:"config"`
	Prediction *Prediction `json:"prediction"` // nil when the model cannot predict it (aggregated)
	X          float64     `json:"x"`          // predicted on the selection's axes
	Y          float64     `json:"y"`
	// Ref is the selection's line at X (its best y at a better x outside
	// the kept range); WinPct = 100 (Y/Ref − 1); HasRef false when nothing
	// is kept at a better x.
	Ref    float64    `json:"ref"`
	WinPct float64    `json:"win_pct"`
	HasRef bool       `json:"has_ref"`
	Error  ModelError `json:"error"`
	Why    string     `json:"why"`
	// Confirms names the short-run point a full run confirms; Of names
	// the run whose neighbouring concurrency a short run is.
	Confirms string `json:"confirms,omitempty"`
	Of       string `json:"neighbour_of,omitempty"`
	// Untested says why the prediction lies outside its class's calibrated
	// range (design.go): such a run is never a full run.
	Untested string `json:"untested,omitempty"`
}

// BandProposals is what the model says about one band.
type BandProposals struct {
	Band  int           `json:"band"`
	Lo    float64       `json:"lo"`
	Hi    float64       `json:"hi"`
	Weak  string        `json:"weak"`
	Runs  []ProposedRun `json:"runs"`
	Below int           `json:"below"` // configurations predicted below the line by more than the error
	Note  string        `json:"note,omitempty"`
}

// Proposals are the runs proposed for a selection.
type Proposals struct {
	Fit         FitChoice       `json:"-"`
	Calibration *Calibration    `json:"-"`
	Error       ModelError      `json:"error"`
	Bands       []BandProposals `json:"bands"`
	// Runs are every band's runs, cheapest first (GPUs × duration).
	Runs  []ProposedRun `json:"runs"`
	Notes []string      `json:"notes"`
}

// ProposeRequest says what to propose for.
type ProposeRequest struct {
	Selection *model.Selection
	Points    []model.Point // every loaded point: the curve's calibratable ones are the fit
	MaxGPUs   int
	// Error, when known, is the error the model showed on this curve's
	// measured predictions (the ledger's scorecard); nil: the backtest's.
	Error *ModelError
}

// Propose calibrates on the selection's curve, measures the model's error
// there by cross-validation, and proposes runs for its weak bands.
func Propose(req ProposeRequest) (*Proposals, error) {
	s := req.Selection
	if s == nil {
		return nil, errors.New("propose: no selection")
	}
	if s.X.Metric != model.MeanIntvty && s.X.Metric != model.P90Intvty {
		return nil, fmt.Errorf("propose: the planner predicts mean and p90 interactivity, not %s", s.X.Name)
	}
	if s.Y.Metric != model.TputPerGPU {
		return nil, fmt.Errorf("propose: the planner predicts throughput per GPU, not %s", s.Y.Name)
	}
	if req.MaxGPUs <= 0 {
		return nil, errors.New("propose: a GPU budget (--max-gpus) is required")
	}
	var curve []model.Point
	for i := range req.Points {
		if req.Points[i].Curve == s.Curve {
			curve = append(curve, req.Points[i])
		}
	}
	// The fit's choice among the curve's points is its choice among the
	// curve's candidates: what it picks (Usable, else Calibratable) are
	// candidates.
	fc, err := ChooseFit(curve, nil)
	if err != nil {
		return nil, fmt.Errorf("propose: %v", err)
	}
	cal, err := Calibrate(fc.Points)
	if err != nil {
		return nil, fmt.Errorf("propose: %v", err)
	}
	cal.AddMeasured(curve)
	out := &Proposals{Fit: fc, Calibration: cal}
	if req.Error != nil && req.Error.Known {
		out.Error = *req.Error
	} else {
		out.Error = modelError(fc.Points, s.X)
	}
	if s.X.Metric == model.P90Intvty && cal.Params.R90 == 0 {
		return nil, errors.New("propose: the fit points give no p90/mean interactivity ratio, so p90 cannot be predicted")
	}
	g := newGrid(cal, s.X, req.MaxGPUs)
	if len(g.cands) == 0 {
		out.Notes = append(out.Notes, fmt.Sprintf("no configuration within %d GPUs keeps decode below its asymptote", req.MaxGPUs))
	}
	kept := model.Coords(s.Review.Kept, s.X, s.Y)
	slices.SortFunc(kept, func(a, b model.XYPoint) int { return cmp.Compare(a.X, b.X) })
	for b := range s.Bands {
		bd := &s.Bands[b]
		if bd.Weak == "" {
			continue
		}
		bp := BandProposals{Band: b, Lo: bd.Lo, Hi: bd.Hi, Weak: bd.Weak, Runs: []ProposedRun{}}
		if bd.ShortRun && bd.Choice != model.ChoiceEmpty {
			bp.Runs = append(bp.Runs, confirmRun(cal, req.Points, b, bd, out.Error))
		} else {
			g.proposeBand(&bp, b == len(s.Bands)-1, kept, s.X, out.Error)
		}
		out.Bands = append(out.Bands, bp)
		out.Runs = append(out.Runs, bp.Runs...)
	}
	slices.SortStableFunc(out.Runs, func(a, b ProposedRun) int {
		return cmp.Compare(a.Config.GPUs()*a.DurationS, b.Config.GPUs()*b.DurationS)
	})
	return out, nil
}

// modelError is the cross-validated error of a fit on its own curve.
func modelError(fit []model.Point, x model.Axis) ModelError {
	cv := CrossValidate(fit)
	e := ModelError{Source: fmt.Sprintf("backtest (%s, %d points)", cv.Method, len(cv.Rows))}
	if len(cv.Rows) == 0 {
		e.Source = fmt.Sprintf("unknown: %d configurations are too few to backtest", len(fit))
		return e
	}
	e.Known, e.TputPct, e.XPct = true, cv.MeanAbs.Tput, cv.MeanAbs.Mean
	if x.Metric == model.P90Intvty {
		sum, n := 0.0, 0
		for _, r := range cv.Rows {
			if r.ErrorPct.P90Intvty != nil {
				sum += math.Abs(*r.ErrorPct.P90Intvty)
				n++
			}
		}
		if n > 0 {
			e.XPct = sum / float64(n)
		}
	}
	return e
}

// gridCand is one predicted configuration.
type gridCand struct {
	cfg  Config
	pr   Prediction
	x, y float64
}

type grid struct {
	cal   *Calibration
	x     model.Axis
	cands []gridCand
}

// newGrid predicts prefill workers 1..16 × balancing × a concurrency ladder
// (2^(k/4)), each at the smallest captured cap that does not bind, leaving
// out decode near its asymptote and concurrency past the knee.
func newGrid(c *Calibration, x model.Axis, maxGPUs int) *grid {
	dc := *c
	if dc.Params.TauP <= 0 {
		dc.Params.TauP = dc.Params.TauPLowerBound // as Design: τP at its lower bound
	}
	g := &grid{cal: &dc, x: x}
	t := c.Template
	base := Config{PrefillGPUs: t.Prefill.GPUs, DecodeRanks: t.DecodeRanks(), DecodeGPUs: t.Decode.TotalGPUs(),
		PrefillShape: t.Prefill.Parallelism(), DecodeShape: t.Decode.Parallelism(), DecodeDPAttn: t.Decode.DPAttn}
	if base.PrefillGPUs <= 0 || base.DecodeRanks <= 0 {
		return g
	}
	balances := []string{t.Balance}
	if t.Decode.DPAttn {
		balances = []string{model.BalanceTotalTokens, model.BalanceTotalRequests}
	}
	for np := 1; np <= designMaxPrefill; np++ {
		for _, bal := range balances {
			cfg := base
			cfg.PrefillWorkers, cfg.Balance = np, bal
			if cfg.GPUs() > maxGPUs {
				continue
			}
			for k := 0; k <= 64; k++ {
				cfg.Concurrency = int(math.Round(math.Pow(2, float64(k)/4)))
				if k > 0 && cfg.Concurrency == int(math.Round(math.Pow(2, float64(k-1)/4))) {
					continue
				}
				if gc, ok := g.at(cfg); ok {
					g.cands = append(g.cands, gc)
				} else if gc.pr.Headroom > headroomWarn || (gc.pr.KneeConcurrency > 0 && float64(cfg.Concurrency) > gc.pr.KneeConcurrency*(1+kneeMargin)) {
					break // more concurrency only queues or nears the decode asymptote
				}
			}
		}
	}
	return g
}

// at predicts cfg at the smallest captured cap that holds its busiest rank.
func (g *grid) at(cfg Config) (gridCand, bool) {
	cfg.DecodeBS = 0
	free, err := g.cal.Predict(cfg)
	if err != nil {
		return gridCand{}, false
	}
	cfg.DecodeBS = SnapCap(int(math.Ceil(free.DecodeBatchMax - 1e-9)))
	pr, err := g.cal.Predict(cfg)
	gc := gridCand{cfg: cfg, pr: pr, y: pr.TputPerGPU, x: pr.MeanIntvty}
	if g.x.Metric == model.P90Intvty {
		gc.x = pr.P90Intvty
	}
	if err != nil || pr.Headroom > headroomWarn || gc.x <= 0 ||
		(pr.KneeConcurrency > 0 && float64(cfg.Concurrency) > pr.KneeConcurrency*(1+kneeMargin)) {
		return gc, false
	}
	return gc, true
}

// lineAt is the kept curve's line at x (kept sorted by x): between the kept
// neighbours, else the best y at a better x; ok false when there is none.
func lineAt(kept []model.XYPoint, xa model.Axis, x float64) (float64, bool) {
	for i := 1; i < len(kept); i++ {
		a, b := kept[i-1], kept[i]
		if a.X <= x && x <= b.X {
			if a.X == b.X {
				return math.Max(a.Y, b.Y), true
			}
			return a.Y + (b.Y-a.Y)*(x-a.X)/(b.X-a.X), true
		}
	}
	best, ok := 0.0, false
	for _, k := range kept {
		if k.X == x || xa.Better(k.X, x) {
			if !ok || k.Y > best {
				best, ok = k.Y, true
			}
		}
	}
	return best, ok
}

// proposeBand fills one band's runs from the grid.
func (g *grid) proposeBand(bp *BandProposals, last bool, kept []model.XYPoint, xa model.Axis, e ModelError) {
	in := func(x float64) bool { return x >= bp.Lo && (x < bp.Hi || (last && x <= bp.Hi)) }
	best := -1
	for i, c := range g.cands {
		if !in(c.x) {
			continue
		}
		if ref, ok := lineAt(kept, xa, c.x); ok && e.Known && 100*(c.y/ref-1) < -e.TputPct {
			bp.Below++
			continue
		}
		if best < 0 || c.y > g.cands[best].y {
			best = i
		}
	}
	if best < 0 {
		switch {
		case bp.Below > 0:
			bp.Note = fmt.Sprintf("the model puts every configuration here below the kept curve by more than its %.1f %% error", e.TputPct)
		default:
			bp.Note = "no configuration within the budget is predicted in this band"
		}
		return
	}
	c := g.cands[best]
	run := g.run(bp.Band, c, kept, xa, e)
	if run.Kind == RunFull {
		bp.Runs = append(bp.Runs, run)
		return
	}
	// Short runs: the configuration at its neighbouring concurrencies too,
	// at the same cap, while the prediction stays in the band.
	bp.Runs = append(bp.Runs, run)
	for _, f := range []float64{1.15, 1 / 1.15} {
		if len(bp.Runs) >= shortRunConcs {
			break
		}
		cfg := c.cfg
		cfg.Concurrency = int(math.Round(float64(c.cfg.Concurrency) * f))
		pr, err := g.cal.Predict(cfg)
		if err != nil || cfg.Concurrency == c.cfg.Concurrency {
			continue
		}
		nc := gridCand{cfg: cfg, pr: pr, y: pr.TputPerGPU, x: pr.MeanIntvty}
		if xa.Metric == model.P90Intvty {
			nc.x = pr.P90Intvty
		}
		if r := g.run(bp.Band, nc, kept, xa, e); in(nc.x) && !(e.Known && r.WinPct < -e.TputPct) {
			r.Kind, r.DurationS = RunShort, ShortRunS
			r.Why, r.Of = "short run: a neighbouring concurrency of "+run.ID, run.ID
			bp.Runs = append(bp.Runs, r)
		}
	}
	slices.SortFunc(bp.Runs, func(a, b ProposedRun) int { return cmp.Compare(a.Config.Concurrency, b.Config.Concurrency) })
}

// run classifies one predicted configuration.
func (g *grid) run(band int, c gridCand, kept []model.XYPoint, xa model.Axis, e ModelError) ProposedRun {
	k := knobsFor(g.cal.Template, c.cfg)
	pr := c.pr
	r := ProposedRun{Band: band, ID: k.BaseID(), Knobs: k, Config: c.cfg, Prediction: &pr, X: c.x, Y: c.y, Error: e,
		Untested: untested(&pr, bestTput(g.cal.measured))}
	r.Ref, r.HasRef = lineAt(kept, xa, c.x)
	if r.Ref > 0 {
		r.WinPct = 100 * (c.y/r.Ref - 1)
	}
	switch {
	case r.Untested != "":
		r.Kind, r.Why = RunShort, "short run: untested, "+r.Untested
	case !r.HasRef:
		r.Kind, r.Why = RunFull, "full run: nothing kept is as interactive; the model's best here"
	case r.Ref > 0:
		r.WinPct = 100 * (c.y/r.Ref - 1)
		fallthrough
	default:
		if e.Known && r.WinPct > e.TputPct {
			r.Kind, r.Why = RunFull, fmt.Sprintf("full run: predicted %+.2f %% over the kept curve, beyond the model's %.2f %% error", r.WinPct, e.TputPct)
		} else {
			r.Kind = RunShort
			if e.Known {
				r.Why = fmt.Sprintf("short run: predicted %+.2f %% over the kept curve, within the model's %.2f %% error", r.WinPct, e.TputPct)
			} else {
				r.Why = fmt.Sprintf("short run: predicted %+.2f %% over the kept curve; the model's error on this curve is unknown", r.WinPct)
			}
		}
	}
	r.DurationS = FullRunS
	if r.Kind == RunShort {
		r.DurationS = ShortRunS
	}
	return r
}

// confirmRun is a full run of a band's chosen short-run point.
func confirmRun(c *Calibration, points []model.Point, band int, bd *model.Band, e ModelError) ProposedRun {
	r := ProposedRun{Band: band, Kind: RunFull, DurationS: FullRunS, ID: bd.Chosen, X: bd.X, Y: bd.Y, Error: e, Confirms: bd.Chosen,
		Why: fmt.Sprintf("full run: %s was chosen from a short run; a %d s run confirms it", bd.Chosen, FullRunS)}
	if i := model.FindID(points, bd.Chosen); i >= 0 {
		k := points[i].Knobs
		r.Knobs, r.ID = k, k.BaseID()
		r.Config = ConfigFromKnobs(k)
		if pr, err := c.Predict(r.Config); err == nil {
			r.Prediction = &pr
		}
	}
	return r
}
