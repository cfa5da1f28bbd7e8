package planner

import (
	"errors"
	"math"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// Values holds the compared metrics; nil means not measured (or, for p90,
// r90 unknown; for TTFT, a fit without TTFT).
type Values struct {
	TputPerGPU *float64 `json:"tput_per_gpu"`
	MeanIntvty *float64 `json:"mean_intvty"`
	P90Intvty  *float64 `json:"p90_intvty"`
	TTFT       *float64 `json:"ttft"` // s, of the calibration's TTFT kind
}

// BacktestRow is one held-out point: measured, predicted, error in percent.
type BacktestRow struct {
	ID         string     `json:"id"`
	Measured   Values     `json:"measured"`
	Predicted  Values     `json:"predicted"`
	ErrorPct   Values     `json:"error_pct"`
	Prediction Prediction `json:"-"`
}

// Skipped is a held-out point the model could not predict, and why.
type Skipped struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// BacktestResult is a fit and its errors on the points it did not see.
type BacktestResult struct {
	Calibration *Calibration  `json:"calibration"`
	Rows        []BacktestRow `json:"rows"`
	Skipped     []Skipped     `json:"skipped,omitempty"`
	MeanAbs     Values        `json:"mean_abs"` // mean absolute error, percent
	MaxAbs      Values        `json:"max_abs"`  // maximum absolute error, percent
}

// Backtest fits on fit (twins of one configuration counted once) and
// predicts every point of test. Aggregated test points and twins of a fit
// point (the same configuration measured again) are skipped with the reason,
// never predicted. Collapses measured on the other points warn predictions.
func Backtest(fit, test []model.Point) (*BacktestResult, error) {
	kept, _ := dropTwins(fit)
	cal, err := Calibrate(kept)
	if err != nil {
		return nil, err
	}
	if len(test) == 0 {
		return nil, errors.New("backtest: no point left to predict")
	}
	res := &BacktestResult{Calibration: cal}
	// Each lookup over the fit or every point is made once, not once per
	// held-out point: per point they made the backtest quadratic.
	twins, held := newTwinIndex(kept), newHeldCollapses(fit, test)
	outside := map[string]string{} // outside knobs → outsideKnobWarning
	for i := range test {
		pt := &test[i]
		if twin := twins.of(pt, kept); twin != "" {
			res.Skipped = append(res.Skipped, Skipped{ID: pt.ID, Reason: "twin of fit point " + twin + " (same configuration): not held out"})
			continue
		}
		// The collapses the fit and the other held-out points show.
		pr, err := cal.predict(ConfigFromKnobs(pt.Knobs), held.without(i))
		if err != nil {
			res.Skipped = append(res.Skipped, Skipped{ID: pt.ID, Reason: err.Error()})
			continue
		}
		mine := strings.Join(outsideKnobs(pt), "\x00")
		w, known := outside[mine]
		if !known {
			w = outsideKnobWarning(pt, kept)
			outside[mine] = w
		}
		if w != "" {
			pr.Warnings = append(pr.Warnings, w)
			pr.Extrapolated = true
			if pr.Class == ClassInterpolated {
				pr.Class = ClassExtrapolated
			}
		}
		row := BacktestRow{ID: pt.ID, Prediction: pr}
		// Throughput per GPU over the point's own GPU count (a source may state it).
		y := pr.Theta / float64(pt.GPUs())
		row.Predicted.TputPerGPU = &y
		row.Predicted.MeanIntvty = &pr.MeanIntvty
		if pr.P90Intvty > 0 {
			row.Predicted.P90Intvty = &pr.P90Intvty
		}
		if pr.TTFT > 0 {
			row.Predicted.TTFT = &pr.TTFT
		}
		compare(pt, model.TputPerGPU, row.Predicted.TputPerGPU, &row.Measured.TputPerGPU, &row.ErrorPct.TputPerGPU)
		compare(pt, model.MeanIntvty, row.Predicted.MeanIntvty, &row.Measured.MeanIntvty, &row.ErrorPct.MeanIntvty)
		compare(pt, model.P90Intvty, row.Predicted.P90Intvty, &row.Measured.P90Intvty, &row.ErrorPct.P90Intvty)
		if k := cal.Params.TTFTKind; k != "" {
			compare(pt, ttftMetric(k), row.Predicted.TTFT, &row.Measured.TTFT, &row.ErrorPct.TTFT)
		}
		res.Rows = append(res.Rows, row)
	}
	res.MeanAbs, res.MaxAbs = errorStats(res.Rows)
	return res, nil
}

// ttftMetric is the metric of a TTFT kind.
func ttftMetric(kind string) model.Metric {
	for _, k := range ttftKinds {
		if k.name == kind {
			return k.metric
		}
	}
	return model.MeanTTFT
}

func compare(pt *model.Point, m model.Metric, pred *float64, meas, errPct **float64) {
	v, ok := pt.Metrics.Get(m)
	if !ok || v <= 0 {
		return
	}
	*meas = &v
	if pred != nil {
		e := pct(*pred, v)
		*errPct = &e
	}
}

// errorStats is the mean and maximum absolute error per metric over the rows
// that have it.
func errorStats(rows []BacktestRow) (mean, max Values) {
	type field func(*Values) **float64
	fields := []field{
		func(v *Values) **float64 { return &v.TputPerGPU },
		func(v *Values) **float64 { return &v.MeanIntvty },
		func(v *Values) **float64 { return &v.P90Intvty },
		func(v *Values) **float64 { return &v.TTFT },
	}
	for _, f := range fields {
		sum, n, mx := 0.0, 0, 0.0
		for i := range rows {
			if e := *f(&rows[i].ErrorPct); e != nil {
				sum += math.Abs(*e)
				mx = math.Max(mx, math.Abs(*e))
				n++
			}
		}
		if n > 0 {
			m := sum / float64(n)
			*f(&mean), *f(&max) = &m, &mx
		}
	}
	return mean, max
}
