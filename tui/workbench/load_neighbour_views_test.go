package workbench

import (
	"reflect"
	"slices"
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
)

// Around steps as ] and [ do, nearest first, each curve once, never the
// one it starts from, and stops where the views would overflow the cache.
func TestAroundStepsBothWaysWithinTheCache(t *testing.T) {
	l := Prepare(fixtures.SyntheticCurves(5000, 5), nil)
	keys := func(is ...int) []model.CurveKey {
		var out []model.CurveKey
		for _, i := range is {
			out = append(out, l.curves[i].Key)
		}
		return out
	}
	if got, want := l.Around(l.curves[0].Key, 6), keys(1, 4, 2, 3); !slices.Equal(got, want) {
		t.Fatalf("around the first curve: %v, want %v", got, want)
	}
	if got, want := l.Around(l.curves[2].Key, 1), keys(3, 1); !slices.Equal(got, want) {
		t.Fatalf("one each way from the third: %v, want %v", got, want)
	}
	// Views made already take their room: of the cache's 200,000 points,
	// 125,000 in views (250,000 over 5 curves) leave room for one curve's
	// 50,000.
	big := Prepare(fixtures.SyntheticCurves(250000, 5), nil)
	big.MakeView(big.curves[0].Key, "", false, false)
	for _, c := range big.curves[:2] {
		big.MakeView(c.Key, "", true, false)
	}
	room := cachedPointsFor(len(big.points))
	for _, e := range big.views {
		room -= len(e.refs)
	}
	got := big.Around(big.curves[0].Key, 6)
	if len(got) != 1 || len(big.byCurve[got[0]]) > room || room-len(big.byCurve[got[0]]) >= len(big.byCurve[big.curves[4].Key]) {
		t.Fatalf("around in a full cache: %v (room for %d points)", got, room)
	}
	if l.Around(model.CurveKey{Model: "none"}, 6) != nil {
		t.Fatal("around a curve not loaded")
	}
}

// MakeViews makes, several at once, the views MakeView makes one by one.
func TestMakeViewsAreMakeViews(t *testing.T) {
	pts := fixtures.SyntheticCurves(60000, 4)
	many, one := Prepare(slices.Clone(pts), nil), Prepare(slices.Clone(pts), nil)
	var ks []model.CurveKey
	for _, c := range many.curves {
		ks = append(ks, c.Key)
	}
	for _, asOf := range []string{"", model.Dates(pts)[0]} {
		many.MakeViews(ks, asOf, asOf != "", false)
		for _, k := range ks {
			want, wantProjs := one.MakeView(k, asOf, asOf != "", false)
			got, gotProjs := many.views[viewKey{k, asOf, asOf != "", false}].points(), many.views[viewKey{k, asOf, asOf != "", false}].projs
			if len(got) == 0 || !slices.EqualFunc(got, want, func(a model.Point, b *model.Point) bool { return a.ID == b.ID && a.Metrics == b.Metrics }) || len(gotProjs) != len(wantProjs) {
				t.Fatalf("curve %v as of %q: %d points, MakeView %d", k, asOf, len(got), len(want))
			}
		}
	}
}

// The load makes the facts of a curve of factsAtLoadMin points or more;
// a smaller curve's wait for its view or the command after the first
// frame.
func TestPrepareMakesTheLargeCurvesFacts(t *testing.T) {
	for _, c := range []struct {
		points, curves, made int
	}{{2 * factsAtLoadMin, 2, 2}, {factsAtLoadMin, 2, 0}, {5000, 5, 0}} {
		l := Prepare(fixtures.SyntheticCurves(c.points, c.curves), nil)
		if len(l.facts) != c.made {
			t.Errorf("%d points over %d curves: facts of %d curves made at load, want %d", c.points, c.curves, len(l.facts), c.made)
		}
		for k, f := range l.facts {
			if want := factsOf(l.points, l.byCurve[k]); !reflect.DeepEqual(f, want) {
				t.Errorf("curve %v: the load's facts are not those made from nothing", k)
			}
		}
	}
}
