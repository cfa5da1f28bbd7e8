package par

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"
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

// While Background work runs, Halves makes one call and Do runs its fns
// in turn on the caller's goroutine, whoever calls them; after it, both
// use both cores.
func TestBackgroundRunsPassesOnOneGoroutine(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: passes are on one goroutine anyway")
	}
	parts := func() (halves, do int) {
		done := make(chan struct{}, 2)
		Halves(1000, 1, func(lo, hi int) { done <- struct{}{} })
		halves = len(done)
		var inside, most atomic.Int32
		fn := func() {
			n := inside.Add(1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			time.Sleep(5 * time.Millisecond) // long enough for another worker to start one
			inside.Add(-1)
		}
		Do(fn, fn, fn, fn)
		return halves, int(most.Load())
	}
	release := make(chan struct{})
	started := make(chan struct{})
	go Background(func() { close(started); <-release })
	<-started
	h, d := parts() // on another goroutine than the Background work's
	close(release)
	if h != 1 || d != 1 {
		t.Errorf("beside Background work: %d calls of Halves' fn (want 1), %d fns at once (want 1)", h, d)
	}
	for background.Load() > 0 {
		runtime.Gosched()
	}
	if h, d := parts(); h != 2 || d < 2 {
		t.Errorf("after it: %d calls, %d fns at once; want 2 and 2", h, d)
	}
}
