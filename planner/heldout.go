package planner

import "github.com/sweeptune/sweeptune/model"

// HeldOut is one held-out point of a backtest: its row when it was
// predicted, else the reason it was skipped.
type HeldOut struct {
	Point   *model.Point
	Row     *BacktestRow // nil when skipped
	Skipped string
}

// HeldOut pairs every held-out point, in the given order, with its row or
// the reason it was skipped.
func (bt *BacktestResult) HeldOut(held []model.Point) []HeldOut {
	out := make([]HeldOut, 0, len(held))
	for i := range held {
		e := HeldOut{Point: &held[i]}
		for j := range bt.Rows {
			if bt.Rows[j].ID == held[i].ID {
				e.Row = &bt.Rows[j]
			}
		}
		for _, sk := range bt.Skipped {
			if sk.ID == held[i].ID {
				e.Skipped = sk.Reason
			}
		}
		out = append(out, e)
	}
	return out
}

// MeasuredValues is what a point published of the compared metrics, its
// TTFT of the calibration's kind ("median", "p90", else the mean).
func MeasuredValues(p *model.Point, ttftKind string) Values {
	get := func(m model.Metric) *float64 {
		if v, ok := p.Metrics.Get(m); ok && v > 0 {
			return &v
		}
		return nil
	}
	v := Values{TputPerGPU: get(model.TputPerGPU), MeanIntvty: get(model.MeanIntvty), P90Intvty: get(model.P90Intvty)}
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
