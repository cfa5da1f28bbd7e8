package columns

import (
	"math/rand/v2"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// A point's Hot answers what the point answers: every metric (present,
// cleared, past the column's slots), the tag, the run's and the
// suspicion's flags, whether a projection projects it, and the coordinates on every pair of metrics, over
// random sources, suspicions, run lengths and projections.
func TestHotIsThePoint(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 12))
	sources := append(append([]model.Source(nil), model.Sources...), "elsewhere")
	durations := []float64{0, model.SteadyStateS, model.SteadyStateS / 2, 600, 3600, 7200}
	flagsSeen := map[[6]bool]bool{}
	pr := &model.Projection{SteadyS: model.SteadyStateS, Factors: []model.RunFactor{
		{Metric: model.TputPerGPU, ShortS: 600}, {Metric: model.TputPerMW, ShortS: model.SteadyStateS / 2}, {Metric: model.MeanE2EL, ShortS: model.SteadyStateS / 2}}}
	for trial := range 4000 {
		var p model.Point
		p.Source = sources[r.IntN(len(sources))]
		p.Prov.DurationS = durations[r.IntN(len(durations))]
		if r.IntN(4) == 0 {
			p.Prov.ProjectedFromS = 600
		}
		switch r.IntN(3) {
		case 1:
			p.Suspicion = &model.Suspicion{Rule: model.RuleImplausible}
		case 2:
			p.Suspicion = &model.Suspicion{Rule: model.RuleImplausible, Admitted: true}
		}
		for m := range model.NumMetrics {
			if r.IntN(3) > 0 {
				p.Metrics.Set(m, r.Float64()*1000)
			}
			if r.IntN(8) == 0 {
				p.Metrics.Clear(m) // the stale value stays in its slot
			}
		}
		h := HotOf(&p)
		for m := range model.NumMetrics + 2 {
			gv, gok := h.Get(m, &p)
			wv, wok := p.Metrics.Get(m)
			if gv != wv || gok != wok {
				t.Fatalf("trial %d metric %d: %v %v, the point's %v %v", trial, m, gv, gok, wv, wok)
			}
		}
		if h.PresentMask() != p.Metrics.PresentMask() || h.Tag != model.TagOf(&p) {
			t.Fatalf("trial %d: mask %b tag %v, the point's %b %v", trial, h.PresentMask(), h.Tag, p.Metrics.PresentMask(), model.TagOf(&p))
		}
		got := [6]bool{h.Suspect(), h.HeldOut(), h.Projected(), h.RawShort(), h.Planned(), h.ProjectedBy(pr)}
		want := [6]bool{p.Suspect(), p.HeldOut(), p.Prov.Projected(), p.Prov.RawShort(), p.Source == model.SourcePlanned, projectedByRule(pr, p)}
		if got != want {
			t.Fatalf("trial %d: flags %v, the point's %v", trial, got, want)
		}
		flagsSeen[got] = true
		for _, admit := range []bool{false, true} {
			if w := p.Suspicion != nil && p.Suspicion.Admitted == admit; h.AdmittedIs(admit) != w {
				t.Fatalf("trial %d: AdmittedIs(%v) %v, want %v", trial, admit, !w, w)
			}
		}
		x, y := model.Metric(r.IntN(int(model.NumMetrics))), model.Metric(r.IntN(int(model.NumMetrics)))
		gc, graw, gok := CoordOnHot(&h, &p, trial, x, y)
		wc, wraw, wok := model.CoordOn(&p, trial, x, y)
		if gc != wc || graw != wraw || gok != wok {
			t.Fatalf("trial %d on %d,%d: %v %v %v, model.CoordOn %v %v %v", trial, x, y, gc, graw, gok, wc, wraw, wok)
		}
	}
	if len(flagsSeen) < 12 {
		t.Fatalf("%d combinations of flags: the trials did not test them", len(flagsSeen))
	}
}

// The column is each point's Hot and ID in the order of idx.
func TestHotColumnIsInIdxOrder(t *testing.T) {
	pts := make([]model.Point, 5)
	for i := range pts {
		pts[i].ID = string(rune('a' + i))
		pts[i].Metrics.Set(model.TputPerGPU, float64(i))
	}
	hot, ids := HotColumn(pts, []int{3, 0, 4})
	for k, i := range []int{3, 0, 4} {
		if v, _ := hot[k].Get(model.TputPerGPU, nil); v != float64(i) || ids[k] != pts[i].ID {
			t.Fatalf("place %d: %v %q, want point %d", k, v, ids[k], i)
		}
	}
}

// projectedByRule is whether model.ProjectShownBy projects p by pr, its
// curve's only projection.
func projectedByRule(pr *model.Projection, p model.Point) bool {
	shown := []model.Point{p}
	model.ProjectShownBy(shown, []model.Projection{*pr})
	return shown[0].Prov != p.Prov
}

// HotColumn is HotOf and the ID of each point at idx, in idx's order, for
// indexes in no order and a last block shorter than the others.
func TestHotColumnIsHotOfEachPoint(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	all := make([]model.Point, 1000)
	for i := range all {
		p := &all[i]
		p.ID = "p" + string(rune('a'+i%26))
		p.Source = model.Sources[r.IntN(len(model.Sources))]
		p.Prov.DurationS = float64(r.IntN(3)) * model.SteadyStateS / 2
		if r.IntN(5) == 0 {
			p.Suspicion = &model.Suspicion{Rule: model.RuleImplausible, Admitted: r.IntN(2) == 0}
		}
		p.Metrics.Set(model.TputPerGPU, r.Float64())
	}
	idx := r.Perm(len(all))[:3*model.WarmBlock+5]
	hot, ids := HotColumn(all, idx)
	if len(hot) != len(idx) || len(ids) != len(idx) {
		t.Fatalf("%d and %d entries for %d points", len(hot), len(ids), len(idx))
	}
	for k, i := range idx {
		if hot[k] != HotOf(&all[i]) || ids[k] != all[i].ID || hot[k].DurationS() != all[i].Prov.DurationS {
			t.Fatalf("entry %d: %+v %q, point %d's %+v %q", k, hot[k], ids[k], i, HotOf(&all[i]), all[i].ID)
		}
	}
}
