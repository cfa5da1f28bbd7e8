package model

import (
	"math/rand"
	"reflect"
	"testing"
)

// coordsOneByOne is coordsAt as it was before it read on both cores: one
// pass, in order (the reference).
func coordsOneByOne(n int, at pointAt, x, y Axis, short *[]int) []XYPoint {
	var out []XYPoint
	for i := 0; i < n; i++ {
		p := at(i)
		if s := p.Suspicion; s != nil && !s.Admitted {
			continue
		}
		if xv, yv, ok := p.XY(x, y); ok {
			if short != nil && p.Prov.RawShort() {
				*short = append(*short, len(out))
			}
			out = append(out, XYPoint{X: xv, Y: yv, Index: i})
		}
	}
	return out
}

// Read in two parts or one, the coordinates and the places of the short
// runs are the one-pass reading's: around the size where the two parts
// start, with points held out, missing a metric or short in either part
// (or all in one), and with a caller's short list already holding some.
func TestCoordsInHalvesAreOnePass(t *testing.T) {
	r := rand.New(rand.NewSource(24))
	x, y := DefaultXAxis, AxisTputPerGPU
	for _, n := range []int{0, 1, 7, parallelCoords - 1, parallelCoords, parallelCoords + 1, 3*parallelCoords + 5} {
		for _, mix := range []string{"random", "first half empty", "second half empty", "all short"} {
			pts := make([]Point, n)
			for i := range pts {
				pts[i].Metrics.Set(x.Metric, r.Float64())
				pts[i].Metrics.Set(y.Metric, r.Float64())
				switch k := r.Intn(9); {
				case mix == "all short":
					pts[i].Prov.DurationS = SteadyStateS / 2
				case mix == "first half empty" && i < n/2, mix == "second half empty" && i >= n/2:
					pts[i].Metrics.Clear(y.Metric)
				case k == 0:
					pts[i].Suspicion = &Suspicion{Rule: RuleImplausible}
				case k == 1:
					pts[i].Suspicion = &Suspicion{Rule: RuleImplausible, Admitted: true}
				case k == 2:
					pts[i].Metrics.Clear(x.Metric)
				case k == 3:
					pts[i].Prov.DurationS = SteadyStateS / 3
				}
			}
			for _, withShort := range []bool{false, true} {
				var got, want *[]int
				if withShort {
					got, want = &[]int{-1}, &[]int{-1}
				}
				c := coordsAt(n, sliceAt(pts), x, y, got)
				ref := coordsOneByOne(n, sliceAt(pts), x, y, want)
				if len(c) != len(ref) || len(c) > 0 && !reflect.DeepEqual(c, ref) {
					t.Fatalf("%d points, %s: %d coordinates, want %d (or they differ)", n, mix, len(c), len(ref))
				}
				if withShort && !reflect.DeepEqual(*got, *want) {
					t.Fatalf("%d points, %s: short runs at %v, want %v", n, mix, *got, *want)
				}
				if cap(c) != len(c) {
					t.Fatalf("%d points, %s: capacity %d beyond the %d coordinates (an append would write into the reading's spare room)", n, mix, cap(c), len(c))
				}
			}
		}
	}
}
