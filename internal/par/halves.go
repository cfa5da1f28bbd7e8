// Package par runs a pass over a large load's points on both cores.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// background counts the Background calls running.
var background atomic.Int32

// Background runs fn with every pass of this package on one goroutine
// (Halves and Do run their parts in turn) until it returns, whoever calls
// them: work done ahead of keys then holds one core and leaves the other
// to them. With both halves of the work ahead on both cores, a key's
// goroutine waited for the scheduler's 10 ms slice (at 1M × 12 a y took
// 16.4 ms, 5.2 ms of it its own CPU); a key's pass then on one
// goroutine loses little, as its other half found no free core anyway.
func Background(fn func()) {
	background.Add(1)
	defer background.Add(-1)
	fn()
}

// oneCore reports whether passes run on one goroutine: one core, or
// Background work running.
func oneCore() bool { return runtime.GOMAXPROCS(0) < 2 || background.Load() > 0 }

// Halves calls fn(0, mid) and fn(mid, n), each on a goroutine of its own,
// when n is at least min and there is more than one core (and no
// Background work runs); fn(0, n) otherwise. The halves must share nothing fn writes. A panic in either
// half is raised again on the caller's goroutine.
func Halves(n, min int, fn func(lo, hi int)) {
	if n < min || oneCore() {
		fn(0, n)
		return
	}
	mid := n / 2
	var crashed any
	var wg sync.WaitGroup
	wg.Go(func() {
		defer func() {
			if r := recover(); r != nil {
				crashed = r
			}
		}()
		fn(mid, n)
	})
	fn(0, mid)
	wg.Wait()
	if crashed != nil {
		panic(crashed)
	}
}
