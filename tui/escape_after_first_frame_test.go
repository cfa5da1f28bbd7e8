package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render/termsafe"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

const retitle = "run\x1b]0;owned\a"

// A large load whose first frame shows nothing to escape is shown on its
// points as read; its settle checks the rest (here a run the shown view
// leaves out), and a point to escape there has the load prepared again on
// escaped points.
func TestALargeLoadIsCheckedForEscapesInItsSettle(t *testing.T) {
	pts := testkit.SyntheticCurves(60000, 6)
	m, ahead := loadingModel()
	clean := &sources.Dataset{Points: pts, Files: 1}
	ds, prep, unchecked := ahead.prepare(clean)
	if ds != clean || !unchecked {
		t.Fatalf("clean points: dataset copied %v, unchecked %v", ds != clean, unchecked)
	}
	shown := prep.views[0].curve

	// A run of the shown curve that its view (the latest runs) leaves out.
	inView := map[string]bool{}
	for _, p := range prep.views[0].view {
		inView[p.ID] = true
	}
	dirty := slices.Clone(pts)
	at := lastIndexFunc(dirty, func(p model.Point) bool { return p.Curve == shown && !inView[p.ID] })
	if at < 0 || len(inView) == 0 {
		t.Fatalf("the shown curve's view holds %d of its runs", len(inView))
	}
	dirty[at].Label = retitle
	ds, prep, unchecked = ahead.prepare(&sources.Dataset{Points: dirty, Files: 1})
	if !unchecked || &ds.Points[0] != &dirty[0] {
		t.Fatal("a label to escape on a run the first view leaves out held the first frame back")
	}
	_, cmd := m.Update(loadedMsg{gen: m.gen, ds: ds, prep: prep, unchecked: true})
	settled, ok := settledIn(cmd)
	if !ok || settled.escaped == nil {
		t.Fatalf("the settle found nothing to escape (settle %v)", ok)
	}
	if got := settled.escaped.Points[at].Label; got != termsafe.String(retitle) || dirty[at].Label != retitle {
		t.Fatalf("escaped %q, the read point now %q", got, dirty[at].Label)
	}
	_, cmd = m.Update(settled)
	again, ok := msgIn[loadedMsg](cmd)
	if !ok || again.gen != m.gen || again.unchecked {
		t.Fatalf("no load of the escaped points after the settle (%v, unchecked %v)", ok, again.unchecked)
	}
	m.Update(again)
	if n := labelsWith(m.st.Points, "\x1b"); n != 0 || m.st.Curve != shown || len(m.st.Points) != len(pts) {
		t.Fatalf("after the settle: %d labels with ESC, curve %v (was %v), %d points", n, m.st.Curve, shown, len(m.st.Points))
	}
	if n := labelsWith(m.st.Points, termsafe.String(retitle)); n != 1 {
		t.Fatalf("%d labels escaped, want 1", n)
	}
}

// What the first frame shows is escaped before it: the shown view's
// points and every curve's name.
func TestWhatTheFirstFrameShowsIsEscapedBeforeIt(t *testing.T) {
	pts := testkit.SyntheticCurves(60000, 6)
	_, ahead := loadingModel()
	_, prep, _ := ahead.prepare(&sources.Dataset{Points: pts, Files: 1})
	shown := prep.views[0].curve

	// A point of the shown view.
	id := prep.views[0].view[len(prep.views[0].view)/2].ID
	onShown := slices.Clone(pts)
	at := slices.IndexFunc(onShown, func(p model.Point) bool { return p.ID == id })
	onShown[at].Label = retitle
	ds, _, unchecked := ahead.prepare(&sources.Dataset{Points: onShown, Files: 1})
	if unchecked || ds.Points[at].Label != termsafe.String(retitle) {
		t.Fatalf("a label in the shown view: unchecked %v, label %q", unchecked, ds.Points[at].Label)
	}

	named := slices.Clone(pts)
	other := named[slices.IndexFunc(named, func(p model.Point) bool { return p.Curve != shown })].Curve
	for i := range named {
		if named[i].Curve == other {
			named[i].Curve.Spec = "mtp\x1b[2J"
		}
	}
	ds, _, unchecked = ahead.prepare(&sources.Dataset{Points: named, Files: 1})
	if unchecked || slices.ContainsFunc(ds.Points, func(p model.Point) bool { return strings.Contains(p.Curve.Spec, "\x1b") }) {
		t.Fatalf("a curve's name to escape: unchecked %v", unchecked)
	}

	small := testkit.SyntheticCurves(600, 3)
	small[len(small)-1].Label = retitle
	if ds, _, unchecked := ahead.prepare(&sources.Dataset{Points: small, Files: 1}); unchecked || labelsWith(ds.Points, "\x1b") != 0 {
		t.Fatalf("a small load: unchecked %v", unchecked)
	}
}

func labelsWith(pts []model.Point, s string) int {
	n := 0
	for i := range pts {
		if strings.Contains(pts[i].Label, s) {
			n++
		}
	}
	return n
}

func lastIndexFunc(pts []model.Point, f func(model.Point) bool) int {
	for i := len(pts) - 1; i >= 0; i-- {
		if f(pts[i]) {
			return i
		}
	}
	return -1
}

// loadingModel is a workbench whose load has started, and what its load
// command prepares with.
func loadingModel() (*Model, aheadOfLoad) {
	m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
	resize(m, 160, 48)
	m.load()
	return m, m.loadAhead()
}
