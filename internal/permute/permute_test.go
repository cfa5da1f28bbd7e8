package permute

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Along puts the element at src[d] at every place d of the front, as a
// copy would, whatever the permutation: cycles only (holds nil), or kept
// elements gathered from anywhere over places whose elements are
// dropped; on one core and on two (the cut anywhere in a chain or a cycle).
func TestAlongIsTheGathering(t *testing.T) {
	defer func(v int) { parallelMovesMin = v }(parallelMovesMin)
	r := rand.New(rand.NewPCG(7, 8))
	for _, from := range []int{math.MaxInt, 1} {
		parallelMovesMin = from
		for trial := range 2000 {
			all := r.IntN(300)
			var kept []int32
			for i := range all {
				if trial%2 == 0 || r.IntN(3) > 0 {
					kept = append(kept, int32(i))
				}
			}
			n := len(kept)
			src := slices.Clone(kept)
			r.Shuffle(n, func(a, b int) { src[a], src[b] = src[b], src[a] })
			var holds []bool
			if len(kept) < all {
				holds = make([]bool, n)
				for _, k := range kept {
					if int(k) < n {
						holds[k] = true
					}
				}
			}
			xs := make([][3]int, all)
			for i := range xs {
				xs[i] = [3]int{i, -i, 2 * i}
			}
			want := make([][3]int, n)
			for d := range n {
				want[d] = xs[src[d]]
			}
			Along(xs, MovesOf(slices.Clone(src), holds))
			if !slices.Equal(xs[:n], want) {
				t.Fatalf("trial %d (parallel from %d): %d of %d kept: front %v, want %v", trial, from, n, all, xs[:n], want)
			}
		}
	}
}
