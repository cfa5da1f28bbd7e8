package model

import (
	"fmt"
	"strings"
)

// Axis is a metric with a direction: the plot and the geometry never guess
// whether more is better.
type Axis struct {
	Name         string
	Metric       Metric
	Label        string
	Unit         string
	HigherBetter bool
}

func axis(m Metric, label string, higher bool) Axis {
	return Axis{Name: m.Name(), Metric: m, Label: label, Unit: m.Unit(), HigherBetter: higher}
}

// The x axes an engineer can choose; interactivity is higher-is-better,
// end-to-end latency lower-is-better.
var (
	AxisMeanIntvty   = axis(MeanIntvty, "mean interactivity (1/mean TPOT)", true)
	AxisMedianIntvty = axis(MedianIntvty, "median interactivity (1/median TPOT)", true)
	AxisP90Intvty    = axis(P90Intvty, "p90 interactivity (1/p90 TPOT)", true)
	AxisP99Intvty    = axis(P99Intvty, "p99 interactivity (1/p99 TPOT)", true)
	AxisE2ENormP75   = axis(E2ENormP75, "E2E-normalised p75 interactivity", true)
	AxisE2ENormP90   = axis(E2ENormP90, "E2E-normalised p90 interactivity", true)
	AxisMedianE2EL   = axis(MedianE2EL, "median E2E latency", false)
	AxisP75E2EL      = axis(P75E2EL, "p75 E2E latency", false)
	AxisP90E2EL      = axis(P90E2EL, "p90 E2E latency", false)
	AxisP99E2EL      = axis(P99E2EL, "p99 E2E latency", false)
	AxisMedianTTFT   = axis(MedianTTFT, "median time to first token", false)
	AxisP99TTFT      = axis(P99TTFT, "p99 time to first token", false)

	AxisTputPerGPU       = axis(TputPerGPU, "throughput per GPU (total)", true)
	AxisInputTputPerGPU  = axis(InputTputPerGPU, "input throughput per GPU", true)
	AxisOutputTputPerGPU = axis(OutputTputPerGPU, "output throughput per GPU", true)
	AxisTputPerMW        = axis(TputPerMW, "throughput per MW of all-in power", true)
	AxisCostPerMTok      = axis(CostPerMTok, "cost per million tokens", false)
)

// DefaultXAxis is where the workbench, report and review start: mean
// interactivity, the axis of the demo's removal review and of the planner.
// compare starts on p90 interactivity, the one competitors publish.
var DefaultXAxis = AxisMeanIntvty

// XAxes are the x axes in the order the workbench cycles through them:
// the dashboard's views (p99 interactivity and E2E latency, median and
// p99 TTFT) beside rule 18(g)'s mean interactivity.
var XAxes = []Axis{
	AxisMeanIntvty, AxisMedianIntvty, AxisP90Intvty, AxisP99Intvty, AxisE2ENormP75, AxisE2ENormP90,
	AxisMedianE2EL, AxisP75E2EL, AxisP90E2EL, AxisP99E2EL, AxisMedianTTFT, AxisP99TTFT,
}

// YAxes are the y axes in the order the workbench cycles through them:
// throughput per GPU (total, output, input), per MW of power, and cost
// per million tokens (the one lower-is-better y).
var YAxes = []Axis{AxisTputPerGPU, AxisOutputTputPerGPU, AxisInputTputPerGPU, AxisTputPerMW, AxisCostPerMTok}

// ParseXAxis resolves a command-line x-axis name.
func ParseXAxis(name string) (Axis, error) { return parseAxis("x", name, XAxes) }

// ParseYAxis resolves a command-line y-axis name.
func ParseYAxis(name string) (Axis, error) { return parseAxis("y", name, YAxes) }

// parseAxis finds the axis called name among the axes of one kind (x or y).
func parseAxis(kind, name string, axes []Axis) (Axis, error) {
	for _, a := range axes {
		if a.Name == name {
			return a, nil
		}
	}
	return Axis{}, fmt.Errorf("unknown %s axis %q (want one of %s)", kind, name, axisNames(axes))
}

func axisNames(as []Axis) string {
	names := make([]string, len(as))
	for i, a := range as {
		names[i] = a.Name
	}
	return strings.Join(names, ", ")
}

// Better reports whether a is strictly better than b on this axis.
func (a Axis) Better(x, y float64) bool {
	if a.HigherBetter {
		return x > y
	}
	return x < y
}
