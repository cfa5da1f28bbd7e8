package model_test

import (
	"fmt"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/demo"
)

// Review judges a removal against the kept curve: 8P c4096 lies under the
// line between its kept neighbours 5P c2884 and 7P c5540 on mean
// interactivity × throughput per GPU, so it may go (docs/review.md).
func ExampleReview() {
	pts := demo.Load().Points
	rep, err := model.Review(model.ReviewRequest{
		Points: pts,
		Remove: []string{"8p1d-dep2-dep16-c4096"},
		Keep: []string{"agg-tp4-c16@2026-10-29", "3p1d-dep2-dep16-b24-c1228@2026-10-29", "5p1d-dep2-dep16-b40-c2884",
			"7p1d-dep2-dep16-b96-c5540", "9p1d-dep2-dep16-b192-c7480"},
		X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	v := rep.Removed[0]
	fmt.Printf("%s: line value %s between %v, gap %+.2f %%, covered %v\n",
		v.ID, model.Thousands(v.LineValue, 2), v.Neighbours, v.GapPct, v.Covered)
	// Output:
	// 8p1d-dep2-dep16-c4096: line value 853,132.41 between [7p1d-dep2-dep16-b96-c5540 5p1d-dep2-dep16-b40-c2884], gap -5.85 %, covered true
}

// Frontier gives the non-dominated points of a curve on two axes: on the
// demo's retune sweep, all 8 points are frontier points of throughput per
// GPU against p90 end-to-end latency (InferenceX's coverage check).
func ExampleFrontier() {
	var withE2EL []model.Point
	for _, p := range demo.Load().Points {
		if p.Metrics.Has(model.P90E2EL) {
			withE2EL = append(withE2EL, p)
		}
	}
	fmt.Println(len(model.Frontier(withE2EL, model.AxisP90E2EL, model.AxisTputPerGPU)), "of", len(withE2EL))
	// Output:
	// 8 of 8
}
