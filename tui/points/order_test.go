package points

import (
	"cmp"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// orderRef is order as a comparison sort of every row's key (what order
// did before its number columns took a radix sort).
func orderRef(all []model.Point, ex []extra, q query, x, y model.Axis, sortCol int, desc bool) []int {
	var idx []int
	for i := range all {
		if q.match(&all[i], x, y) {
			idx = append(idx, i)
		}
	}
	key := sortKey(model.RefsTo(all), ex, x, y, sortCol) // what a column sorts by; the sort is what is tested
	slices.SortStableFunc(idx, func(a, b int) int {
		va, sa, oka := key(a)
		vb, sb, okb := key(b)
		if oka != okb {
			if oka {
				return -1
			}
			return 1
		}
		c := cmp.Compare(va, vb)
		if c == 0 {
			c = strings.Compare(sa, sb)
		}
		if desc {
			c = -c
		}
		return c
	})
	return idx
}

// Every column's order, both ways, is the comparison sort's: values with
// ties, NaN, ±0, ±Inf, missing values, negative gains.
func TestOrderIsTheComparisonSort(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 1))
	vals := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1, -1, 2.5, 1e-300, -1e300, 7, 7}
	x, y := model.DefaultXAxis, model.AxisTputPerGPU
	statuses := []string{"", statusHull, statusFront, statusDom, statusShort, statusSus}
	for _, size := range []int{0, 1, 2, 300, 5000} {
		pts := make([]model.Point, size)
		ex := make([]extra, size)
		for i := range pts {
			p := &pts[i]
			p.ID = string(rune('a' + r.IntN(5)))
			p.Source = model.Sources[r.IntN(len(model.Sources))]
			p.Knobs.Concurrency = r.IntN(4)
			p.GPUCount = r.IntN(3)
			for _, m := range []model.Metric{x.Metric, y.Metric} {
				if r.IntN(5) > 0 {
					v := vals[r.IntN(len(vals))]
					if r.IntN(2) == 0 {
						v = r.NormFloat64()
					}
					p.Metrics.Set(m, v)
				}
			}
			if r.IntN(7) == 0 {
				p.Suspicion = &model.Suspicion{Rule: model.RuleImplausible} // held out: no coordinates
			}
			ex[i] = extra{status: statuses[r.IntN(len(statuses))], gain: vals[r.IntN(len(vals))], hasGain: r.IntN(3) > 0}
		}
		refs := model.RefsTo(pts)
		for _, q := range []query{{}, parseQuery("pub")} {
			for col := colID; col < numCols; col++ {
				for _, desc := range []bool{false, true} {
					want := orderRef(pts, ex, q, x, y, col, desc)
					// Without the geometry, and with it: the x and y columns read
					// the coordinates instead of the points.
					// Without the geometry, with its coordinates, and with every
					// point's values (the rest read by the view's pass): the x and
					// y columns read them instead of the points.
					coords := model.CoordsRefs(refs, x, y)
					for _, vals := range []axisValues{{}, {coords: coords}, {coords, restOf(refs, coords, x, y), true}} {
						got := order(refs, ex, q, x, y, col, desc, vals)
						if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
							t.Fatalf("%d points, column %d, desc %v, coordinates %v, the rest %v:\n got %v\nwant %v", size, col, desc, vals.coords != nil, vals.all, got, want)
						}
					}
				}
			}
		}
	}
}

// curveStatusesRef is curveStatuses with the hull gaps, the frontier and
// the hull vertices each worked out on its own (as before FrontierHull).
func curveStatusesRef(view []model.Point, x, y model.Axis) []extra {
	ex := make([]extra, len(view))
	var measured []model.Point
	var at []int
	for i := range view {
		if view[i].Source != model.SourcePlanned {
			measured = append(measured, view[i])
			at = append(at, i)
		}
	}
	for _, g := range model.HullGaps(measured, x, y) {
		ex[at[g.Index]].status = statusDom
	}
	for i := range measured {
		if measured[i].Prov.RawShort() {
			ex[at[i]].status = statusShort
		}
	}
	for _, k := range model.Frontier(measured, x, y) {
		ex[at[k]].status = statusFront
	}
	for _, k := range model.HullVertices(measured, x, y) {
		ex[at[k]].status = statusHull
	}
	for i := range view {
		if view[i].HeldOut() {
			ex[i].status = statusSus
		}
	}
	return ex
}

// The statuses are the reference's on every curve of the demo and of a
// synthetic set, every axis pair, with a planned point and raw short runs.
func TestStatusesAreEachWorkedOutOnItsOwn(t *testing.T) {
	pts := append(testkit.Demo(), testkit.SyntheticCurves(6000, 3)...)
	for i := range pts {
		if i%9 == 0 {
			pts[i].Prov.DurationS = model.SteadyStateS / 4
		}
		if i%31 == 0 {
			pts[i].Source = model.SourcePlanned
		}
	}
	byCurve := map[model.CurveKey][]model.Point{}
	for _, p := range pts {
		byCurve[p.Curve] = append(byCurve[p.Curve], p)
	}
	for k, view := range byCurve {
		for _, x := range model.XAxes {
			for _, y := range model.YAxes {
				want := curveStatusesRef(view, x, y)
				if got := curveStatuses(model.RefsTo(view), x, y, nil, nil); !reflect.DeepEqual(got, want) {
					t.Fatalf("%v on %s × %s: statuses differ", k, x.Name, y.Name)
				}
				if planned := slices.ContainsFunc(view, func(p model.Point) bool { return p.Source == model.SourcePlanned }); !planned {
					c, f, h := model.FrontierHull(view, x, y)
					if got := curveStatuses(model.RefsTo(view), x, y, &workbench.Geometry{Coords: c, Frontier: f, Hull: h}, nil); !reflect.DeepEqual(got, want) {
						t.Fatalf("%v on %s × %s: statuses from the geometry differ", k, x.Name, y.Name)
					}
				}
			}
		}
	}
}

// The order kept from another x is the order made on this one: every x
// in turn and back, for each column an order is taken over by, both ways.
func TestOrderFromAnotherXIsTheOrder(t *testing.T) {
	st := testkit.KeptState()
	m := New(st, keys.Default().Points, testkit.Plain())
	m.SetSize(140, 30)
	for _, col := range []int{colID, colSource, colGPUs, colConc, colY} {
		for _, desc := range []bool{false, true} {
			m.sortCol, m.desc = col, desc
			for _, x := range append(model.XAxes, model.XAxes[0]) {
				st.SetX(x)
				m.Refresh(st.TakeChanges())
				want := order(model.RefsTo(st.View()), curveStatuses(model.RefsTo(st.View()), st.X, st.Y, nil, nil), query{}, st.X, st.Y, col, desc, axisValues{})
				if !slices.Equal(m.idx, want) {
					t.Fatalf("column %d desc %v on %s: the kept order is not the order", col, desc, x.Name)
				}
				for r, i := range m.idx {
					if int(m.rowAt[i]) != r {
						t.Fatalf("column %d on %s: row of %d is %d, want %d", col, x.Name, i, m.rowAt[i], r)
					}
				}
			}
		}
	}
}

// The statuses from the view's flags and geometry (what the pane reads)
// are the statuses found from its points: every curve, as of each date,
// suspects held out and admitted, short runs projected and shown raw.
func TestStatusesFromTheViewsFlagsAreThePoints(t *testing.T) {
	pts := fixtures.SyntheticCurves(4000, 3)
	for i := range pts {
		switch i % 9 {
		case 0:
			pts[i].Prov.DurationS = model.SteadyStateS / 4 // short: projected where it can be
		case 4:
			pts[i].Suspicion = &model.Suspicion{Rule: model.RuleImplausible}
		}
	}
	st := workbench.New()
	st.SetPoints(pts)
	flagged := 0
	for _, suspect := range []bool{false, true} {
		if st.IncludeSuspect != suspect {
			st.ToggleIncludeSuspect()
		}
		for _, c := range st.Curves {
			st.SetCurve(c.Key)
			for _, asOf := range append([]string{""}, st.CurveDates()...) {
				st.SetAsOf(asOf, false)
				refs, f := st.ViewRefs(), st.ViewFlags()
				flagged += len(f.HeldOut) + len(f.RawShort)
				got := curveStatuses(refs, st.X, st.Y, st.Geometry(), f)
				if want := curveStatuses(refs, st.X, st.Y, nil, nil); !reflect.DeepEqual(got, want) {
					t.Fatalf("%v as of %q (suspects in %v): the statuses from the flags differ", c.Key, asOf, suspect)
				}
			}
		}
	}
	if flagged == 0 {
		t.Fatal("no view flagged a point: the test compares nothing")
	}
}

// restOf is workbench.Geometry's Rest of refs: the values on x or y of
// the points coords leaves out.
func restOf(refs []*model.Point, coords []model.XYPoint, x, y model.Axis) []workbench.Partial {
	in := map[int]bool{}
	for _, c := range coords {
		in[c.Index] = true
	}
	var out []workbench.Partial
	for i, p := range refs {
		xv, hasX := p.Value(x.Metric)
		yv, hasY := p.Value(y.Metric)
		if !in[i] && (hasX || hasY) {
			out = append(out, workbench.Partial{X: xv, Y: yv, Index: i, HasX: hasX, HasY: hasY})
		}
	}
	return out
}
