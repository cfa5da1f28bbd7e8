package par

import (
	"runtime"
	"testing"
)

// Every index is visited once, by one half or by the one call.
func TestHalvesVisitEachOnce(t *testing.T) {
	for _, tc := range []struct{ n, min int }{{0, 1}, {1, 1}, {7, 1}, {1000, 1}, {1000, 5000}} {
		seen := make([]int, tc.n)
		calls := 0
		done := make(chan struct{}, 2)
		Halves(tc.n, tc.min, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				seen[i]++
			}
			done <- struct{}{}
		})
		for range len(done) {
			<-done
			calls++
		}
		for i, s := range seen {
			if s != 1 {
				t.Fatalf("n=%d: index %d visited %d times", tc.n, i, s)
			}
		}
		want := 1
		if tc.n >= tc.min && runtime.GOMAXPROCS(0) > 1 {
			want = 2
		}
		if calls != want {
			t.Errorf("n=%d min=%d: %d calls, want %d", tc.n, tc.min, calls, want)
		}
	}
}

// A panic in the other half reaches the caller.
func TestHalvesRaisePanic(t *testing.T) {
	defer func() {
		if r := recover(); r != "second" {
			t.Fatalf("recovered %v", r)
		}
	}()
	Halves(10, 1, func(lo, hi int) {
		if lo > 0 || runtime.GOMAXPROCS(0) < 2 {
			panic("second")
		}
	})
}
