package model

import (
	"reflect"
	"runtime"
	"testing"
)

// The passes over every point's curve give the same curves on two cores
// as on one.
func TestCanonicalPassesOnTwoCores(t *testing.T) {
	names := []string{"DeepSeek-R1", "dsr1", "deepseek-ai/DeepSeek-R1-0528", "qwen3.5", ""}
	hws := []string{" B200", "b200", "GB300 ", "", "h200"}
	points := make([]Point, parallelPassMin+777)
	for i := range points {
		points[i].Curve = CurveKey{Model: names[i%len(names)], Hardware: hws[(i/3)%len(hws)]}
		if i%4 == 0 {
			points[i].Knobs.SpecDecoding = "mtp"
		}
	}
	pass := func(procs int) []Point {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		p := append([]Point(nil), points...)
		CanonicalHardware(p)
		CanonicalModels(p)
		ResolveSpecs(p)
		return p
	}
	one, two := pass(1), pass(2)
	if !reflect.DeepEqual(one, two) {
		t.Fatal("two cores differ from one")
	}
	if one[0].Curve.Hardware != "b200" || one[2].Curve.Model == names[2] || one[0].Curve.Spec != "mtp" {
		t.Fatalf("nothing made canonical: %+v", one[0].Curve)
	}
}
