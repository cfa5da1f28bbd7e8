package model

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// GPUSpec is one GPU's all-in power draw and cost, the assumptions behind
// tput-per-mw and cost-per-mtok.
type GPUSpec struct {
	PowerKW     float64 // all-in kW per GPU (GPU, host, network, cooling share); 0 unknown
	CostPerHour float64 // USD per GPU-hour; 0 unknown
}

// GPUSpecs maps a base hardware name (gb300, h100, mi355x) to its spec.
type GPUSpecs map[string]GPUSpec

// builtinGPUSpecs are the InferenceX dashboard's published assumptions:
// GPU_SPECS in SemiAnalysisAI/InferenceX-app,
// packages/app/src/lib/constants.ts at commit
// 77ca49a679198bbf593bd1a57fe26a27c9967bb3 (the table last changed in
// 8647066e3705a1b68efa34fb34f325ce7d03edad, 2026-04-02). power is the
// dashboard's "power" (kW per GPU, from the SemiAnalysis Datacenter
// Industry Model); cost is its "costh", the default "Owning - Hyperscaler"
// $/GPU/hr (SemiAnalysis AI Cloud TCO Model). The dashboard marks B300 and
// GB300 pricing as temporary: 1.2 × B200 and GB200.
var builtinGPUSpecs = GPUSpecs{
	"h100":   {PowerKW: 1.73, CostPerHour: 1.3},
	"h200":   {PowerKW: 1.73, CostPerHour: 1.41},
	"b200":   {PowerKW: 2.17, CostPerHour: 1.95},
	"b300":   {PowerKW: 2.17, CostPerHour: 2.34},
	"gb200":  {PowerKW: 2.1, CostPerHour: 2.21},
	"gb300":  {PowerKW: 2.1, CostPerHour: 2.652},
	"mi300x": {PowerKW: 1.79, CostPerHour: 1.12},
	"mi325x": {PowerKW: 2.18, CostPerHour: 1.28},
	"mi355x": {PowerKW: 2.65, CostPerHour: 1.48},
}

// GPUFacts are one GPU's memory bandwidth and dense tensor throughput, the
// hardware side of the planner's first-principles laws (docs/model-facts.md
// cites each vendor datasheet). Dense, not the "with sparsity" figures.
type GPUFacts struct {
	HBMBytesPerS  float64 // HBM bandwidth, bytes/s
	DenseFP8FLOPs float64 // dense FP8 tensor FLOP/s
	DenseFP4FLOPs float64 // dense FP4 tensor FLOP/s; 0 without FP4 tensor cores
}

// gpuFacts by base hardware name (HardwareBase).
var gpuFacts = map[string]GPUFacts{
	"h100":   {HBMBytesPerS: 3.35e12, DenseFP8FLOPs: 1.979e15},
	"h200":   {HBMBytesPerS: 4.8e12, DenseFP8FLOPs: 1.979e15},
	"b200":   {HBMBytesPerS: 8e12, DenseFP8FLOPs: 4.5e15, DenseFP4FLOPs: 9e15},
	"b300":   {HBMBytesPerS: 8e12, DenseFP8FLOPs: 4.5e15, DenseFP4FLOPs: 13.5e15},
	"gb200":  {HBMBytesPerS: 8e12, DenseFP8FLOPs: 5e15, DenseFP4FLOPs: 10e15},
	"gb300":  {HBMBytesPerS: 8e12, DenseFP8FLOPs: 5e15, DenseFP4FLOPs: 15e15},
	"mi300x": {HBMBytesPerS: 5.3e12, DenseFP8FLOPs: 2.615e15},
	"mi325x": {HBMBytesPerS: 6e12, DenseFP8FLOPs: 2.615e15},
	"mi355x": {HBMBytesPerS: 8e12, DenseFP8FLOPs: 5.0e15, DenseFP4FLOPs: 10e15},
}

// GPUFactsOf is a hardware name's facts, false when the GPU is not in the table.
func GPUFactsOf(hw string) (GPUFacts, bool) {
	f, ok := gpuFacts[HardwareBase(hw)]
	return f, ok
}

// GPUSpecsSource cites where the built-in table comes from.
const GPUSpecsSource = "InferenceX dashboard GPU_SPECS (SemiAnalysisAI/InferenceX-app packages/app/src/lib/constants.ts @ 77ca49a6)"

// DefaultGPUSpecs is a copy of the built-in table, safe to override.
func DefaultGPUSpecs() GPUSpecs {
	out := make(GPUSpecs, len(builtinGPUSpecs))
	for k, v := range builtinGPUSpecs {
		out[k] = v
	}
	return out
}

// HardwareBase is the table's key for a hardware name, as the dashboard
// looks it up: lower case, up to the first "-" or "_" (gb200-nvl72 → gb200).
func HardwareBase(hw string) string {
	hw = strings.ToLower(strings.TrimSpace(hw))
	if i := strings.IndexAny(hw, "-_"); i > 0 {
		hw = hw[:i]
	}
	return hw
}

// Lookup returns the spec of a hardware name.
func (s GPUSpecs) Lookup(hw string) (GPUSpec, bool) {
	v, ok := s[HardwareBase(hw)]
	return v, ok
}

// SetPower overrides one hardware's power (kW per GPU).
func (s GPUSpecs) SetPower(hw string, kw float64) {
	k := HardwareBase(hw)
	v := s[k]
	v.PowerKW = kw
	s[k] = v
}

// SetCost overrides one hardware's cost (USD per GPU-hour).
func (s GPUSpecs) SetCost(hw string, usd float64) {
	k := HardwareBase(hw)
	v := s[k]
	v.CostPerHour = usd
	s[k] = v
}

// Hardware lists the table's keys in order.
func (s GPUSpecs) Hardware() []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// ParseHWValue reads one HW=NUMBER override (--gpu-power gb300=2.1); the
// number must be positive.
func ParseHWValue(s string) (hw string, v float64, err error) {
	hw, num, ok := strings.Cut(s, "=")
	hw = strings.TrimSpace(hw)
	if !ok || hw == "" {
		return "", 0, fmt.Errorf("%q: want HW=NUMBER, e.g. gb300=2.1", s)
	}
	v, err = strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || !(v > 0) || v != v || v > 1e12 {
		return "", 0, fmt.Errorf("%q: %q is not a positive number", s, num)
	}
	return hw, v, nil
}

// TputPerMWOf is tokens/s per MW of all-in power: tput_per_gpu × 1000 / kW.
func TputPerMWOf(tputPerGPU, kw float64) float64 { return tputPerGPU * 1000 / kw }

// CostPerMTokOf is USD per million tokens:
// USD_per_GPU_hour / (tput_per_gpu × 3600) × 1e6.
func CostPerMTokOf(usdPerGPUHour, tputPerGPU float64) float64 {
	return usdPerGPUHour / (tputPerGPU * 3600) * 1e6
}

// Derive sets tput-per-mw and cost-per-mtok on every point whose hardware
// has the number in specs and whose tput-per-gpu is positive; otherwise the
// derived metric is left absent (never zero). It reports the hardware names
// that have points but no spec, sorted.
func Derive(points []Point, specs GPUSpecs) (missing []string) {
	miss := map[string]bool{}
	// Each hardware name is looked up once (a million points, a few names).
	type found struct {
		spec GPUSpec
		ok   bool
	}
	seen := map[string]found{}
	lookup := func(hw string) (GPUSpec, bool) {
		f, ok := seen[hw]
		if !ok {
			f.spec, f.ok = specs.Lookup(hw)
			seen[hw] = f
		}
		return f.spec, f.ok
	}
	for i := range points {
		deriveOne(&points[i], lookup, miss)
	}
	for hw := range miss {
		missing = append(missing, hw)
	}
	sort.Strings(missing)
	return missing
}

// DerivePoint sets the derived metrics of one point (a planned one).
func DerivePoint(p *Point, specs GPUSpecs) { deriveOne(p, specs.Lookup, nil) }

func deriveOne(p *Point, lookup func(string) (GPUSpec, bool), miss map[string]bool) {
	p.Metrics.Clear(TputPerMW)
	p.Metrics.Clear(CostPerMTok)
	t, ok := p.Metrics.Get(TputPerGPU)
	if !ok || !(t > 0) {
		return
	}
	spec, ok := lookup(p.Curve.Hardware)
	if !ok && miss != nil {
		miss[OrUnknown(p.Curve.Hardware)] = true
	}
	setDerived(p, t, spec)
}

// setDerived sets p's derived metrics from its tput-per-gpu t (positive)
// and its hardware's spec (zero: none known).
func setDerived(p *Point, t float64, spec GPUSpec) {
	if spec.PowerKW > 0 {
		p.Metrics.Set(TputPerMW, TputPerMWOf(t, spec.PowerKW))
	}
	if spec.CostPerHour > 0 {
		p.Metrics.Set(CostPerMTok, CostPerMTokOf(spec.CostPerHour, t))
	}
}

// DeriveByCurve is Derive for points numbered by curve: point i is on
// curves[curveOf[i]], so each curve's hardware is looked up once, not each
// point's (at a million points the lookups were 15 ms).
func DeriveByCurve(points []Point, curveOf []int32, curves []CurveKey, specs GPUSpecs) {
	spec := make([]GPUSpec, len(curves))
	for c, k := range curves {
		spec[c], _ = specs.Lookup(k.Hardware)
	}
	for i := range points {
		p := &points[i]
		p.Metrics.Clear(TputPerMW)
		p.Metrics.Clear(CostPerMTok)
		if t, ok := p.Metrics.Get(TputPerGPU); ok && t > 0 {
			setDerived(p, t, spec[curveOf[i]])
		}
	}
}

// Derived reports a metric computed from the GPU specs, not measured.
func (m Metric) Derived() bool { return m == TputPerMW || m == CostPerMTok }
