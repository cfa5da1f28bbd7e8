package srt

import "github.com/sweeptune/sweeptune/model"

// Variant is one resolved recipe variant: what srtctl runs for one
// override, zip element or sweep combination (or for a single recipe).
type Variant struct {
	File     string // recipe file
	Override string // selector: override_x, zip_override_x[i], sweep[i]; "" for a single recipe
	Name     string // the job name srtctl gives it
	Engine   string // sglang, vllm, trtllm, tokenspeed, …
	// Knobs the recipe fixes; Concurrency is set when the variant runs
	// exactly one concurrency.
	Knobs model.Knobs
	// Concurrencies are the client concurrencies it runs, one run each.
	Concurrencies []int
	Image         string   // model.container
	Models        []string // the names it gives its model (served name, model.path, …)
	// Curve is what the recipe says of the curve its runs belong on
	// (hardware from resources.gpu_type, precision from model.precision,
	// framework from the engine and frontend, scenario from benchmark
	// isl/osl, spec decoding from the engine arguments); a join fills a
	// point's empty curve fields from it.
	Curve model.CurveKey
}

// RunsAt reports whether the variant runs concurrency c.
func (v *Variant) RunsAt(c int) bool {
	if len(v.Concurrencies) == 0 {
		return c > 0 && v.Knobs.Concurrency == c
	}
	for _, x := range v.Concurrencies {
		if x == c {
			return true
		}
	}
	return false
}
