package cli

import (
	"math"
	"strconv"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
)

// The --json shapes of report; absent values are left out.

type reportJSON struct {
	Axis     string      `json:"axis"`
	Curves   []curveJSON `json:"curves"`
	Warnings []string    `json:"warnings"`
}

type curveJSON struct {
	Key    model.CurveKey `json:"key"`
	Points []pointJSON    `json:"points"`
}

type pointJSON struct {
	ID         string      `json:"id"`
	Label      string      `json:"label,omitempty"`
	Source     string      `json:"source"`
	GPUs       int         `json:"gpus,omitempty"`
	Knobs      knobsJSON   `json:"knobs"`
	Metrics    metricsJSON `json:"metrics"`
	OnFrontier bool        `json:"on_frontier"`
	HullVertex *bool       `json:"hull_vertex,omitempty"`
}

type knobsJSON struct {
	Mode               string `json:"mode,omitempty"`
	PrefillWorkers     int    `json:"prefill_workers,omitempty"`
	PrefillGPUs        int    `json:"prefill_gpus,omitempty"`
	DecodeWorkers      int    `json:"decode_workers,omitempty"`
	DecodeGPUs         int    `json:"decode_gpus,omitempty"`
	DecodeBS           int    `json:"decode_bs,omitempty"`
	MaxRunningRequests int    `json:"max_running_requests,omitempty"`
	Balance            string `json:"balance,omitempty"`
	Concurrency        int    `json:"concurrency,omitempty"`
}

// metricsJSON marshals in the fixed order of model's metrics, without the
// sorting a map costs: 100,000 points are written in well under a second.
type metricsJSON map[string]float64

func (m metricsJSON) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 32*len(m)+2)
	b = append(b, '{')
	for _, met := range model.AllMetrics() {
		v, ok := m[met.JSONName()]
		if !ok {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = append(append(append(b, '"'), met.JSONName()...), '"', ':')
		b = appendJSONFloat(b, v)
	}
	return append(b, '}'), nil
}

// appendJSONFloat formats as encoding/json does: plain digits, exponents
// only for very small or very large magnitudes.
func appendJSONFloat(b []byte, v float64) []byte {
	if a := math.Abs(v); a != 0 && (a < 1e-6 || a >= 1e21) {
		return strconv.AppendFloat(b, v, 'e', -1, 64)
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

func (p pointJSON) metric(m model.Metric) (float64, bool) {
	v, ok := p.Metrics[m.JSONName()]
	return v, ok
}

// reportMetrics are the metrics report --json carries.
var reportMetrics = []model.Metric{model.TputPerGPU, model.MeanIntvty, model.MedianIntvty, model.P90Intvty,
	model.E2ENormP75, model.E2ENormP90, model.MedianE2EL, model.P75E2EL, model.P90E2EL}

func toKnobsJSON(k model.Knobs) knobsJSON {
	out := knobsJSON{Mode: string(k.Mode), DecodeBS: k.DecodeBS, MaxRunningRequests: k.MaxRunningRequests,
		Balance: k.Balance, Concurrency: k.Concurrency}
	if k.Mode != "" {
		out.PrefillWorkers, out.PrefillGPUs = k.Prefill.Workers, k.Prefill.GPUs
	}
	if k.Mode == model.ModeDisagg {
		out.DecodeWorkers, out.DecodeGPUs = k.Decode.Workers, k.Decode.GPUs
	}
	return out
}

func toPointJSON(p *model.Point) pointJSON {
	out := pointJSON{ID: p.ID, Label: p.Label, Source: string(p.Source), GPUs: p.GPUs(),
		Knobs: toKnobsJSON(p.Knobs), Metrics: metricsJSON{}}
	for _, m := range reportMetrics {
		if v, ok := p.Metrics.Get(m); ok {
			out.Metrics[m.JSONName()] = v
		}
	}
	if y, ok := p.Metrics.Get(model.InputTputPerGPU); ok {
		out.Metrics[model.InputTputPerGPU.JSONName()] = y
	}
	if y, ok := p.Metrics.Get(model.OutputTputPerGPU); ok {
		out.Metrics[model.OutputTputPerGPU.JSONName()] = y
	}
	return out
}

// buildReport groups the dataset into curves and marks each curve's frontier
// (and hull vertices, when the geometry is available) on the chosen axes.
func buildReport(ds *sources.Dataset, curves []model.Curve, x, y model.Axis) reportJSON {
	rep := reportJSON{Axis: x.Name, Curves: []curveJSON{}, Warnings: []string{}}
	for _, w := range ds.Warnings {
		rep.Warnings = append(rep.Warnings, w.String())
	}
	for _, c := range curves {
		cj := curveJSON{Key: c.Key, Points: make([]pointJSON, len(c.Points))}
		onFrontier := make([]bool, len(c.Points))
		for _, i := range model.Frontier(c.Points, x, y) {
			onFrontier[i] = true
		}
		hull := hullFlags(c.Points, x, y)
		for i := range c.Points {
			cj.Points[i] = toPointJSON(&c.Points[i])
			cj.Points[i].OnFrontier = onFrontier[i]
			if onFrontier[i] {
				v := hull[i]
				cj.Points[i].HullVertex = &v
			}
		}
		rep.Curves = append(rep.Curves, cj)
	}
	return rep
}

// hullFlags says, per point, whether it is a vertex of the curve's upper
// concave hull on (x, y).
func hullFlags(points []model.Point, x, y model.Axis) []bool {
	flags := make([]bool, len(points))
	for _, i := range model.HullVertices(points, x, y) {
		flags[i] = true
	}
	return flags
}
