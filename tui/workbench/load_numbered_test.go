package workbench

import (
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/synth"
)

// A load prepared from the load's numbering (PrepareNumbered) is the one
// Prepare makes reading the points: the same curves and their summaries,
// the same points of each, the same competitors, the same large curves'
// facts (configurations numbered alike, columns, runs) and IDs found
// alike; views made from either are the same.
func TestPrepareNumberedIsPrepare(t *testing.T) {
	for _, c := range []struct{ rows, curves int }{{100000, 4}, {30000, 300}, {60, 3}} {
		ds := sources.LoadBytes("rows.json", synth.Rows(c.rows, c.curves), sources.Options{KeepNumbers: true})
		nums, ok := ds.Numbers(ds.Points)
		if !ok {
			t.Fatalf("%d x %d: the load kept no numbers", c.rows, c.curves)
		}
		plain := Prepare(slices.Clone(ds.Points), nil)
		got := PrepareNumbered(ds.Points, nil, nums)
		if !maps.EqualFunc(got.byCurve, plain.byCurve, slices.Equal) {
			t.Fatalf("%d x %d: points by curve differ", c.rows, c.curves)
		}
		if !reflect.DeepEqual(got.curves, plain.curves) {
			t.Fatalf("%d x %d: curves %v, plain %v", c.rows, c.curves, got.curves, plain.curves)
		}
		if !maps.Equal(got.competitor, plain.competitor) {
			t.Fatalf("%d x %d: competitors %v, plain %v", c.rows, c.curves, got.competitor, plain.competitor)
		}
		if len(got.facts) != len(plain.facts) || c.rows == 100000 && len(got.facts) != 4 {
			t.Fatalf("%d x %d: facts of %d curves, plain %d", c.rows, c.curves, len(got.facts), len(plain.facts))
		}
		for k, f := range got.facts {
			p := plain.facts[k]
			if p == nil || !f.cfg.Equivalent(p.cfg) || !slices.Equal(f.hot, p.hot) || !slices.Equal(f.ids, p.ids) ||
				f.hasRuns != p.hasRuns || !reflect.DeepEqual(f.projs, p.projs) {
				t.Fatalf("%d x %d: curve %v's facts differ", c.rows, c.curves, k)
			}
		}
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
