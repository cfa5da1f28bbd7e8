package plan

import (
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/render"
)

// capAdvice is the recommended-cap hint: planner.Recommend's, in the words
// the CLI prints too (render.PlanRecommendation).
func capAdvice(r planner.Recommendation, concurrency int) string {
	if r.CeilingBS <= 0 {
		return "recommended cap –"
	}
	return "recommended cap " + render.PlanRecommendation(r, concurrency)
}
