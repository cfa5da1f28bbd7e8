package testkit

import (
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// PlannedAmidOthers adopts what made makes for view next, then for n
// other views, planning next again before each as the work ahead does:
// t fails when that plan finds next's work gone.
func PlannedAmidOthers(t testing.TB, p workbench.AheadPane, next uint64, x, y model.Axis, n int, made func() any) {
	t.Helper()
	p.Adopt(next, x, y, made())
	for i := range n {
		if p.Prefetch(next, x, y) != nil {
			t.Fatalf("after %d other views' work, view %d's is made again", i, next)
		}
		p.Adopt(uint64(1_000_000+i), x, y, made())
	}
}
