package radix

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// FloatKey orders as cmp.Compare does, and Sort is a stable sort.
func TestSortIsAStableSortOfTheFloats(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	special := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1, -1, math.SmallestNonzeroFloat64, -math.MaxFloat64, 3, 3}
	for _, n := range []int{0, 1, 2, 3, 100, 4000, 60000} {
		vs := make([]float64, n)
		for i := range vs {
			if r.IntN(3) == 0 {
				vs[i] = special[r.IntN(len(special))]
			} else {
				vs[i] = r.NormFloat64() * math.Pow(10, float64(r.IntN(20)-10))
			}
		}
		for _, a := range vs {
			for _, b := range vs[:min(len(vs), 50)] {
				if got, want := cmp.Compare(FloatKey(a), FloatKey(b)), cmp.Compare(a, b); got != want {
					t.Fatalf("%v vs %v: %d, cmp.Compare %d", a, b, got, want)
				}
			}
		}
		keys, idx := make([]uint64, n), make([]int32, n)
		want := make([]int32, n)
		for i, v := range vs {
			keys[i], idx[i], want[i] = FloatKey(v), int32(i), int32(i)
		}
		Sort(keys, idx)
		slices.SortStableFunc(want, func(a, b int32) int { return cmp.Compare(vs[a], vs[b]) })
		if !slices.Equal(idx, want) {
			t.Fatalf("%d values: %v, want %v", n, idx, want)
		}
		if !slices.IsSorted(keys) {
			t.Fatalf("keys not sorted")
		}
	}
}
