package plan

import (
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
)

// advisedCap is the smallest captured decode cap, from the planner's
// recommendation up, that does not bind at the knobs' concurrency (0:
// none up to the largest captured size). The planner sizes its
// recommendation for the prefill ceiling (its lower bound when τP is
// unknown), so past that concurrency it can name the very cap the
// prediction says binds; this one agrees with "decode cap binds".
func advisedCap(cal *planner.Calibration, k model.Knobs, rec int) int {
	for _, s := range planner.CapturedSizes() {
		if s < rec {
			continue
		}
		if s == k.DecodeBS {
			if p, err := cal.Predict(planner.ConfigFromKnobs(k)); err == nil && !p.CapBinds {
				return s
			}
			continue
		}
		k.DecodeBS = s
		if p, err := cal.Predict(planner.ConfigFromKnobs(k)); err == nil && !p.CapBinds {
			return s
		}
	}
	return 0
}
