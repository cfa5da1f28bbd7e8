package tui

import (
	"fmt"
	"maps"
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/internal/loadheap"
	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render/termsafe"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/tui/workbench"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

// load starts a new generation of loading. The command captures the
// inputs and the generation, never the model.
func (m *Model) load() tea.Cmd {
	m.gen++
	m.loading = true
	gen, in, data := m.gen, m.opts.Inputs, m.opts.Data
	in.Options.CollectsItself = true // once, after the first frame (settleAhead)
	in.Options.KeepNumbers = true    // the preparation groups the points by the load's numbering
	if data != nil {
		return func() tea.Msg { return loadedMsg{gen: gen, ds: safeDataset(data)} }
	}
	ahead := m.loadAhead()
	return func() (msg tea.Msg) {
		unbound := func() {}
		defer func() {
			if r := recover(); r != nil {
				unbound() // this load will not be settled
				msg = loadedMsg{gen: gen, err: fmt.Errorf("loading failed: %v", r)}
			}
		}()
		start, cpu := time.Now(), processCPU()
		total, largest := sources.InputSize(in.Paths)
		in.Options.InputBytes = total
		unbound = loadheap.Bound(total, largest) // until the load is settled, after its first frame
		ds := demo.LoadInputs(in)
		debug.Printf("load %d: %d files, %d points, %d warnings in %s (%s of CPU)", gen, ds.Files, len(ds.Points), len(ds.Warnings), time.Since(start), processCPU()-cpu)
		start, cpu = time.Now(), processCPU()
		safe, prep, unchecked := ahead.prepare(ds)
		debug.Printf("load %d: prepared in %s (%s of CPU)", gen, time.Since(start), processCPU()-cpu)
		return loadedMsg{gen: gen, ds: safe, prep: prep, unbound: unbound, unchecked: unchecked}
	}
}

// aroundFirstFrame is how far from the first curve the load makes views
// before the first frame.
const aroundFirstFrame = 0

// aheadOfLoad is what a load command prepares beside reading: the points
// derived and indexed (workbench.Prepare), the view to be shown first
// (the shown curve's, else the default, and the session's) and what the
// panes derive from it, so the first frame does none of it.
type aheadOfLoad struct {
	specs            model.GPUSpecs
	want             model.CurveKey
	session          *model.CurveKey
	asOf             string
	allDates, suspct bool
	x, y             model.Axis
	work             []workbench.AheadWork
	dataWork         []func([]model.Point) any // per pane: its work on the loaded points, or nil
	ledger           string                    // the ledger the loop scores ("" none)
}

// preparedLoad is what aheadOfLoad.run made.
type preparedLoad struct {
	loaded  *workbench.Loaded
	x, y    model.Axis
	views   []preparedView
	data    []any // per pane: what its dataWork made
	score   *workbench.LedgerScore
	ranking *workbench.Ranking
}

type preparedView struct {
	curve model.CurveKey
	data  []any // per pane
	// view and projs are the view made (only read), for the escape check
	// of what the first frame shows (firstFrameClean).
	view  []*model.Point
	projs []model.Projection
}

// loadAhead captures, on the UI goroutine, what the load command prepares
// with.
func (m *Model) loadAhead() aheadOfLoad {
	a := aheadOfLoad{specs: maps.Clone(m.st.Specs), want: m.st.Curve, asOf: m.st.AsOf, allDates: m.st.AllDates,
		suspct: m.st.IncludeSuspect, x: m.st.X, y: m.st.Y, ledger: m.st.Loop.Path}
	if v := m.pendingView; v != nil && v.Curve != nil {
		k := *v.Curve
		a.session = &k
	}
	for _, p := range m.panes {
		var w workbench.AheadWork
		if pf, ok := p.(prefetcher); ok {
			w = pf.Prefetch(0, a.x, a.y)
		}
		a.work = append(a.work, w)
		var dw func([]model.Point) any
		if dp, ok := p.(dataPreparer); ok {
			dw = dp.PrepareData()
		}
		a.dataWork = append(a.dataWork, dw)
	}
	return a
}

// dataPreparer is a pane that derives from the loaded points once, in a
// command after the load's first frame (dataAhead).
type dataPreparer interface {
	// PrepareData is the pane's work on the loaded points (read only).
	PrepareData() func(pts []model.Point) any
	// AdoptData keeps what the work made.
	AdoptData(data any)
}

// reprepare is a load of ds, whose points are escaped, without reading:
// the settle of an unchecked load found a point to escape.
func (m *Model) reprepare(ds *sources.Dataset) tea.Cmd {
	m.gen++
	m.loading = true
	gen, ahead := m.gen, m.loadAhead()
	return func() tea.Msg {
		start, cpu := time.Now(), processCPU()
		prep := ahead.run(ds.Points)
		debug.Printf("load %d: escaped points prepared in %s (%s of CPU)", gen, time.Since(start), processCPU()-cpu)
		return loadedMsg{gen: gen, ds: ds, prep: prep}
	}
}

// escapesLaterMin is the point count from which a load checks for
// escapes, before its first frame, only the points that frame shows.
const escapesLaterMin = collectAfterLoadMin

// prepare is run on the points of ds escaped for the screen (safeDataset).
// A large load whose first frame shows no string to escape is prepared on
// ds as it is, and unchecked: its settle checks the rest (settleAhead).
// At a million points the check of every string was 0.1 s of CPU before
// the first table, for points nearly always clean.
func (a aheadOfLoad) prepare(ds *sources.Dataset) (*sources.Dataset, *preparedLoad, bool) {
	if len(ds.Points) >= escapesLaterMin {
		prep := a.runFrom(ds.Points, ds)
		if prep.firstFrameClean() {
			return ds, prep, true
		}
	}
	safe := safeDataset(ds)
	return safe, a.runFrom(safe.Points, ds), false
}

// firstFrameClean reports whether no string the first frame may show
// needs escaping: the views made (the curve chosen, the session's), their
// run-length projections, and every curve's name. The panes' work on a
// curve's other runs (the review, the planner's calibration) comes after
// the settle (afterTheSettle). At 1M x 12 the shown curve's 83,000 runs
// were 52 ms of CPU to check, its view's 10,400 points 7.
func (p *preparedLoad) firstFrameClean() bool {
	var c termsafe.Checker
	for _, v := range p.views {
		for _, pt := range v.view {
			if !c.Clean(pt) {
				return false
			}
		}
		for i := range v.projs {
			if !c.ProjectionClean(&v.projs[i]) {
				return false
			}
		}
	}
	return len(p.views) > 0 && p.loaded.EveryCurveHolds(c.Clean)
}

// run prepares the load of pts; it touches no state.
func (a aheadOfLoad) run(pts []model.Point) *preparedLoad { return a.runFrom(pts, nil) }

// runFrom is run with the numbering of pts the load ds kept, if it did
// (none when escaping copied the points).
func (a aheadOfLoad) runFrom(pts []model.Point, ds *sources.Dataset) *preparedLoad {
	var l *workbench.Loaded
	if nums, ok := ds.Numbers(pts); ok {
		l = workbench.PrepareNumbered(pts, a.specs, nums)
	} else {
		l = workbench.Prepare(pts, a.specs)
	}
	out := &preparedLoad{loaded: l, x: a.x, y: a.y}
	curves := []model.CurveKey{l.Choose(a.want)}
	if a.session != nil && *a.session != curves[0] {
		curves = append(curves, *a.session)
	}
	// Then the curves ] and [ show first, as the work ahead would make
	// them after the first frame: a key typed before it has run finds
	// them made (at a million points over 12 curves, a new curve's view
	// and the panes' derivations of it are about 30 ms of CPU a curve).
	// The curves further away are the work ahead's, after the first frame:
	// made here, they held it back (docs/workbench-speed.md).
	for _, k := range l.Around(curves[0], aroundFirstFrame) {
		if !slices.Contains(curves, k) {
			curves = append(curves, k)
		}
	}
	var shown []model.CurveKey
	for _, k := range curves {
		if l.Choose(k) == k { // loaded
			shown = append(shown, k)
		}
	}
	l.MakeViews(shown, a.asOf, a.allDates, a.suspct)
	out.views = make([]preparedView, len(shown))
	fns := make([]func(), len(shown))
	for j, k := range shown {
		view, projs := l.MakeView(k, a.asOf, a.allDates, a.suspct) // made: only read
		out.views[j] = preparedView{curve: k, data: make([]any, len(a.work)), view: view, projs: projs}
		fns[j] = func() {
			g := workbench.GeometryOf(view, a.x, a.y) // found once for every pane
			for i, w := range a.work {
				if w != nil {
					out.views[j].data[i] = w(view, projs, k, g)
				}
			}
		}
	}
	score := func() { out.score = workbench.ScoreLedger(a.ledger, pts) } // reads the points only
	rank := func() { out.ranking = workbench.RankCurves(pts) }           // reads the points only: the picker's order
	par.Do(append(fns, score, rank)...)                                  // the panes' derivations read their view or the points and write their own data
	return out
}

// dataFns are the panes' work on the loaded points, each writing its
// result into out.data.
func (a aheadOfLoad) dataFns(pts []model.Point, out *preparedLoad) []func() {
	out.data = make([]any, len(a.dataWork))
	var fns []func()
	for i, w := range a.dataWork {
		if w != nil {
			fns = append(fns, func() { out.data[i] = w(pts) })
		}
	}
	return fns
}

// dataAhead runs the panes' work on the loaded points (the table's ID
// widths) after the first frame, not before it: until it lands the table
// measures the shown view's IDs itself, with the same result.
func (m *Model) dataAhead() tea.Cmd {
	a, pts, rev := m.loadAhead(), m.st.Points, m.st.LoadRev
	if len(pts) == 0 || !slices.ContainsFunc(a.dataWork, func(w func([]model.Point) any) bool { return w != nil }) {
		return nil
	}
	return func() tea.Msg {
		out := &preparedLoad{}
		par.Do(a.dataFns(pts, out)...) // each reads the points and writes its own
		return dataPreparedMsg{rev: rev, data: out.data}
	}
}

// dataPreparedMsg carries what dataAhead made, for the load of rev.
type dataPreparedMsg struct {
	rev  int
	data []any
}

// adoptData gives the panes what dataAhead made, unless another load
// came since.
func (m *Model) adoptData(msg dataPreparedMsg) {
	if msg.rev != m.st.LoadRev {
		return
	}
	for i, d := range msg.data {
		if dp, ok := m.panes[i].(dataPreparer); ok && d != nil {
			dp.AdoptData(d)
		}
	}
}

// adoptLoad gives the panes what the load prepared for its views.
func (m *Model) adoptLoad(p *preparedLoad) {
	for i, d := range p.data {
		if dp, ok := m.panes[i].(dataPreparer); ok && d != nil {
			dp.AdoptData(d)
		}
	}
	for _, v := range p.views {
		serial := m.st.Serial(v.curve)
		if serial == 0 {
			continue // the settings changed meanwhile: not these views
		}
		for i, d := range v.data {
			if pf, ok := m.panes[i].(prefetcher); ok && d != nil {
				pf.Adopt(serial, p.x, p.y, d)
			}
		}
	}
}

// saveCmd writes a snapshot of the session (taken now, on the UI loop).
func (m *Model) saveCmd() tea.Cmd { return m.save(false) }

// save is saveCmd; quit asks the answer to quit (handleSaved).
func (m *Model) save(quit bool) tea.Cmd {
	path := m.opts.SessionPath
	if path == "" {
		if quit {
			return tea.Quit
		}
		return nil
	}
	if m.store == nil {
		m.store = session.NewStore(path, m.opts.Session) // another workbench's saves are not overwritten (store.go)
	}
	store := m.store
	f := session.FromState(m.st, m.theme)
	f.Inputs = m.opts.Inputs.Paths
	f.Exported = m.exported
	f.Export = m.exportConfig().Targets()
	if v := m.pendingView; v != nil { // not applied yet: keep what the session had
		f.Curve, f.Overlays = v.Curve, v.Overlays
	}
	return func() tea.Msg {
		saved, err := store.Save(f)
		return savedMsg{saved: saved, err: err, quit: quit}
	}
}

// safeDataset is a copy of ds whose points are safe to show; ds itself
// (a test's fixed dataset, say) is left alone.
func safeDataset(ds *sources.Dataset) *sources.Dataset {
	if ds == nil {
		return nil
	}
	safe := *ds
	safe.Points = termsafe.Points(ds.Points)
	return &safe
}
