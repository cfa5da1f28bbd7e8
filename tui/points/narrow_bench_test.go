package points

import (
	"testing"

	"github.com/sweeptune/sweeptune/internal/fixtures"
	"github.com/sweeptune/sweeptune/model"
)

// benchView is an 83,000-point view of a larger load, every fourth point,
// as a curve's view of a million points lies spread over the load.
func benchView(b *testing.B) []*model.Point {
	pts := fixtures.SyntheticCurves(4*83000, 4)
	view := make([]*model.Point, 0, 83000)
	for i := 0; i < len(pts); i += 4 {
		view = append(view, &pts[i])
	}
	return view
}

// The filter's letters as typed: t (every point read), then p onto it,
// read from t's matches or from every point; with and without the
// view's haystack, and what making the haystack costs (off the key).
func BenchmarkFilterLetter(b *testing.B) {
	view := benchView(b)
	x, y := model.DefaultXAxis, model.AxisTputPerGPU
	t, tp := parseQuery("t"), parseQuery("tp")
	last := &matched{q: t, idx: matching(view, t, x, y)}
	b.Run("t", func(b *testing.B) {
		for b.Loop() {
			matchingIn(view, t, x, y, nil, nil)
		}
	})
	b.Run("tp-whole", func(b *testing.B) {
		for b.Loop() {
			matchingIn(view, tp, x, y, nil, nil)
		}
	})
	b.Run("tp-narrowed", func(b *testing.B) {
		for b.Loop() {
			matchingIn(view, tp, x, y, last, nil)
		}
	})
	hay := newHaystack(1, view).of(1, len(view))
	b.Run("t-haystack", func(b *testing.B) {
		for b.Loop() {
			matchingIn(view, t, x, y, nil, hay)
		}
	})
	b.Run("tp-haystack-narrowed", func(b *testing.B) {
		for b.Loop() {
			matchingIn(view, tp, x, y, last, hay)
		}
	})
	b.Run("make-haystack", func(b *testing.B) {
		for b.Loop() {
			newHaystack(1, view).of(1, len(view))
		}
	})
	b.Logf("t keeps %d of %d points, tp %d", len(last.idx), len(view), len(matching(view, tp, x, y)))
}
