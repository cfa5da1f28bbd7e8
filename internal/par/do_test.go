package par

import (
	"sync/atomic"
	"testing"
)

// Every fn runs once, whatever their number.
func TestDoRunsEachOnce(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 17} {
		runs := make([]atomic.Int32, n)
		fns := make([]func(), n)
		for i := range fns {
			fns[i] = func() { runs[i].Add(1) }
		}
		Do(fns...)
		for i := range runs {
			if got := runs[i].Load(); got != 1 {
				t.Fatalf("n=%d: fn %d ran %d times", n, i, got)
			}
		}
	}
}

// A panic in one fn reaches the caller after the others have run.
func TestDoRaisesPanic(t *testing.T) {
	var ran atomic.Int32
	defer func() {
		if r := recover(); r != "boom" {
			t.Fatalf("recovered %v", r)
		}
		if ran.Load() != 3 {
			t.Fatalf("%d of the other fns ran, want 3", ran.Load())
		}
	}()
	Do(func() { ran.Add(1) }, func() { panic("boom") }, func() { ran.Add(1) }, func() { ran.Add(1) })
}
