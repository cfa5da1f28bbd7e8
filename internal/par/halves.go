// Package par runs a pass over a large load's points on both cores.
package par

import (
	"runtime"
	"sync"
)

// Halves calls fn(0, mid) and fn(mid, n), each on a goroutine of its own,
// when n is at least min and there is more than one core; fn(0, n)
// otherwise. The halves must share nothing fn writes. A panic in either
// half is raised again on the caller's goroutine.
func Halves(n, min int, fn func(lo, hi int)) {
	if n < min || runtime.GOMAXPROCS(0) < 2 {
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
