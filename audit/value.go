package audit

import (
	"math"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/parity"
)

// What each finding is worth, in percent of throughput per GPU at stake
// (docs/audit.md): measured leads count whole, the planner's predicted
// win only past its own error, coverage and faults at fixed rates.
const (
	EmptyBandPct     = 10.0 // a band with no measured point
	HolePct          = 5.0  // a frontier gap wider than 3 × its median spacing
	MissingFrontPct  = 2.0  // each frontier point Check 14 misses on p90/p75 E2EL
	StaleImagePct    = 5.0  // an image older than its hardware and framework's newest
	ParityErrorPct   = 5.0  // a row InferenceX or srtctl would fail on
	MaxLeadPct       = 100.0
	GPUsPerNodeCount = 8 // the cost unit: a run on 8 GPUs costs 1
)

// value is the gain at stake and the value: the gain over the cost of the
// curve's runs, 1 + log2(GPUs / 8) (never below 1).
func (r *Row) value() {
	g := 0.0
	if r.Lead != nil && !r.Lead.WithinNoise {
		g += min(r.Lead.LeadPct, MaxLeadPct)
	}
	g += EmptyBandPct * float64(len(r.EmptyBands))
	g += HolePct * float64(len(r.Holes))
	if short := checkShort(r.Coverage); short > 0 {
		g += MissingFrontPct * float64(short)
	}
	if r.Image != nil && r.Image.AgeDays > 0 {
		g += StaleImagePct
	}
	for _, f := range r.Parity {
		if f.Severity == parity.Error {
			g += ParityErrorPct
		}
	}
	if r.Plan != nil && r.Plan.Trusted > 0 {
		g += r.Plan.Trusted
	}
	r.Gain = g
	r.Value = g / cost(r.GPUs)
}

func cost(gpus int) float64 {
	return 1 + math.Log2(float64(max(gpus, GPUsPerNodeCount))/GPUsPerNodeCount)
}

// checkShort is how many frontier points Check 14 misses on the axis that
// misses more, among the E2EL percentiles the curve's points carry (a
// curve without E2EL is not judged on it).
func checkShort(c model.CoverageResult) int {
	short := 0
	if c.P90Points > 0 {
		short = max(short, model.RecommendedFrontierPoints-c.P90E2EL)
	}
	if c.P75Points > 0 {
		short = max(short, model.RecommendedFrontierPoints-c.P75E2EL)
	}
	return short
}

// CheckShort is checkShort for the words (render).
func CheckShort(c model.CoverageResult) int { return checkShort(c) }
