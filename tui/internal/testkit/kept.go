package testkit

import (
	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// The steps the panes' "what it kept is what a new pane draws" tests share:
// each pane runs them on one state and, after each, its own check (named
// by the step) compares the kept pane with a new one.

// KeptState is a workbench on 2,400 synthetic points over four curves,
// its changes taken: where those tests start.
func KeptState() *workbench.State {
	st := workbench.New()
	st.SetPoints(fixtures.SyntheticCurves(2400, 4))
	st.TakeChanges()
	return st
}

// StepCurveAndY shows the next curve and the first again, then the next y
// and the first again.
func StepCurveAndY(st *workbench.State, check func(what string)) {
	st.StepCurve(1)
	check("next curve")
	st.StepCurve(-1)
	check("back on the first")
	st.CycleY(1)
	check("next y")
	st.CycleY(-1)
	check("y back")
}

// ReloadAndAsOf reloads the same points with other values (throughput per
// GPU 3v+1), then shows them as of a date and the latest again.
func ReloadAndAsOf(st *workbench.State, check func(what string)) {
	pts := fixtures.SyntheticCurves(2400, 4)
	for i := range pts {
		v, _ := pts[i].Metrics.Get(model.TputPerGPU)
		pts[i].Metrics.Set(model.TputPerGPU, v*3+1)
	}
	st.SetPoints(pts)
	check("reloaded")
	st.SetAsOf("2026-01-10", false)
	check("as of a date")
	st.SetAsOf("", false)
	check("latest again")
}

// Prefetcher is a pane that prepares its data for a curve off the update
// loop and adopts it when that curve's view is adopted.
type Prefetcher interface {
	Prefetch(serial uint64, x, y model.Axis) workbench.AheadWork
	Adopt(serial uint64, x, y model.Axis, data any)
}

// AdoptNext prefetches the first neighbour curve's view and the pane's
// data for it, adopts both, and shows that curve.
func AdoptNext(st *workbench.State, pane Prefetcher, check func(what string)) {
	next := st.Neighbours()[0]
	job, _ := st.ViewJob(next)
	made := job.Run()
	serial, _ := st.Adopt(made)
	pane.Adopt(serial, st.X, st.Y, pane.Prefetch(0, st.X, st.Y)(made.Points(), made.Projections(), next, workbench.GeometryOf(made.Points(), st.X, st.Y)))
	st.SetCurve(next)
	check("a prefetched curve")
}
