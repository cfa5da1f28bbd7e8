package resultrow

import (
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// Point turns the row into a model.Point, or says why it cannot (the
// field at fault and what is wrong).
func (r *Row) Point(path string, src model.Source) (model.Point, string, string) {
	var p model.Point
	field, msg := r.FillPoint(&p, path, src)
	return p, field, msg
}

// FillPoint is Point written into *p, which must be zero: a row's point
// made where it is kept, not on the stack and then copied there (664
// bytes a row). On a fault *p is left as it was.
func (r *Row) FillPoint(p *model.Point, path string, src model.Source) (field, msg string) {
	if r.Bad != "" {
		return r.BadField, r.Bad
	}
	if r.Conc <= 0 && r.Users > 0 {
		r.Conc = r.Users // multi-turn: each user holds one conversation open
	}
	if r.Conc <= 0 {
		return "conc", "missing (a point needs its concurrency)"
	}
	name := r.Model
	if name == "" {
		name = r.Prefix
	}
	if name == "" {
		return "model", "missing"
	}
	p.Curve.Model, p.Curve.Scenario, p.Curve.Hardware = name, r.Scenario, NormHardware(r.HW)
	p.Curve.Framework, p.Curve.Precision = r.Framework, r.Precision
	p.Source = src
	p.Metrics = r.Metrics
	pv := &p.Prov
	pv.File, pv.RunURL, pv.Date, pv.DurationS, pv.Image = path, r.RunURL, r.Date, r.DurationS, r.Image
	if p.Curve.Scenario == "" {
		p.Curve.Scenario = srt.SeqScenario(r.ISL, r.OSL)
	}
	k := &p.Knobs
	k.Concurrency = r.Conc
	k.SpecDecoding = r.Spec
	if r.Disagg {
		k.Mode = model.ModeDisagg
		k.Prefill = r.Pre.ModelRole(r.NumPreGPU)
		k.Decode = r.Dec.ModelRole(r.NumDecGPU)
		if (k.Prefill.GPUs == 0 || k.Decode.GPUs == 0) && r.NumPreGPU+r.NumDecGPU > 0 {
			// Workers unknown or GPUs not a multiple of them: keep the stated total.
			p.GPUCount = r.NumPreGPU + r.NumDecGPU
		}
	} else {
		k.Mode = model.ModeAgg
		tp, ep, dp := r.TP, r.EP, r.DPAttn
		if tp == 0 {
			tp, ep, dp = r.Pre.TP, r.Pre.EP, r.Pre.DPAttn
		}
		gpus := firstPositive(r.NumPreGPU, r.NumGPUs, tp)
		k.Prefill = model.Role{Workers: 1, GPUs: gpus, TP: tp, EP: ep, DPAttn: dp}
	}
	if r.Totals.Has != 0 {
		// Receipt totals carry the agentic names (*_tput_tps): InferenceX's
		// agentic aggregation divides all three by every GPU of the point.
		PerGPU(&p.Metrics, r.Totals, p.GPUs(), 0, 0)
	}
	if r.HealthSet {
		r.Judge(p)
	}
	return "", ""
}

// ModelRole is the role as the model has it, its GPUs per worker from
// the role's total when the workers divide it.
func (rr Role) ModelRole(totalGPUs int) model.Role {
	r := model.Role{Workers: rr.Workers, TP: rr.TP, EP: rr.EP, DPAttn: rr.DPAttn}
	if rr.Workers > 0 && totalGPUs > 0 && totalGPUs%rr.Workers == 0 {
		r.GPUs = totalGPUs / rr.Workers
	}
	return r
}

func firstPositive(v ...int) int {
	for _, x := range v {
		if x > 0 {
			return x
		}
	}
	return 0
}
