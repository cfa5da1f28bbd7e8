package plan

import (
	"fmt"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
)

// capAdvice is the recommended-cap hint: planner.Recommend's, the one the
// CLI prints too, in agreement with the binding warning.
func capAdvice(r planner.Recommendation, k model.Knobs) string {
	c := model.Thousands(float64(k.Concurrency), 0)
	switch {
	case r.CeilingBS <= 0:
		return "recommended cap –"
	case r.BS == 0:
		return fmt.Sprintf("no captured cap stops binding at c%s: lower the concurrency", c)
	case r.Range():
		return fmt.Sprintf("recommended cap %d–%d (τP unknown: %d if prefill saturates at the highest load measured, %d if it keeps up at c%s)", r.Low, r.High, r.Low, r.High, c)
	case r.BS == r.CeilingBS:
		return fmt.Sprintf("recommended cap %d", r.BS)
	}
	return fmt.Sprintf("recommended cap %d at c%s (%d suits the prefill ceiling, binds here)", r.BS, c, r.CeilingBS)
}
