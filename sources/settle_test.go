package sources

import (
	"fmt"
	"reflect"
	"runtime"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// The warnings about points without metrics name each file once, in the
// order its first such point comes, with its count, whether the points
// are looked at on one core or two.
func TestSettleWarnsInLoadOrder(t *testing.T) {
	points := make([]model.Point, parallelScanMin+999)
	for i := range points {
		points[i].Prov.File = fmt.Sprintf("f%d.json", (i/7)%5)
		if i%3 != 0 {
			points[i].Metrics.Set(model.TputPerGPU, 1)
		}
	}
	// a file whose points without metrics are all in the second half
	for i := len(points) - 50; i < len(points); i++ {
		points[i].Prov.File, points[i].Metrics = "late.json", model.Metrics{}
	}
	warn := func(procs int) []Warning {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		ds := &Dataset{Points: append([]model.Point(nil), points...)}
		settle(ds)
		return ds.Warnings
	}
	one, two := warn(1), warn(2)
	if !reflect.DeepEqual(one, two) || len(one) != 6 || one[5].File != "late.json" || one[5].Msg != "50 points have no metric sweeptune reads (throughput, interactivity or latency); loaded without any" {
		t.Fatalf("one core: %v\ntwo: %v", one, two)
	}
}
