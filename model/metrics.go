package model

import (
	"fmt"
	"math"
)

// Metric names one measured quantity of a point.
type Metric uint8

// The metrics a point can carry. Throughput is per GPU over all GPUs of the
// point; interactivity is tok/s/user (1/TPOT); latencies are in seconds.
const (
	TputPerGPU Metric = iota
	InputTputPerGPU
	OutputTputPerGPU
	MeanIntvty
	MedianIntvty
	P90Intvty
	P99Intvty
	E2ENormP75
	E2ENormP90
	MeanE2EL
	MedianE2EL
	P75E2EL
	P90E2EL
	P99E2EL
	MeanTTFT
	MedianTTFT
	P90TTFT
	P99TTFT
	MeanTPOT
	MedianTPOT
	P90TPOT
	P99TPOT
	// Derived from tput-per-gpu and the hardware's all-in power and cost
	// (see GPUSpecs): never read from a source's throughput fields.
	TputPerMW
	CostPerMTok
	NumMetrics
)

type metricInfo struct {
	name string // command-line and points-table name
	json string // JSON field name
	unit string
}

var metricInfos = [NumMetrics]metricInfo{
	TputPerGPU:       {"tput-per-gpu", "tput_per_gpu", "tok/s/GPU"},
	InputTputPerGPU:  {"input-tput-per-gpu", "input_tput_per_gpu", "tok/s/GPU"},
	OutputTputPerGPU: {"output-tput-per-gpu", "output_tput_per_gpu", "tok/s/GPU"},
	MeanIntvty:       {"mean-intvty", "mean_intvty", "tok/s/user"},
	MedianIntvty:     {"median-intvty", "median_intvty", "tok/s/user"},
	P90Intvty:        {"p90-intvty", "p90_intvty", "tok/s/user"},
	P99Intvty:        {"p99-intvty", "p99_intvty", "tok/s/user"},
	E2ENormP75:       {"e2e-norm-p75", "e2e_norm_p75", "tok/s/user"},
	E2ENormP90:       {"e2e-norm-p90", "e2e_norm_p90", "tok/s/user"},
	MeanE2EL:         {"mean-e2el", "mean_e2el", "s"},
	MedianE2EL:       {"median-e2el", "median_e2el", "s"},
	P75E2EL:          {"p75-e2el", "p75_e2el", "s"},
	P90E2EL:          {"p90-e2el", "p90_e2el", "s"},
	P99E2EL:          {"p99-e2el", "p99_e2el", "s"},
	MeanTTFT:         {"mean-ttft", "mean_ttft", "s"},
	MedianTTFT:       {"median-ttft", "median_ttft", "s"},
	P90TTFT:          {"p90-ttft", "p90_ttft", "s"},
	P99TTFT:          {"p99-ttft", "p99_ttft", "s"},
	MeanTPOT:         {"mean-tpot", "mean_tpot", "s"},
	MedianTPOT:       {"median-tpot", "median_tpot", "s"},
	P90TPOT:          {"p90-tpot", "p90_tpot", "s"},
	P99TPOT:          {"p99-tpot", "p99_tpot", "s"},
	TputPerMW:        {"tput-per-mw", "tput_per_mw", "tok/s/MW"},
	CostPerMTok:      {"cost-per-mtok", "cost_per_mtok", "$/Mtok"},
}

// Name is the kebab-case name used on the command line and in points tables.
func (m Metric) Name() string {
	if m >= NumMetrics {
		return fmt.Sprintf("metric(%d)", m)
	}
	return metricInfos[m].name
}

// JSONName is the snake_case name used in --json output.
func (m Metric) JSONName() string {
	if m >= NumMetrics {
		return ""
	}
	return metricInfos[m].json
}

// Unit is the metric's unit of measure.
func (m Metric) Unit() string {
	if m >= NumMetrics {
		return ""
	}
	return metricInfos[m].unit
}

// ParseMetric accepts the kebab-case or the snake_case name.
func ParseMetric(s string) (Metric, bool) {
	for i, info := range metricInfos {
		if s == info.name || s == info.json {
			return Metric(i), true
		}
	}
	return 0, false
}

// Metrics holds the values a source gave; a metric it did not give is absent,
// never zero.
type Metrics struct {
	has uint32 // first: read before any value, on the values' cache line
	// vals holds metric m at slot[m]: the axes every pass over a view
	// reads (the y axes, the interactivities) first, beside has.
	vals [NumMetrics]float64
}

// HotMetrics are the metrics a view's passes read fast: kept in the first
// slots of Metrics, beside the presence mask, and copied into a Hot. They
// are named here, not taken from the order of the constants above: the y
// axes (YAxes) and the interactivities the views start on (mean, median,
// p90; p99 interactivity, like the latency axes, is read from the point:
// a rare view does not widen every point's hot column). A metric left out is read from the
// point instead (the same value, a cache line more a point); a y axis or
// an interactivity left out fails TestMetricSlotsArePermutation
// (docs/howto.md, "a metric or an axis").
var HotMetrics = [...]Metric{TputPerGPU, OutputTputPerGPU, InputTputPerGPU, TputPerMW, CostPerMTok, MeanIntvty, MedianIntvty, P90Intvty}

// HotValues are the values of HotMetrics, in their order (absent ones as
// whatever their slot holds: read them after PresentMask).
func (m *Metrics) HotValues() (v [len(HotMetrics)]float64) {
	copy(v[:], m.vals[:len(HotMetrics)])
	return v
}

// slot is where Metrics keeps each metric's value: HotMetrics first, in
// their order, so that a view's passes (its best point on each y, its
// coordinates) read one cache line of a point's metrics rather than three
// (docs/workbench-speed.md); the others after them in declaration order.
var slot = func() (s [NumMetrics]uint8) {
	var taken [NumMetrics]bool
	n := uint8(0)
	for _, m := range HotMetrics {
		s[m], taken[m] = n, true
		n++
	}
	for m := range s {
		if !taken[m] {
			s[m] = n
			n++
		}
	}
	return s
}()

// Get returns the value and whether it is present.
//
// has is read first, before m is checked: the read is then the check that
// ms is not nil. Checked first, m put a branch between that check and the
// read, and the check became a read of its own, of the point's first
// bytes: a cache line a pass over a view's points never needed, a miss per
// point at a million (docs/workbench-speed.md).
func (ms *Metrics) Get(m Metric) (float64, bool) {
	has := ms.has
	if m >= NumMetrics || has&(1<<m) == 0 {
		return 0, false
	}
	return ms.vals[slot[m]], true
}

// PresentMask has bit m set for each metric m present.
func (ms *Metrics) PresentMask() uint32 { return ms.has }

// Any reports whether some metric is present.
func (ms *Metrics) Any() bool { return ms.has != 0 }

// Has reports whether the metric is present (has read first, as in Get).
func (ms *Metrics) Has(m Metric) bool {
	has := ms.has
	return m < NumMetrics && has&(1<<m) != 0
}

// Set stores a finite value; NaN and infinities are refused (reported false)
// so that a bad source value never becomes a plotted point.
func (ms *Metrics) Set(m Metric, v float64) bool {
	if m >= NumMetrics || math.IsNaN(v) || math.IsInf(v, 0) {
		return false
	}
	ms.vals[slot[m]] = v
	ms.has |= 1 << m
	return true
}

// Clear makes the metric absent.
func (ms *Metrics) Clear(m Metric) {
	if m < NumMetrics {
		ms.has &^= 1 << m
	}
}

// Present lists the metrics that have a value, in declaration order.
func (ms *Metrics) Present() []Metric {
	var out []Metric
	for m := Metric(0); m < NumMetrics; m++ {
		if ms.Has(m) {
			out = append(out, m)
		}
	}
	return out
}

// AllMetrics lists every metric in declaration order.
func AllMetrics() []Metric {
	out := make([]Metric, NumMetrics)
	for i := range out {
		out[i] = Metric(i)
	}
	return out
}
