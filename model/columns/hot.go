// Package columns holds what the workbench's passes over a view read of
// the points, kept in columns of their own (Hot): the same answers as the
// points' own methods in model, read from 80 bytes a point instead of
// three or four cache lines. It is machinery beside the rules: the rules
// (model) never call it, and TestHotIsThePoint holds it to them.
package columns

import (
	"sync/atomic"

	"github.com/sweeptune/sweeptune/internal/mem"
	"github.com/sweeptune/sweeptune/model"
)

// hotSlots is how many metric values a Hot keeps: one for each of
// model.HotMetrics, the first slots of model.Metrics.
const hotSlots = len(model.HotMetrics)

// Hot is what a pass over a view reads of one point, in 80 bytes: the
// metrics present, the values of the first slots, the marker's tag, the
// run's length and flags and the suspicion's. A curve's points kept in a column
// of these (HotColumn) are read one after another, where the points
// themselves, at a million rows of interleaved curves, lie a page apart
// and cost three or four cache lines each (docs/workbench-speed.md).
type Hot struct {
	has   uint32
	Tag   model.Tag
	flags hotFlags
	dur   float64 // Provenance.DurationS
	first [hotSlots]float64
}

type hotFlags uint8

const (
	hotAdmitted  hotFlags = 1 << iota // suspect and admitted (Suspicion.Admitted)
	hotProjected                      // Provenance.Projected
	hotPlanned                        // Source is SourcePlanned
	hotMeasured                       // a measured run (Hot.ProjectedBy may hold)
)

// HotOf is what a pass over a view reads of p.
func HotOf(p *model.Point) Hot {
	h := Hot{has: p.Metrics.PresentMask(), Tag: model.TagOf(p), dur: p.Prov.DurationS, first: p.Metrics.HotValues()}
	if s := p.Suspicion; s != nil && s.Admitted {
		h.flags |= hotAdmitted
	}
	if p.Prov.Projected() {
		h.flags |= hotProjected
	}
	if p.Source == model.SourcePlanned {
		h.flags |= hotPlanned
	}
	if model.MeasuredRun(p) {
		h.flags |= hotMeasured
	}
	return h
}

// HotColumn is HotOf each of all[idx[k]], in idx's order, and their IDs.
func HotColumn(all []model.Point, idx []int) ([]Hot, []string) {
	hot := mem.Fresh[Hot](len(idx)) // faulted in at once, not a page at a time (workbench.viewEntry.points)
	ids := mem.Fresh[string](len(idx))
	HotColumnInto(hot, ids, all, idx)
	return hot, ids
}

// HotColumnInto is HotColumn into hot and ids, of len(idx) each. The
// points of a curve lie apart, in no order, among the other curves': each
// block of them is read once it is on its way from memory (warmHot), not
// one point after the other (at a million points over 12 curves, 165 →
// 60 ns a point, BenchmarkHotColumnInterleaved).
func HotColumnInto(hot []Hot, ids []string, all []model.Point, idx []int) {
	warm := 0
	for lo := 0; lo < len(idx); lo += model.WarmBlock {
		hi := min(lo+model.WarmBlock, len(idx))
		warm += warmHot(all, idx[lo:hi])
		for k := lo; k < hi; k++ {
			p := &all[idx[k]]
			hot[k], ids[k] = HotOf(p), p.ID
		}
	}
	warmSink.Add(int64(warm))
}

// warmHot reads a word of each part of each point at idx that HotOf
// reads: a loop so short that the processor has the whole block on its
// way at once (model.WarmPoints). Its sum means nothing.
//
//go:noinline
func warmHot(all []model.Point, idx []int) int {
	n := 0
	for _, i := range idx {
		p := &all[i]
		n += int(p.Metrics.PresentMask()) + len(p.Source) + len(p.ID) + int(p.Prov.DurationS)
		if p.Suspicion != nil {
			n++
		}
	}
	return n
}

// warmSink keeps the warming reads' sums from being optimised away.
var warmSink atomic.Int64

// Get is p.Metrics.Get(m) of the point h was made of, p: p is read only
// for a metric past the first slots.
func (h *Hot) Get(m model.Metric, p *model.Point) (float64, bool) {
	if m >= model.NumMetrics || h.has&(1<<m) == 0 {
		return 0, false
	}
	if s := hotSlot[m]; s < hotSlots {
		return h.first[s], true
	}
	return p.Metrics.Get(m)
}

// hotSlot is each metric's place among model.HotMetrics; hotSlots for
// one that is not among them.
var hotSlot = func() (s [model.NumMetrics]int) {
	for m := range s {
		s[m] = hotSlots
	}
	for i, m := range model.HotMetrics {
		s[m] = i
	}
	return s
}()

// DurationS is Provenance.DurationS.
func (h *Hot) DurationS() float64 { return h.dur }

// PresentMask is Metrics.PresentMask.
func (h *Hot) PresentMask() uint32 { return h.has }

// Suspect is Point.Suspect.
func (h *Hot) Suspect() bool { return h.Tag.Suspect() }

// HeldOut is Point.HeldOut: suspect and not admitted.
func (h *Hot) HeldOut() bool { return h.Suspect() && h.flags&hotAdmitted == 0 }

// AdmittedIs reports a suspect point whose admission is admit.
func (h *Hot) AdmittedIs(admit bool) bool {
	return h.Suspect() && (h.flags&hotAdmitted != 0) == admit
}

// Projected is Provenance.Projected.
func (h *Hot) Projected() bool { return h.flags&hotProjected != 0 }

// RawShort is Provenance.RawShort.
func (h *Hot) RawShort() bool { return model.ShortRunOf(h.dur) && !h.Projected() }

// Planned reports a planned point (SourcePlanned).
func (h *Hot) Planned() bool { return h.flags&hotPlanned != 0 }

// CoordOnHot is CoordOn of the point h was made of, p (read only for a
// metric past the first slots).
func CoordOnHot(h *Hot, p *model.Point, i int, x, y model.Metric) (c model.XYPoint, rawShort, ok bool) {
	if h.HeldOut() {
		return model.XYPoint{}, false, false
	}
	xv, okx := h.Get(x, p)
	yv, oky := h.Get(y, p)
	if !okx || !oky {
		return model.XYPoint{}, false, false
	}
	return model.XYPoint{X: xv, Y: yv, Index: i}, h.RawShort(), true
}

// ProjectedBy is pr.Projects of the point h was made of: whether
// model.ProjectShownBy projects it by pr, its curve's first projection.
func (h *Hot) ProjectedBy(pr *model.Projection) bool {
	return pr.Projects(h.flags&hotMeasured != 0, h.dur, h.has)
}
