package resultrow

import "github.com/sweeptune/sweeptune/model"

// Totals are throughputs a row gives for the whole point (tok/s), to
// be divided by its GPUs when it gives no per-GPU value.
type Totals struct {
	Total, Input, Output float64
	Has                  uint8 // bits: 1 total, 2 input, 4 output
}

// Set stores a throughput by its benchmark_serving / AIPerf name.
func (t *Totals) Set(name string, v float64) {
	switch name {
	case "total_token_throughput", "total_tput_tps":
		t.Total, t.Has = v, t.Has|1
	case "input_throughput", "input_token_throughput", "input_tput_tps":
		t.Input, t.Has = v, t.Has|2
	case "output_throughput", "output_token_throughput", "output_tput_tps":
		t.Output, t.Has = v, t.Has|4
	}
}

// PerGPU sets the per-GPU throughputs a row left out from its totals, as
// InferenceX computes them: total over all GPUs; input over pre and output
// over dec GPUs when both are given (fixed-sequence disaggregated points,
// process_result.py), else over all GPUs (aggregated and agentic points).
func PerGPU(ms *model.Metrics, t Totals, all, pre, dec int) {
	if all <= 0 {
		return
	}
	if pre <= 0 || dec <= 0 {
		pre, dec = all, all
	}
	total, input, output := t.Total, t.Input, t.Output
	switch {
	case t.Has&1 == 0 && t.Has&6 == 6:
		total, t.Has = input+output, t.Has|1
	case t.Has&2 == 0 && t.Has&5 == 5 && total >= output:
		input, t.Has = total-output, t.Has|2
	case t.Has&4 == 0 && t.Has&3 == 3 && total >= input:
		output, t.Has = total-input, t.Has|4
	}
	for _, f := range []struct {
		bit  uint8
		v    float64
		gpus int
		m    model.Metric
	}{{1, total, all, model.TputPerGPU}, {2, input, pre, model.InputTputPerGPU}, {4, output, dec, model.OutputTputPerGPU}} {
		if t.Has&f.bit != 0 && !ms.Has(f.m) {
			ms.Set(f.m, f.v/float64(f.gpus))
		}
	}
}
