package workbench

import (
	"math/bits"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/columns"
)

// presence is which metrics a view's points measure, and which together:
// any is the union of every point's metrics, with[m] the union of the
// metrics of the points that measure m. The axes with data are read from
// it (an axis missing from a curve of 83,000 points was a pass over all
// of them).
type presence struct {
	any  uint32
	with [model.NumMetrics]uint32
}

// add counts a point measuring the metrics of mask.
func (pr *presence) add(mask uint32) {
	pr.any |= mask
	for m := mask; m != 0; m &= m - 1 {
		pr.with[bits.TrailingZeros32(m)] |= mask
	}
}

// merge adds what o counted.
func (pr *presence) merge(o *presence) {
	pr.any |= o.any
	for m := range pr.with {
		pr.with[m] |= o.with[m]
	}
}

// has reports whether some point measures m.
func (pr *presence) has(m model.Metric) bool { return m < model.NumMetrics && pr.any&(1<<m) != 0 }

// hasBoth reports whether some point measures both x and y.
func (pr *presence) hasBoth(x, y model.Metric) bool {
	return x < model.NumMetrics && y < model.NumMetrics && pr.with[y]&(1<<x) != 0
}

// viewFacts are what a view's derivations read of all its points without
// the points themselves: which metrics they measure, and which of them are
// projected runs (the run-length legends'), held out or short runs shown
// raw (the table's statuses: ViewFlags).
type viewFacts struct {
	presence  presence
	projected []int // indices into the view, ascending
	flags     ViewFlags
	best      bestOnY
}

// bestOnY is, for each y axis (model.YAxes), the first point of the view
// best on it: the selection a new curve starts from (State.firstID).
type bestOnY struct {
	at  [maxYAxes]int // index into the view, -1 when no point has the metric
	val [maxYAxes]float64
}

// maxYAxes bounds model.YAxes (TestBestOnYCoversTheYAxes).
const maxYAxes = 8

func newBestOnY() bestOnY {
	var b bestOnY
	for j := range b.at {
		b.at[j] = -1
	}
	return b
}

// offer counts point k, p, whose column entry is h: it becomes the best
// on an axis when better, or as good and before it.
func (b *bestOnY) offer(h *columns.Hot, p *model.Point, k int) {
	for j := range yOffered.n {
		v, ok := h.Get(yOffered.metric[j], p)
		if !ok {
			continue
		}
		better := v > b.val[j]
		if !yOffered.higher[j] {
			better = v < b.val[j]
		}
		if b.at[j] < 0 || better || v == b.val[j] && k < b.at[j] {
			b.at[j], b.val[j] = k, v
		}
	}
}

// yOffered are model.YAxes' metrics and directions, read by offer for
// every point of a view (ranging over the axes copied 64 bytes an axis).
var yOffered = func() (o struct {
	metric [maxYAxes]model.Metric
	higher [maxYAxes]bool
	n      int
}) {
	o.n = min(len(model.YAxes), maxYAxes)
	for j, a := range model.YAxes[:o.n] {
		o.metric[j], o.higher[j] = a.Metric, a.HigherBetter
	}
	return o
}()

// merge offers o's bests.
func (b *bestOnY) merge(o *bestOnY) {
	for j, a := range model.YAxes[:min(len(model.YAxes), maxYAxes)] {
		if k := o.at[j]; k >= 0 && (b.at[j] < 0 || a.Better(o.val[j], b.val[j]) || o.val[j] == b.val[j] && k < b.at[j]) {
			b.at[j], b.val[j] = k, o.val[j]
		}
	}
}

// ViewFlags are the shown view's points the table marks whatever the
// axes: held out (a suspect point not admitted) and short runs shown raw
// (measured points only), as indices into the view, ascending.
type ViewFlags struct {
	HeldOut, RawShort []int
}

// add counts point k of the view, p, whose column entry is h (p is read
// only for a metric past the column's); last and counted carry the
// presence mask of the point before, counted once for a run of equal ones.
func (f *viewFacts) add(h *columns.Hot, p *model.Point, k int, last *uint32, counted *bool) {
	if mask := h.PresentMask(); !*counted || mask != *last {
		f.presence.add(mask)
		*last, *counted = mask, true
	}
	if h.Projected() {
		f.projected = append(f.projected, k)
	}
	if h.HeldOut() {
		f.flags.HeldOut = append(f.flags.HeldOut, k)
	}
	f.best.offer(h, p, k)
	if !h.Planned() && h.RawShort() {
		f.flags.RawShort = append(f.flags.RawShort, k)
	}
}

// join is the facts of two ranges, a's before b's.
func (f viewFacts) join(b viewFacts) viewFacts {
	f.presence.merge(&b.presence)
	f.projected = append(f.projected, b.projected...)
	f.flags.HeldOut = append(f.flags.HeldOut, b.flags.HeldOut...)
	f.flags.RawShort = append(f.flags.RawShort, b.flags.RawShort...)
	f.best.merge(&b.best)
	return f
}
