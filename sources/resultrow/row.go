// Package resultrow is the row that the result formats share (InferenceX
// API rows, flat result rows, AgentX aggregates, AIPerf and
// benchmark_serving files): its fields under their spellings, and what a
// row means as a point. The general readers in sources and the API rows'
// fast path (sources/fastrows) both fill a Row; neither calls the other.
package resultrow

import (
	"fmt"

	"github.com/sweeptune/sweeptune/model"
)

// Row is what the InferenceX API rows, flat result rows and AgentX
// aggregates share: identity and topology fields (under a few spellings)
// and metrics. A row decoder fills it field by field and keeps the first
// bad field, so a wrong value costs one row with a warning naming it.
type Row struct {
	Model, Prefix, HW, Framework, Precision string
	Spec, Scenario, Image, Date, RunURL     string

	Disagg               bool
	ISL, OSL, Conc       int
	TP, EP, NumGPUs      int
	DPAttn               bool
	Pre, Dec             Role
	NumPreGPU, NumDecGPU int
	DurationS            float64
	Metrics              model.Metrics
	Totals               Totals

	// health is what the row says of its own run (requests, failures,
	// output tokens), for the validity gate; healthSet when any field gave it.
	Health          model.RunHealth
	HealthSet       bool
	ReqTotal, ReqOK int  // requests sent and succeeded
	HasTotal, HasOK bool // … when the row gives them
	Users           int  // multi-turn rows: concurrent users stand for the concurrency

	BadField, Bad string // first bad field and what is wrong with it
}

// HealthOf is r's run health, started as unknown on first use.
func (r *Row) HealthOf() *model.RunHealth {
	if !r.HealthSet {
		r.Health, r.HealthSet = model.UnknownHealth(), true
	}
	return &r.Health
}

// Judge marks p by the run health the row gave.
func (r *Row) Judge(p *model.Point) {
	h := r.Health
	if r.HasTotal {
		h.Requests = r.ReqTotal
		if r.HasOK {
			h.Failed = r.ReqTotal - r.ReqOK
		}
	} else if r.HasOK && r.ReqOK == 0 {
		h.Requests = 0 // nothing completed
	}
	h.Judge(p)
}

type Role struct {
	TP, EP, Workers int
	DPAttn          bool
}

func (r *Row) Badf(field, format string, args ...any) {
	if r.Bad == "" {
		r.BadField, r.Bad = field, fmt.Sprintf(format, args...)
	}
}

// MetricNames maps the snake_case metric names the result formats use.
var MetricNames = func() map[string]model.Metric {
	out := make(map[string]model.Metric, model.NumMetrics)
	for _, m := range model.AllMetrics() {
		out[m.JSONName()] = m
	}
	return out
}()
