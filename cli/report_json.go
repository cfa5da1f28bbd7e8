package cli

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources"
)

// report is what report prints: per curve its points (model.Point marshals
// itself) and, per point, whether it is on the frontier of the chosen axes
// and a vertex of the upper concave hull.
type report struct {
	X, Y      model.Axis
	Curves    []reportCurve
	Warnings  []string
	Published []sources.PublishedSource // where published points came from
}

type reportCurve = render.ReportCurve

// buildReport marks each curve's frontier and hull vertices on the chosen
// axes; projs are the view's run-length projections (from every run, not
// only the shown ones).
func buildReport(ds *sources.Dataset, curves []model.Curve, projs []model.Projection, x, y model.Axis) report {
	rep := report{X: x, Y: y, Warnings: loadWarnings(ds, nil), Published: ds.Published} // stderr says them too
	rep.Curves = markCurves(curves, x, y)
	// A curve's projection by a map: a scan of the projections per curve
	// was curves × projections when many curves have short runs.
	byCurve := make(map[model.CurveKey]int, len(projs))
	for i := len(projs) - 1; i >= 0; i-- {
		byCurve[projs[i].Curve] = i // the first of a curve's, as ProjectionOf finds
	}
	for i := range rep.Curves {
		if j, ok := byCurve[rep.Curves[i].Key]; ok {
			pr := projs[j]
			rep.Curves[i].RunLength = &pr
		}
	}
	return rep
}

// markCurves is render.MarkCurve of each curve. The curves are apart, so
// a large report shares them out among the cores.
func markCurves(curves []model.Curve, x, y model.Axis) []reportCurve {
	out := make([]reportCurve, len(curves))
	total := 0
	for _, c := range curves {
		total += len(c.Points)
	}
	workers := runtime.GOMAXPROCS(0)
	if total < parallelPoints || workers < 2 || len(curves) < 2 {
		for i, c := range curves {
			out[i] = render.MarkCurve(c, x, y)
		}
		return out
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(curves); i = int(next.Add(1) - 1) {
				out[i] = render.MarkCurve(curves[i], x, y)
			}
		})
	}
	wg.Wait()
	return out
}
