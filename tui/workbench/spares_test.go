package workbench

import (
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/synth"
)

// After the first frame SpareJob allocates the columns of the large
// curves whose facts are not made; AdoptSpares keeps them for the curves
// still without facts, and the facts made later fill those columns and
// are the facts the points give. Spares of data replaced since are not
// kept.
func TestSparesAreFilledByTheFactsMadeLater(t *testing.T) {
	ds := sources.LoadBytes("rows.json", synth.Rows(4*factsAtLoadMin, 3), sources.Options{KeepNumbers: true})
	nums, _ := ds.Numbers(ds.Points)
	s := New()
	plain := Prepare(slices.Clone(ds.Points), s.Specs)
	s.SetLoaded(PrepareNumbered(ds.Points, s.Specs, nums))
	var without []model.CurveKey // the shown curve's facts are made
	for _, c := range s.Curves {
		if _, made := s.facts[c.Key]; !made {
			without = append(without, c.Key)
		}
	}
	job, ok := s.SpareJob()
	if !ok {
		t.Fatal("no columns to allocate after a numbered load of three large curves")
	}
	spares := job()
	if len(without) != 2 || !slices.Equal(spares.curves, without) {
		t.Fatalf("columns of %v, want the curves without facts %v", spares.curves, without)
	}
	first := spares.curves[0]
	s.factsFor(first) // made on a key before the spares landed
	s.AdoptSpares(spares)
	if _, kept := s.prep.spare[first]; kept || len(s.prep.spare) != 1 {
		t.Fatalf("kept %d spares (the curve made on the key among them: %v), want the other one", len(s.prep.spare), kept)
	}
	if _, again := s.SpareJob(); again {
		t.Fatal("columns to allocate again once every curve has them or its facts")
	}
	second := spares.curves[1]
	if f := factsAfterTheJob(t, s, plain)[second]; f != spares.facts[1] {
		t.Fatalf("curve %v's facts are not in the columns allocated for it", second)
	}

	s2 := New()
	s2.SetLoaded(PrepareNumbered(ds.Points, s2.Specs, nums))
	job2, _ := s2.SpareJob()
	stale := job2()
	s2.Planned = append(s2.Planned, ds.Points[0]) // the points are no longer the load's alone
	s2.dataChanged()
	s2.AdoptSpares(stale)
	if s2.prep.spare != nil && len(s2.prep.spare) != 0 {
		t.Fatalf("kept %d spares of data replaced since", len(s2.prep.spare))
	}
}
