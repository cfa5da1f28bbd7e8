package points

import (
	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
)

// idWidths are what each loaded point's ID asks of the ID column
// (neededWidth's two maxima, per point), worked out once by the load
// command off the UI goroutine: a view's column width is then the maximum
// over its points' entries, not a parse of 41,000–83,000 IDs on the key
// (their bytes lie wherever the parse put them: 240 ns an ID).
type idWidths struct {
	base *model.Point // &pts[0] of the points measured: the widths are theirs only
	n    int
	// need and widest are each point's shape width and whole width, both
	// cut at the 30 cells past which neededWidth's answer does not move.
	need, widest []uint8
}

// widthCap is where neededWidth stops telling widths apart.
const widthCap = 30

// measureIDs measures every point's ID with its own curve's tag, on both
// cores; it reads only pts.
func measureIDs(pts []model.Point) *idWidths {
	w := &idWidths{n: len(pts), need: make([]uint8, len(pts)), widest: make([]uint8, len(pts))}
	if len(pts) == 0 {
		return w
	}
	w.base = &pts[0]
	par.Halves(len(pts), 8192, func(lo, hi int) {
		var curve model.CurveKey
		var slugs []string
		// a dump's curves take turns point by point: each curve's slugs
		// are made once, not at every change of curve
		byCurve := map[model.CurveKey][]string{}
		for i := lo; i < hi; i++ {
			if i == lo || pts[i].Curve != curve {
				curve = pts[i].Curve
				var ok bool
				if slugs, ok = byCurve[curve]; !ok {
					slugs = tagSlugs(curve)
					byCurve[curve] = slugs
				}
			}
			need, widest := idNeeds(pts[i].ID, slugs)
			w.need[i], w.widest[i] = uint8(min(need, widthCap)), uint8(min(widest, widthCap))
		}
	})
	return w
}

// idNeeds is one ID's part of neededWidth: the width of its shape head,
// BS, concurrency and dates, and its whole width.
func idNeeds(id string, slugs []string) (need, widest int) {
	if w, ok := essentialWidth(id, slugs); ok {
		return w, len(id)
	}
	p := parseID(id, slugs)
	return ansi.StringWidth(p.shortBase() + p.dates), ansi.StringWidth(id)
}

// of is neededWidth(view, slugs) for a view whose point k is a copy of
// pts[src[k]], pts the points measured when src[k] is within them (a
// planned point past them is measured now); ok is false when the widths
// are not of pts.
func (w *idWidths) of(pts []model.Point, view []*model.Point, src []int, slugs []string) (int, bool) {
	if w == nil || len(pts) != w.n || len(pts) == 0 || &pts[0] != w.base || len(src) != len(view) {
		return 0, false
	}
	need, widest := 0, 0
	for k, i := range src {
		if i < w.n {
			need, widest = max(need, int(w.need[i])), max(widest, int(w.widest[i]))
			continue
		}
		n, wd := idNeeds(view[k].ID, slugs)
		need, widest = max(need, n), max(widest, wd)
	}
	return columnWidth(need, widest), true
}

// columnWidth is the ID column's width for the widest shape and the
// widest whole ID: 22 to 30 cells, never more than the widest ID, never
// less than its header.
func columnWidth(need, widest int) int {
	return max(min(max(need, 22), widthCap, widest), len("point"))
}
