package numbering

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/internal/mem"
	"github.com/sweeptune/sweeptune/model"
)

// numbersOfLoad numbers pts as the load does: the naming sharing its
// facts, NumbersFrom beside it.
func numbersOfLoad(pts []model.Point) *Numbers {
	end := mem.UseScratch()
	defer end()
	curves := model.NumberCurves(pts)
	facts := NewNamingFacts()
	var nb *Numbers
	done := make(chan struct{})
	go func() {
		defer close(done)
		nb = NumbersFrom(facts, curves)
	}()
	AssignIDsSharing(pts, curves, facts)
	<-done
	facts.Release()
	return nb
}

// The configurations numbered from the load's numbers are NumberConfigs'
// (the same partition, days and day ranks; the same latest runs and runs
// on or before any date), for each curve's points and for subsets across
// curves, on random dates (some with a time, over many days), sources,
// points without knobs or dates; and the curves with a competitor's point
// are the ones the points say.
func TestConfigsOfNumbersAreNumberConfigs(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 4))
	for trial := range 200 {
		pts, nb := numberedTrialPoints(r, trial, 30000)
		if nb == nil || nb.Len() != len(pts) {
			t.Fatalf("trial %d: no numbers", trial)
		}
		curveOf, keys := nb.Curves().Of(), nb.Curves().Keys()
		sets := make([][]int, len(keys))
		for i, c := range curveOf {
			sets[c] = append(sets[c], i)
		}
		var across []int // a subset of every curve's points
		for i := range pts {
			if r.IntN(3) == 0 {
				across = append(across, i)
			}
		}
		sets = append(sets, across, []int{})
		got := nb.ConfigsOf(sets)
		for s, idx := range sets {
			want := NumberConfigs(pts, idx)
			if !got[s].Equivalent(want) {
				t.Fatalf("trial %d set %d (%d points): configurations differ from NumberConfigs", trial, s, len(idx))
			}
			if len(idx) == 0 {
				continue // the rule reads no idx as every point
			}
			for _, asOf := range []string{"", "2026-10-15", "2026-11-01", "2026-11-02T12:00", "2026-12-01"} {
				if g, w := at(idx, got[s].Latest(asOf)), model.LatestIndexRule(pts, idx, asOf); !slices.Equal(g, w) {
					t.Fatalf("trial %d set %d as of %q: %d points, rule %d (NumberConfigs %d)", trial, s, asOf, len(g), len(w), len(at(idx, want.Latest(asOf))))
				}
				if g, w := at(idx, got[s].OnOrBefore(asOf)), onOrBefore(pts, idx, asOf); !slices.Equal(g, w) {
					t.Fatalf("trial %d set %d on or before %q: %d points, want %d", trial, s, asOf, len(g), len(w))
				}
			}
		}
		for c, set := range sets[:len(keys)] {
			want := slices.ContainsFunc(set, func(i int) bool { return pts[i].Source == model.SourceCompetitor })
			if nb.Competitor(int32(c)) != want {
				t.Fatalf("trial %d curve %d: competitor %v, want %v", trial, c, nb.Competitor(int32(c)), want)
			}
		}
	}
}

// Equivalent tells a different partition or day ranking apart.
func TestEquivalentTellsConfigsApart(t *testing.T) {
	a := Configs{of: []int32{0, 1, 0, -1}, n: 2, day: []int32{0, 0, 1, -1}, days: []string{"2026-11-01", "2026-11-02"}}
	same := Configs{of: []int32{1, 0, 1, -1}, n: 2, day: a.day, days: a.days}
	if !a.Equivalent(same) {
		t.Fatal("a renumbering is not equivalent")
	}
	for name, b := range map[string]Configs{
		"merged":  {of: []int32{0, 0, 0, -1}, n: 2, day: a.day, days: a.days},
		"split":   {of: []int32{0, 1, 2, -1}, n: 3, day: a.day, days: a.days},
		"none":    {of: []int32{0, 1, 0, 1}, n: 2, day: a.day, days: a.days},
		"day":     {of: a.of, n: 2, day: []int32{0, 1, 1, -1}, days: a.days},
		"days":    {of: a.of, n: 2, day: a.day, days: []string{"2026-11-01", "2026-11-03"}},
		"crossed": {of: []int32{0, 1, 1, -1}, n: 2, day: a.day, days: a.days},
	} {
		if a.Equivalent(b) {
			t.Errorf("%s: equivalent", name)
		}
	}
}

// Without the naming's facts there are no numbers.
func TestNumbersFromFailedNaming(t *testing.T) {
	pts := idTrialPoints(rand.New(rand.NewPCG(1, 1)), 10)
	facts := NewNamingFacts()
	facts.fail()
	if nb := NumbersFrom(facts, model.NumberCurves(pts)); nb != nil {
		t.Fatal("numbers without facts")
	}
}

// ByCurve is each curve's points in load order and ConfigsOf of them
// (the same partition, numbered 0 … n-1, the same days and ranks),
// through the one-pass table and past its bound.
func TestByCurveIsConfigsOfTheCurves(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 17))
	for trial := range 120 {
		_, nb := numberedTrialPoints(r, trial, 20000)
		if nb == nil {
			t.Fatalf("trial %d: no numbers", trial)
		}
		want := make([][]int, len(nb.Curves().Keys()))
		for i, c := range nb.Curves().Of() {
			want[c] = append(want[c], i)
		}
		for _, bound := range []int{byCurveMaxCells, 0} {
			sets, got := nb.byCurve(bound)
			if len(sets) != len(want) || len(got) != len(want) {
				t.Fatalf("trial %d bound %d: %d sets, %d configurations, want %d", trial, bound, len(sets), len(got), len(want))
			}
			wantCfgs := nb.ConfigsOf(want)
			for c := range want {
				if !slices.Equal(sets[c], want[c]) {
					t.Fatalf("trial %d bound %d curve %d: points %v, want %v", trial, bound, c, sets[c], want[c])
				}
				g, w := got[c], wantCfgs[c]
				if !g.Equivalent(w) || g.n != w.n || !slices.Equal(g.day, w.day) || !slices.Equal(g.Days(), w.Days()) {
					t.Fatalf("trial %d bound %d curve %d: configurations differ from ConfigsOf", trial, bound, c)
				}
				if g.n > 0 && (slices.Min(slices.DeleteFunc(slices.Clone(g.of), func(o int32) bool { return o < 0 })) != 0 || slices.Max(g.of) != int32(g.n-1)) {
					t.Fatalf("trial %d bound %d curve %d: numbers not 0 … %d", trial, bound, c, g.n-1)
				}
			}
		}
	}
}

// numberedTrialPoints are datedTrialPoints, every third trial's dated
// points over the days of a month, and their load's numbers.
func numberedTrialPoints(r *rand.Rand, trial, big int) ([]model.Point, *Numbers) {
	pts := datedTrialPoints(r, trial, big)
	if trial%3 == 2 {
		for i := range pts {
			if pts[i].Prov.Date != "" {
				pts[i].Prov.Date = fmt.Sprintf("2026-10-%02d", 1+r.IntN(28))
			}
		}
	}
	return pts, numbersOfLoad(pts)
}
