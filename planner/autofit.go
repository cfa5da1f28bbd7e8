package planner

import (
	"math"
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// AutoCandidate is one fit set AutoFit tried, with its leave-one-out error.
type AutoCandidate struct {
	Name string   `json:"name"`
	IDs  []string `json:"ids"`
	// LOO is every curve point predicted by a fit of this set without that
	// point's configuration (model.Knobs.BaseID) and its twins.
	LOO CrossValidation `json:"loo"`
	// Score is the mean of the tput and interactivity mean |error| in %,
	// a point the set could not predict counting 100 %.
	Score float64 `json:"score"`
}

// AutoFitResult is the fit AutoFit chose and every set it compared.
type AutoFitResult struct {
	Chosen     int             `json:"chosen"` // index into Candidates
	Candidates []AutoCandidate `json:"candidates"`
}

// Choice is the chosen candidate.
func (r AutoFitResult) Choice() AutoCandidate { return r.Candidates[r.Chosen] }

// autoFoldMax bounds leave-one-out in AutoFit (one fit per configuration
// per candidate); larger curves use autoFolds folds.
const (
	autoFoldMax = 64
	autoFolds   = 10
)

// AutoFit chooses the calibration set by cross-validation over the curve's
// points (docs/planner.md, "Choosing the fit"): every candidate set — all
// points, all points before a measured collapse, the engineer's fit
// (EngineerFit) — predicts each configuration of the curve from a fit
// without it, and the set with the smallest error wins. Its LOO is the
// error to expect of its predictions.
func AutoFit(points []model.Point) (AutoFitResult, error) {
	fc, err := ChooseFit(points, nil)
	if err != nil {
		return AutoFitResult{}, err
	}
	all := fc.Points
	var res AutoFitResult
	seen := map[string]bool{}
	add := func(name string, set []model.Point) {
		if len(set) < 3 {
			return
		}
		ids := make([]string, len(set))
		for i := range set {
			ids[i] = set[i].ID
		}
		key := ""
		for _, id := range ids {
			key += id + "\x00"
		}
		if seen[key] {
			return
		}
		seen[key] = true
		cv := looOf(set, all)
		res.Candidates = append(res.Candidates, AutoCandidate{Name: name, IDs: ids, LOO: cv, Score: score(cv, len(all))})
	}
	add("all points", all)
	cs := DetectCollapses(all)
	var before []model.Point
	for _, p := range all {
		if !pastCollapse(cs, p.Knobs) {
			before = append(before, p)
		}
	}
	add("all points before a measured collapse", before)
	add("lowest, middle and highest concurrency of the dominant topology", EngineerFit(all))
	if len(res.Candidates) == 0 {
		return res, errCannot("fewer than three calibratable configurations")
	}
	for i, c := range res.Candidates {
		if c.Score < res.Candidates[res.Chosen].Score {
			res.Chosen = i
		}
	}
	return res, nil
}

type errCannot string

func (e errCannot) Error() string { return "cannot choose a fit: " + string(e) }

// pastCollapse says k is at or past a measured collapse of its configuration.
func pastCollapse(cs []Collapse, k model.Knobs) bool {
	key := knobsKey(k)
	for _, c := range cs {
		if c.key == key && k.Concurrency >= c.AtC {
			return true
		}
	}
	return false
}

// score is the mean of the two mean |errors|, an unpredicted point 100 %.
func score(cv CrossValidation, n int) float64 {
	if n == 0 {
		return math.Inf(1)
	}
	t, x := absErrorsOf(cv.Rows, intvtyErrOf)
	missing := float64(n - len(cv.Rows))
	return ((t.sum+100*missing)/(float64(t.n)+missing) + (x.sum+100*missing)/(float64(x.n)+missing)) / 2
}

func intvtyErrOf(r BacktestRow) *float64 {
	if r.ErrorPct.MeanIntvty != nil {
		return r.ErrorPct.MeanIntvty
	}
	return r.ErrorPct.P90Intvty
}

// looOf predicts every configuration of curve from set without that
// configuration (leave-one-out, or autoFolds folds past autoFoldMax
// configurations). Other measured points warn of collapses as in Backtest.
func looOf(set, curve []model.Point) CrossValidation {
	groups := configGroups(curve)
	folds := len(groups)
	cv := CrossValidation{Method: "leave-one-out"}
	if folds > autoFoldMax {
		folds, cv.Method = autoFolds, "10-fold"
	}
	for f := 0; f < folds; f++ {
		test := gatherGroups(curve, groups, func(g int) bool { return g%folds == f })
		out := map[string]bool{}
		for i := f; i < len(groups); i += folds {
			out[curve[groups[i][0]].Knobs.BaseID()] = true
		}
		fit := slices.DeleteFunc(slices.Clone(set), func(p model.Point) bool { return out[p.Knobs.BaseID()] })
		res, err := Backtest(fit, test)
		if err != nil {
			for _, p := range test {
				cv.Skipped = append(cv.Skipped, Skipped{ID: p.ID, Reason: err.Error()})
			}
			continue
		}
		cv.Skipped = append(cv.Skipped, res.Skipped...)
		cv.Rows = append(cv.Rows, res.Rows...)
	}
	cv.setMeanAbs(intvtyErrOf)
	return cv
}

// LeaveOneOut predicts every configuration of curve from fit without that
// configuration and its twins: a fit point is predicted by the others, a
// held-out point by the whole fit (leave-one-out over all points).
func LeaveOneOut(fit, curve []model.Point) CrossValidation { return looOf(fit, curve) }

// WithoutConfig is Without for a configuration given as a Config (the
// shapes, when cfg leaves them empty, are the fit point's): every point
// whose knobs give cfg is left out with its twins.
func (fc FitChoice) WithoutConfig(cfg Config) (FitChoice, bool) {
	for _, p := range fc.Points {
		pc := ConfigFromKnobs(p.Knobs)
		same := pc.PrefillWorkers == cfg.PrefillWorkers && pc.PrefillGPUs == cfg.PrefillGPUs &&
			pc.DecodeRanks == cfg.DecodeRanks && pc.DecodeBS == cfg.DecodeBS && pc.Balance == cfg.Balance &&
			pc.Concurrency == cfg.Concurrency &&
			(cfg.PrefillShape == "" || cfg.PrefillShape == pc.PrefillShape) &&
			(cfg.DecodeShape == "" || cfg.DecodeShape == pc.DecodeShape)
		if same {
			return fc.Without(p.Knobs)
		}
	}
	return fc, false
}

// Without is the choice with every measurement of k's configuration
// (model.Knobs.BaseID: the point and its twins) left out, and whether any
// was: a prediction of a measured configuration never comes from a fit
// that saw it.
func (fc FitChoice) Without(k model.Knobs) (FitChoice, bool) {
	id := k.BaseID()
	hit := false
	for _, p := range fc.Points {
		if p.Knobs.BaseID() == id {
			hit = true
			break
		}
	}
	if !hit {
		return fc, false
	}
	out := FitChoice{Curve: fc.Curve}
	for _, p := range fc.Points {
		if p.Knobs.BaseID() != id {
			out.Points = append(out.Points, p)
		}
	}
	for _, t := range fc.Twins {
		if t.ID != id && !strings.HasPrefix(t.ID, id+"@") {
			out.Twins = append(out.Twins, t)
		}
	}
	return out, true
}
