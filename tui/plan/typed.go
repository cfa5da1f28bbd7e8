package plan

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/render"
)

// Bounds on typed values: what a sweep can run.
const (
	maxPrefillWorkers = 64
	maxConcurrency    = 10_000_000
)

// setTyped applies a value typed into a field and says what happened: ok
// is false when the value was refused and the knobs are unchanged; the
// message says why, or what the value became and why (a cap between two
// captured CUDA-graph sizes pads to the larger one, so it is rounded up).
func setTyped(k model.Knobs, field int, typed string) (model.Knobs, string, bool) {
	name := fieldNames[field]
	cur := current(k, field)
	if typed == "" {
		return k, fmt.Sprintf("no value typed: %s stays %s", name, cur), false
	}
	v, err := strconv.Atoi(typed)
	if err != nil || v < 0 {
		return k, fmt.Sprintf("%s: %q is not a whole number; stays %s", name, typed, cur), false
	}
	if v == 0 {
		return k, fmt.Sprintf("%s must be at least 1: stays %s", name, cur), false
	}
	switch field {
	case FieldPrefill:
		if v > maxPrefillWorkers {
			return set(k, field, maxPrefillWorkers), fmt.Sprintf("prefill workers %d → %d: at most %d", v, maxPrefillWorkers, maxPrefillWorkers), true
		}
	case FieldCap:
		sizes := planner.CapturedSizes()
		if largest := sizes[len(sizes)-1]; v > largest {
			return set(k, field, v), fmt.Sprintf("decode cap %d is past the captured CUDA-graph sizes (up to %d): kept as typed, check the server captures it", v, largest), true
		}
		if s := planner.SnapCap(v); s != v {
			return set(k, field, v), fmt.Sprintf("decode cap %d → %d: CUDA graphs are captured at %s, and a cap between two pads to the larger", v, s, around(sizes, s)), true
		}
	case FieldConc:
		if v > maxConcurrency {
			return k, fmt.Sprintf("concurrency %s refused: at most %s; stays %s", model.Thousands(float64(v), 0), model.Thousands(maxConcurrency, 0), cur), false
		}
	}
	k = set(k, field, v)
	return k, fmt.Sprintf("%s set to %s", name, current(k, field)), true
}

// current is a field's value as the pane shows it.
func current(k model.Knobs, field int) string { return render.PlanFields(k)[field].Value }

// around lists the captured sizes next to s: "…, 96, 104, 112, …".
func around(sizes []int, s int) string {
	for i, v := range sizes {
		if v == s {
			lo, hi := max(i-1, 0), min(i+2, len(sizes))
			parts := make([]string, 0, 5)
			if lo > 0 {
				parts = append(parts, "…")
			}
			for _, x := range sizes[lo:hi] {
				parts = append(parts, strconv.Itoa(x))
			}
			if hi < len(sizes) {
				parts = append(parts, "…")
			}
			return strings.Join(parts, ", ")
		}
	}
	return strconv.Itoa(s)
}
