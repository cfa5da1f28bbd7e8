package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Do runs the fns on as many goroutines as there are cores (the caller's
// one of them, at most one a fn; the caller's alone while Background work
// runs), each goroutine taking the next fn not
// yet taken, and returns when all have run. The fns must share nothing
// one of them writes. A panic in any is raised again on the caller's
// goroutine once the others have run.
func Do(fns ...func()) {
	workers := min(runtime.GOMAXPROCS(0), len(fns))
	if workers <= 1 || oneCore() {
		for _, fn := range fns {
			fn()
		}
		return
	}
	var next atomic.Int32
	var crashed atomic.Value
	run := func() {
		for {
			i := int(next.Add(1)) - 1
			if i >= len(fns) {
				return
			}
			func() {
				defer func() {
					if r := recover(); r != nil {
						crashed.CompareAndSwap(nil, r)
					}
				}()
				fns[i]()
			}()
		}
	}
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(run)
	}
	run()
	wg.Wait()
	if r := crashed.Load(); r != nil {
		panic(r)
	}
}
