package numbering

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/internal/mem"

	"github.com/sweeptune/sweeptune/model"
)

// The latest runs found from the naming's facts, beside the naming, are
// the reference's (points without knobs or dates, dates with a time and
// after the as-of date among them), and the naming that shares them gives
// the IDs AssignIDs gives. Under -race, the two share no field they write.
func TestLatestIndexFromMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 200 {
		pts := datedTrialPoints(r, trial, 40000) // arrays past the scratch pool's threshold
		named := slices.Clone(pts)
		model.AssignIDs(named)
		for _, asOf := range []string{"", "2026-11-02"} {
			shared := slices.Clone(pts)
			end := mem.UseScratch()
			curves := model.NumberCurves(shared)
			facts := NewNamingFacts()
			var got []int
			done := make(chan struct{})
			go func() {
				defer close(done)
				got = LatestIndexFrom(shared, facts, curves, asOf)
			}()
			AssignIDsSharing(shared, curves, facts)
			<-done
			facts.Release()
			end()
			if want := model.LatestIndexRule(pts, nil, asOf); !slices.Equal(got, want) {
				t.Fatalf("trial %d as of %q: %v, reference %v", trial, asOf, got, want)
			}
			for i := range shared {
				if shared[i].ID != named[i].ID {
					t.Fatalf("trial %d: point %d named %q sharing, %q alone", trial, i, shared[i].ID, named[i].ID)
				}
			}
		}
	}
}

// A naming that failed leaves no facts: the search reads the points.
func TestLatestIndexFromWithoutFacts(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	pts := idTrialPoints(r, 500)
	for i := range pts {
		pts[i].Prov.Date = []string{"", "2026-11-01", "2026-11-02"}[r.IntN(3)]
	}
	facts := NewNamingFacts()
	facts.fail()
	got := LatestIndexFrom(pts, facts, model.NumberCurves(pts), "")
	if want := model.LatestIndexRule(pts, nil, ""); !slices.Equal(got, want) {
		t.Fatalf("%v, reference %v", got, want)
	}
	facts.Release()
}
