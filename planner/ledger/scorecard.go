package ledger

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
)

// Matching and scoring (docs/ledger.md): a measured run of the same
// configuration on the same curve as a recorded prediction scores it.

// MetricError is one metric of one run against its prediction. ErrPct is
// 100 × (predicted − measured) / measured, from the ledger's own number.
type MetricError struct {
	Metric    model.Metric `json:"-"`
	Name      string       `json:"metric"`
	Predicted float64      `json:"predicted"`
	Measured  float64      `json:"measured"`
	ErrPct    float64      `json:"error_pct"`
}

// Run is one measured run a prediction matched.
type Run struct {
	ID        string       `json:"id"`
	Source    model.Source `json:"source"`
	Date      string       `json:"date,omitempty"`
	DurationS float64      `json:"duration_s,omitempty"`
	Projected bool         `json:"projected,omitempty"` // metrics projected from a short run
	// CapUnknown: the run does not say its decode cap; it matched on the
	// rest of the configuration (shape and concurrency).
	CapUnknown bool          `json:"cap_unknown,omitempty"`
	File       string        `json:"file,omitempty"`
	Errors     []MetricError `json:"errors"`
}

// Match is a prediction and every run that scores it: a configuration
// measured twice keeps both runs.
type Match struct {
	Record Record `json:"record"`
	Runs   []Run  `json:"runs"`
	// Unscored are runs of the configuration that cannot score it, and why
	// (a short run no factor projects, a run before the prediction).
	Unscored []model.Skip `json:"unscored,omitempty"`
}

// Match finds, for each record, the measured runs of its configuration on
// its curve: not planned, not a competitor's, not one of its fit points,
// not dated before the prediction, not a raw short run (a lone short run is
// scored as projected when the curve gives the factors). Records are kept in
// ledger order, one per ID.
func MatchRuns(records []Record, points []model.Point) []Match {
	if len(records) == 0 {
		return nil
	}
	cand := candidateRuns(records, points)
	at := projectedAt(points, cand)
	type key struct {
		curve  model.CurveKey
		config string
	}
	byCfg := map[key][]int{}
	noCap := map[key][]int{} // runs that do not say their decode cap, by shape and concurrency
	for _, i := range cand {
		p := at(i)
		if p.Source == model.SourcePlanned || p.Source == model.SourceCompetitor {
			continue
		}
		k := key{p.Curve, p.Knobs.BaseID()}
		byCfg[k] = append(byCfg[k], i)
		if p.Knobs.DecodeBS == 0 && p.Knobs.Mode != "" {
			nk := key{p.Curve, looseConfig(p.Knobs)}
			noCap[nk] = append(noCap[nk], i)
		}
	}
	var out []Match
	seen := map[string]bool{}
	for _, r := range records {
		if seen[r.ID] {
			continue
		}
		seen[r.ID] = true
		m := Match{Record: r}
		fit := map[string]bool{}
		for _, id := range r.Fit.IDs {
			fit[id] = true
		}
		runs := byCfg[key{r.Curve, r.Config}]
		loose := 0 // runs[len(runs)-loose:] matched without a cap
		if r.Knobs.DecodeBS > 0 {
			for _, i := range noCap[key{r.Curve, looseConfig(r.Knobs)}] {
				if at(i).Knobs.BaseID() != r.Config {
					runs = append(runs[:len(runs):len(runs)], i)
					loose++
				}
			}
		}
		for ri, i := range runs {
			p := at(i)
			switch {
			case fit[p.ID]:
				continue // the prediction was made from it
			case p.Prov.Date != "" && !r.At.IsZero() && p.Prov.Date < r.At.UTC().Format("2006-01-02"):
				m.Unscored = append(m.Unscored, model.Skip{ID: p.ID, Reason: "measured on " + p.Prov.Date + ", before the prediction"})
				continue
			case p.Prov.ShortRun():
				m.Unscored = append(m.Unscored, model.Skip{ID: p.ID, Reason: fmt.Sprintf("a %.0f s run no factor of its curve projects to full length: not scored raw", p.Prov.DurationS)})
				continue
			}
			run := Run{ID: p.ID, Source: p.Source, Date: p.Prov.Date, DurationS: p.Prov.DurationS, Projected: p.Prov.Projected(), File: p.Prov.File,
				CapUnknown: ri >= len(runs)-loose}
			for mt := model.Metric(0); mt < model.NumMetrics; mt++ {
				pred, ok := r.Metric(mt)
				meas, okm := p.Metrics.Get(mt)
				if !ok || !okm || meas <= 0 {
					continue
				}
				run.Errors = append(run.Errors, MetricError{Metric: mt, Name: mt.JSONName(), Predicted: pred, Measured: meas,
					ErrPct: 100 * (pred - meas) / meas})
			}
			if len(run.Errors) == 0 {
				m.Unscored = append(m.Unscored, model.Skip{ID: p.ID, Reason: "measures none of the predicted metrics"})
				continue
			}
			m.Runs = append(m.Runs, run)
		}
		out = append(out, m)
	}
	return out
}

// looseConfig is a configuration without its decode cap: shape and
// concurrency, for runs that do not state the cap.
func looseConfig(k model.Knobs) string {
	k.DecodeBS = 0
	return k.BaseID()
}

// ErrStats summarise signed errors of one metric.
type ErrStats struct {
	Metric     model.Metric `json:"-"`
	Name       string       `json:"metric"`
	Count      int          `json:"count"`        // scored runs
	MeanAbsPct float64      `json:"mean_abs_pct"` // mean |error|
	MaxAbsPct  float64      `json:"max_abs_pct"`  // largest |error|
	BiasPct    float64      `json:"bias_pct"`     // mean signed error: > 0 the model predicts high
}

// Group is the errors of the matched predictions of one curve, or of one
// regime across curves.
type Group struct {
	Curve   *model.CurveKey `json:"curve,omitempty"`
	Regime  string          `json:"regime,omitempty"`
	Class   string          `json:"class,omitempty"`
	Metrics []ErrStats      `json:"metrics"`
	// Band (ByClass): the class's stated band and how many runs fell inside
	// it, throughput and mean interactivity; nil without a tested band.
	Band *ClassBand `json:"band,omitempty"`
}

// ClassBand is a class's stated band against the scored runs.
type ClassBand struct {
	planner.TrustBand
	TputInside   int `json:"tput_inside"`
	TputRuns     int `json:"tput_runs"`
	IntvtyInside int `json:"intvty_inside"`
	IntvtyRuns   int `json:"intvty_runs"`
}

// Move is one parameter before and after the refit.
type Move struct {
	Param     string  `json:"param"`
	Before    float64 `json:"before"`
	After     float64 `json:"after"`
	ChangePct float64 `json:"change_pct"` // 100 × (after − before) / |before|; 0 when before is 0
}

// Refit is a curve's model fitted again with the new measurements.
type Refit struct {
	Curve model.CurveKey `json:"curve"`
	// From is the record whose parameters are compared (the curve's latest
	// scored prediction).
	From   string   `json:"from"`
	Points []string `json:"points"` // the refit's calibration points
	// Missing are fit IDs of the record not among the loaded points.
	Missing []string        `json:"missing,omitempty"`
	Params  *planner.Params `json:"params,omitempty"`
	Moves   []Move          `json:"moves,omitempty"`
	Err     string          `json:"error,omitempty"` // the refit failed: why
}

// Scorecard is every recorded prediction against the loaded runs.
type Scorecard struct {
	Matched  []Match  `json:"matched"`
	Waiting  []Record `json:"waiting"` // no run yet
	ByCurve  []Group  `json:"by_curve"`
	ByRegime []Group  `json:"by_regime"`
	// ByClass groups by trust class ("" for records made before classes).
	ByClass []Group `json:"by_class"`
	Refits  []Refit `json:"refits"`
}

// Score matches records to points, summarises the errors per curve and per
// regime, and refits each curve with its new measurements.
func Score(records []Record, points []model.Point) Scorecard {
	var sc Scorecard
	for _, m := range MatchRuns(records, points) {
		if len(m.Runs) == 0 {
			sc.Waiting = append(sc.Waiting, m.Record)
			continue
		}
		sc.Matched = append(sc.Matched, m)
	}
	sc.ByCurve, sc.ByRegime = groups(sc.Matched)
	sc.ByClass = classGroups(sc.Matched)
	sc.Refits = refits(sc.Matched, points)
	return sc
}

// groups gathers the signed errors per curve and per regime.
func groups(matched []Match) (byCurve, byRegime []Group) {
	type acc map[model.Metric][]float64
	curves := map[model.CurveKey]acc{}
	regimes := map[string]acc{}
	var curveOrder []model.CurveKey
	var regimeOrder []string
	for _, m := range matched {
		c, r := m.Record.Curve, m.Record.Regime
		if curves[c] == nil {
			curves[c] = acc{}
			curveOrder = append(curveOrder, c)
		}
		if regimes[r] == nil {
			regimes[r] = acc{}
			regimeOrder = append(regimeOrder, r)
		}
		for _, run := range m.Runs {
			for _, e := range run.Errors {
				curves[c][e.Metric] = append(curves[c][e.Metric], e.ErrPct)
				regimes[r][e.Metric] = append(regimes[r][e.Metric], e.ErrPct)
			}
		}
	}
	stats := func(a acc) []ErrStats {
		var out []ErrStats
		for mt := model.Metric(0); mt < model.NumMetrics; mt++ {
			if errs := a[mt]; len(errs) > 0 {
				out = append(out, errStats(mt, errs))
			}
		}
		return out
	}
	sort.SliceStable(curveOrder, func(i, j int) bool { return model.KeyLess(curveOrder[i], curveOrder[j]) })
	for _, c := range curveOrder {
		k := c
		byCurve = append(byCurve, Group{Curve: &k, Metrics: stats(curves[c])})
	}
	sort.Strings(regimeOrder)
	for _, r := range regimeOrder {
		byRegime = append(byRegime, Group{Regime: r, Metrics: stats(regimes[r])})
	}
	return byCurve, byRegime
}

// refits fits each curve again on its latest scored record's fit points
// plus every run that scored a prediction (twins counted once, as plan
// does), and compares the parameters with the record's.
func refits(matched []Match, points []model.Point) []Refit {
	latest := map[model.CurveKey]int{}
	var order []model.CurveKey
	for i, m := range matched {
		j, ok := latest[m.Record.Curve]
		if !ok {
			order = append(order, m.Record.Curve)
		}
		if !ok || !m.Record.At.Before(matched[j].Record.At) {
			latest[m.Record.Curve] = i
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return model.KeyLess(order[i], order[j]) })
	// Every ID a refit names, found in one pass (model.FindID's first
	// match), not a pass over every point an ID.
	var named []string
	for _, c := range order {
		named = append(named, matched[latest[c]].Record.Fit.IDs...)
	}
	for _, m := range matched {
		for _, run := range m.Runs {
			named = append(named, run.ID)
		}
	}
	at := findIDs(points, named)
	var out []Refit
	for _, c := range order {
		rec := matched[latest[c]].Record
		rf := Refit{Curve: c, From: rec.ID}
		var ids []string
		var fit []model.Point // the points of ids, in their order: all ChooseFit reads of them
		have := map[string]bool{}
		add := func(id string) {
			if have[id] {
				return
			}
			i, found := at[id]
			if !found || points[i].Curve != c {
				return
			}
			if !planner.Calibratable(&points[i]) {
				return
			}
			have[id] = true
			ids = append(ids, id)
			fit = append(fit, points[i])
		}
		for _, id := range rec.Fit.IDs {
			if _, found := at[id]; !found {
				rf.Missing = append(rf.Missing, id)
				continue
			}
			add(id)
		}
		for _, m := range matched {
			if m.Record.Curve != c {
				continue
			}
			for _, run := range m.Runs {
				if !run.Projected {
					add(run.ID)
				}
			}
		}
		if len(ids) == 0 {
			// none to name: the curve's own default fit (ChooseFit over
			// every point took the largest curve of the load, any curve)
			fit = model.GatherCurve(points, c).Points
		}
		fc, err := planner.ChooseFit(fit, ids)
		var cal *planner.Calibration
		if err == nil {
			cal, err = planner.Calibrate(fc.Points)
		}
		if err != nil {
			rf.Err = err.Error()
			out = append(out, rf)
			continue
		}
		rf.Points = fc.IDs()
		p := cal.Params
		rf.Params = &p
		if rec.Params != nil {
			rf.Moves = Moves(*rec.Params, p)
		}
		out = append(out, rf)
	}
	return out
}

// Moves lists the scalar parameters of two fits, in the package doc's
// order, with their relative change.
func Moves(before, after planner.Params) []Move {
	pairs := []struct {
		name string
		b, a float64
	}{
		{"f", before.F, after.F},
		{"alpha", before.Alpha, after.Alpha},
		{"beta", before.Beta, after.Beta},
		{"d0", before.D0, after.D0},
		{"u", before.U, after.U},
		{"delta_total_tokens", before.DeltaTokens, after.DeltaTokens},
		{"delta_total_requests", before.DeltaRequests, after.DeltaRequests},
		{"tau_p", before.TauP, after.TauP},
		{"tau_p_lower_bound", before.TauPLowerBound, after.TauPLowerBound},
		{"r90", before.R90, after.R90},
		{"r_mean", before.RMean, after.RMean},
	}
	var out []Move
	for _, p := range pairs {
		if p.b == 0 && p.a == 0 {
			continue
		}
		mv := Move{Param: p.name, Before: p.b, After: p.a}
		if p.b != 0 {
			mv.ChangePct = 100 * (p.a - p.b) / math.Abs(p.b)
		}
		out = append(out, mv)
	}
	return out
}

// Moved are the moves larger than pct percent (or from/to zero).
func Moved(moves []Move, pct float64) []Move {
	var out []Move
	for _, m := range moves {
		if m.Before == 0 || math.Abs(m.ChangePct) > pct {
			out = append(out, m)
		}
	}
	return out
}

// ErrorOf is a run's error on one metric, if scored.
func (r Run) ErrorOf(m model.Metric) (MetricError, bool) {
	for _, e := range r.Errors {
		if e.Metric == m {
			return e, true
		}
	}
	return MetricError{}, false
}

// Names lists the records' IDs, comma-separated.
func Names(records []Record) string {
	ids := make([]string, len(records))
	for i, r := range records {
		ids[i] = r.ID
	}
	return strings.Join(ids, ", ")
}

// findIDs is where each of ids first stands among points; an ID not
// there has no entry.
func findIDs(points []model.Point, ids []string) map[string]int {
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	at := make(map[string]int, len(ids))
	if len(ids) == 0 {
		return at // nothing to look for: no pass over the points (a million: 17 ms)
	}
	for i := range points {
		if id := points[i].ID; want[id] {
			if _, ok := at[id]; !ok {
				at[id] = i
			}
		}
	}
	return at
}

// classGroups gathers the signed errors per trust class and counts the runs
// inside each class's stated band.
func classGroups(matched []Match) []Group {
	errs := map[string]map[model.Metric][]float64{}
	var order []string
	for _, m := range matched {
		c := m.Record.Class
		if errs[c] == nil {
			errs[c] = map[model.Metric][]float64{}
			order = append(order, c)
		}
		for _, run := range m.Runs {
			for _, e := range run.Errors {
				errs[c][e.Metric] = append(errs[c][e.Metric], e.ErrPct)
			}
		}
	}
	sort.Strings(order)
	out := make([]Group, 0, len(order))
	for _, c := range order {
		g := Group{Class: c}
		for mt := model.Metric(0); mt < model.NumMetrics; mt++ {
			if es := errs[c][mt]; len(es) > 0 {
				g.Metrics = append(g.Metrics, errStats(mt, es))
			}
		}
		pr := planner.Prediction{Class: planner.TrustClass(c)}
		if b := pr.Band(); c != "" && b.Tested > 0 && !b.UpperBound {
			cb := &ClassBand{TrustBand: b}
			for _, e := range errs[c][model.TputPerGPU] {
				cb.TputRuns++
				if math.Abs(e) <= b.TputPct {
					cb.TputInside++
				}
			}
			for _, e := range errs[c][model.MeanIntvty] {
				cb.IntvtyRuns++
				if math.Abs(e) <= b.IntvtyPct {
					cb.IntvtyInside++
				}
			}
			g.Band = cb
		}
		out = append(out, g)
	}
	return out
}

// errStats is the signed errors' summary for one metric: mean |error|,
// bias and largest |error|, in percent.
func errStats(mt model.Metric, errs []float64) ErrStats {
	s := ErrStats{Metric: mt, Name: mt.JSONName(), Count: len(errs)}
	for _, e := range errs {
		s.MeanAbsPct += math.Abs(e)
		s.BiasPct += e
		s.MaxAbsPct = math.Max(s.MaxAbsPct, math.Abs(e))
	}
	s.MeanAbsPct /= float64(len(errs))
	s.BiasPct /= float64(len(errs))
	return s
}
