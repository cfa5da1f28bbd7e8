package workbench

import (
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/synth"
)

// A load prepared from the load's numbering (PrepareNumbered) is the one
// Prepare makes reading the points: the same curves and their summaries,
// the same points of each, the same competitors, the same curves'
// facts (configurations numbered alike, columns, runs) and IDs found
// alike; views made from either are the same.
func TestPrepareNumberedIsPrepare(t *testing.T) {
	for _, c := range []struct{ rows, curves int }{{100000, 4}, {30000, 300}, {60, 3}} {
		ds := sources.LoadBytes("rows.json", synth.Rows(c.rows, c.curves), sources.Options{KeepNumbers: true})
		nums, ok := ds.Numbers(ds.Points)
		if !ok {
			t.Fatalf("%d x %d: the load kept no numbers", c.rows, c.curves)
		}
		specs := model.DefaultGPUSpecs()
		plain := Prepare(slices.Clone(ds.Points), specs)
		got := PrepareNumbered(ds.Points, specs, nums)
		derived := 0
		for i := range got.points {
			if got.points[i].Metrics != plain.points[i].Metrics {
				t.Fatalf("%d x %d: point %d's metrics %v, plain %v", c.rows, c.curves, i, got.points[i].Metrics, plain.points[i].Metrics)
			}
			if got.points[i].Metrics.Has(model.TputPerMW) {
				derived++
			}
		}
		if derived == 0 {
			t.Fatalf("%d x %d: no point derived", c.rows, c.curves)
		}
		if !maps.EqualFunc(got.byCurve, plain.byCurve, slices.Equal) {
			t.Fatalf("%d x %d: points by curve differ", c.rows, c.curves)
		}
		if !reflect.DeepEqual(got.curves, plain.curves) {
			t.Fatalf("%d x %d: curves %v, plain %v", c.rows, c.curves, got.curves, plain.curves)
		}
		if !maps.Equal(got.competitor, plain.competitor) {
			t.Fatalf("%d x %d: competitors %v, plain %v", c.rows, c.curves, got.competitor, plain.competitor)
		}
		if len(got.cfgs) != len(plain.curves) {
			t.Fatalf("%d x %d: configurations of %d curves, %d curves", c.rows, c.curves, len(got.cfgs), len(plain.curves))
		}
		for _, s := range plain.curves { // each curve's facts, made with its view
			got.MakeView(s.Key, "", false, false)
			plain.MakeView(s.Key, "", false, false)
			f, p := got.facts[s.Key], plain.facts[s.Key]
			if f == nil || p == nil || !f.cfg.Equivalent(p.cfg) || !slices.Equal(f.hot, p.hot) || !slices.Equal(f.ids, p.ids) ||
				f.hasRuns != p.hasRuns || !reflect.DeepEqual(f.projs, p.projs) {
				t.Fatalf("%d x %d: curve %v's facts differ", c.rows, c.curves, s.Key)
			}
		}
		if got.index != nil {
			t.Fatalf("%d x %d: IDs indexed before the first frame", c.rows, c.curves)
		}
		got.index = indexIDs(got.points) // as IndexJob makes it
		if got.index.Len() != plain.index.Len() {
			t.Fatalf("%d x %d: %d IDs indexed, plain %d", c.rows, c.curves, got.index.Len(), plain.index.Len())
		}
		for i := range ds.Points {
			if j, ok := got.index.Find(ds.Points[i].ID); !ok || j != i {
				t.Fatalf("%d x %d: ID %q found at %d, %v", c.rows, c.curves, ds.Points[i].ID, j, ok)
			}
		}
		for _, s := range plain.curves[:min(3, len(plain.curves))] {
			for _, asOf := range []string{"", "2026-01-01"} {
				v, pr := got.MakeView(s.Key, asOf, false, false)
				w, wr := plain.MakeView(s.Key, asOf, false, false)
				if len(v) != len(w) || !reflect.DeepEqual(pr, wr) {
					t.Fatalf("%d x %d: curve %v's view as of %q: %d points, plain %d", c.rows, c.curves, s.Key, asOf, len(v), len(w))
				}
				for j := range v {
					if !reflect.DeepEqual(*v[j], *w[j]) {
						t.Fatalf("%d x %d: curve %v's view as of %q differs at %d", c.rows, c.curves, s.Key, asOf, j)
					}
				}
			}
		}
	}
}

// The load's numbers are for its own points only: a copy of them, or
// more points, are not what it numbered.
func TestLoadNumbersAreForItsOwnPoints(t *testing.T) {
	ds := sources.LoadBytes("rows.json", synth.Rows(200, 2), sources.Options{KeepNumbers: true})
	if _, ok := ds.Numbers(ds.Points); !ok {
		t.Fatal("no numbers for the load's points")
	}
	if _, ok := ds.Numbers(slices.Clone(ds.Points)); ok {
		t.Fatal("numbers for a copy of the points")
	}
	if _, ok := ds.Numbers(ds.Points[:len(ds.Points)-1]); ok {
		t.Fatal("numbers for fewer points")
	}
	if _, ok := sources.LoadBytes("rows.json", synth.Rows(200, 2), sources.Options{}).Numbers(ds.Points); ok {
		t.Fatal("numbers kept unasked")
	}
}

// A state set from a numbered load makes its curves' facts after the
// first frame (FactsJob) and on a key (factsFor) from the load's
// configurations, and they are the facts the points give.
func TestStateMakesFactsFromTheLoadsNumbers(t *testing.T) {
	ds := sources.LoadBytes("rows.json", synth.Rows(60000, 3), sources.Options{KeepNumbers: true})
	nums, _ := ds.Numbers(ds.Points)
	s := New()
	plain := Prepare(slices.Clone(ds.Points), s.Specs)
	s.SetLoaded(PrepareNumbered(ds.Points, s.Specs, nums))
	if len(s.cfgs) != 3 {
		t.Fatalf("the state kept configurations of %d curves, want 3", len(s.cfgs))
	}
	factsAfterTheJob(t, s, plain)
	s.Planned = append(s.Planned, ds.Points[0]) // the points are no longer the load's alone
	s.dataChanged()
	s.All()
	if s.cfgs != nil {
		t.Fatal("configurations of the load kept for points that are not its own")
	}
}

// A numbered load's IDs are indexed after it (IndexJob); until then an ID
// is found among the points, the same one.
func TestIDsFoundBeforeAndAfterTheIndex(t *testing.T) {
	ds := sources.LoadBytes("rows.json", synth.Rows(3000, 3), sources.Options{KeepNumbers: true})
	nums, _ := ds.Numbers(ds.Points)
	s := New()
	s.SetLoaded(PrepareNumbered(ds.Points, s.Specs, nums))
	if s.index != nil {
		t.Fatal("a numbered load indexed its IDs before the first frame")
	}
	check := func(when string) {
		for _, i := range []int{0, 1, len(ds.Points) / 2, len(ds.Points) - 1} {
			if p := s.Find(ds.Points[i].ID); p != &s.All()[i] {
				t.Fatalf("%s: Find(%q) is not point %d", when, ds.Points[i].ID, i)
			}
			if !s.isLoaded(ds.Points[i].ID) {
				t.Fatalf("%s: %q not loaded", when, ds.Points[i].ID)
			}
		}
		if s.Find("no such ID") != nil || s.isLoaded("no such ID") {
			t.Fatalf("%s: found an ID no point has", when)
		}
	}
	check("before the index")
	job, ok := s.IndexJob()
	if !ok {
		t.Fatal("no index to make")
	}
	made := job()
	s.AdoptIndex(made)
	if s.index == nil || s.prep.index == nil {
		t.Fatal("the index was not kept")
	}
	check("after the index")
	if _, ok := s.IndexJob(); ok {
		t.Fatal("an index to make again")
	}
}

// factsAfterTheJob runs s's facts job and checks that every curve's facts
// are those a load that numbered nothing (plain) makes of the points; it
// returns them.
func factsAfterTheJob(t *testing.T, s *State, plain *Loaded) map[model.CurveKey]*curveFacts {
	t.Helper()
	job, ok := s.FactsJob(func() {})
	if !ok {
		t.Fatal("no facts to make after the load")
	}
	s.AdoptFacts(job())
	made := map[model.CurveKey]*curveFacts{}
	for _, c := range plain.curves {
		plain.MakeView(c.Key, "", false, false)
		f, p := s.factsFor(c.Key), plain.facts[c.Key]
		if !f.cfg.Equivalent(p.cfg) || !slices.Equal(f.hot, p.hot) || !slices.Equal(f.ids, p.ids) {
			t.Fatalf("curve %v's facts differ from the points'", c.Key)
		}
		made[c.Key] = f
	}
	return made
}
