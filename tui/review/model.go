// Package review is the removal review pane: the review of the shown
// curve with its marked points removed (workbench.ReviewShown, the
// model.Review the CLI and the export run too), worded by render.Review
// for the pane's width; p lets planned points into the kept curve.
package review

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/frame"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/msgs"
	"github.com/sweeptune/sweeptune/tui/quiet"
	"github.com/sweeptune/sweeptune/tui/scroll"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// Model is the review pane; it recomputes on marks, data or axis changes,
// never on a mere selection move. The review of 10,000 points takes tens
// of milliseconds, so it runs in a command and a key press never waits.
type Model struct {
	st     *workbench.State
	keys   keys.Review
	styles themes.Styles
	report workbench.Review
	view   scroll.View
	width  int
	gen    int
	dirty  bool
	ready  bool
	// selecting shows the shown curve's selection instead of the review.
	selecting bool
	sel       selection
	selReady  bool        // sel is of the current data (else "selecting…")
	gate      *quiet.Gate // holds the review while keys come (SetGate; nil: at once)
	styleGen  int         // counts SetStyles: a review drawn with others is drawn again
}

// SetGate holds each review until keys stop coming, and drops one a newer
// change made stale before it ran.
func (m *Model) SetGate(g *quiet.Gate) { m.gate = g }

// selection is the selection view's result.
type selection struct {
	sel    *model.Selection
	points []model.Point
	err    error
}

// reviewedMsg is a finished review; gen drops stale ones.
type reviewedMsg struct {
	gen    int
	report workbench.Review
	sel    selection
	selOK  bool // sel was computed
	drawn  *drawnReview
}

// drawnReview is the report drawn by the command for the pane as it was
// (a million points' review is tens of thousands of lines: styled and
// wrapped on the UI goroutine it held the keys for half a second).
type drawnReview struct {
	text         string
	lines        []string // text wrapped at viewW
	width, viewW int
	styles       int // the styles' generation
}

// New returns the pane over the shared state.
func New(st *workbench.State, km keys.Review, styles themes.Styles) *Model {
	m := &Model{st: st, keys: km, styles: styles, view: scroll.New(km.Scroll), dirty: true}
	m.redraw()
	return m
}

// SetSize sets the inner size.
func (m *Model) SetSize(w, h int) {
	redo := w != m.width
	m.width = w
	m.view.SetSize(w, h)
	if redo {
		m.redraw() // the layout follows the width
	}
}

// SetStyles switches the theme.
func (m *Model) SetStyles(s themes.Styles) { m.styles, m.styleGen = s, m.styleGen+1; m.redraw() }

// Refresh notes that marks, points or axes changed.
func (m *Model) Refresh(c workbench.Change) {
	if c&(workbench.ChangeData|workbench.ChangeMarks|workbench.ChangeAxis|workbench.ChangeCurve|workbench.ChangeOverlay) != 0 {
		m.dirty = true
	}
}

// Pending returns the review command when the review is out of date. It
// captures the points (never mutated in place), a copy of the marks and
// the axes.
func (m *Model) Pending() tea.Cmd {
	if !m.dirty {
		return nil
	}
	m.dirty = false
	m.gen++
	gen := m.gen
	// The view and the curve's runs are copied in the command, not on the
	// key (the review reads only the shown curve's runs: not all of them).
	view, runs := m.st.ViewLater(), m.st.CurveRunsLater()
	in := workbench.ReviewInput{Curve: m.st.Curve, X: m.st.X, Y: m.st.Y,
		WithPlanned: m.st.WithPlanned, AsOf: m.st.AsOf, Marks: map[string]bool{}, Flips: map[string]bool{}}
	for _, c := range m.st.OverlayCurves() {
		in.Others = append(in.Others, c.Points...)
	}
	for id := range m.st.Marks {
		in.Marks[id] = true
	}
	for id := range m.st.KeepFlips {
		in.Flips[id] = true
	}
	orphans := m.st.Orphans()
	selecting := m.selecting
	styles, width, viewW, styleGen := m.styles, m.width, m.view.Width(), m.styleGen
	pause := time.Duration(0)
	if len(m.st.ViewRefs()) >= quiet.BigView {
		pause = quiet.BigPause
	}
	return m.gate.HoldFor(func() tea.Msg {
		in.View, in.All = view(), runs()
		r := workbench.ReviewOf(in)
		r.Orphans = orphans
		msg := reviewedMsg{gen: gen, report: r}
		if selecting {
			msg.sel.sel, msg.sel.points, msg.sel.err = workbench.SelectShown(in.Curve, in.All, in.AsOf, in.X, in.Y)
			msg.selOK = true
		} else {
			text := Render(r, styles, width)
			msg.drawn = &drawnReview{text: text, lines: frame.Wrap(text, viewW), width: width, viewW: viewW, styles: styleGen}
		}
		return msg
	}, pause)
}

// Handle takes the pane's review results.
func (m *Model) Handle(msg tea.Msg) (tea.Cmd, bool) {
	r, ok := msg.(reviewedMsg)
	if !ok {
		return nil, false
	}
	if r.gen == m.gen {
		m.report, m.sel, m.selReady, m.ready = r.report, r.sel, r.selOK, true
		if d := r.drawn; d != nil && !m.selecting && d.width == m.width && d.viewW == m.view.Width() && d.styles == m.styleGen {
			m.view.SetWrapped(d.text, d.lines) // drawn for the pane as it is
		} else {
			m.redraw()
		}
	}
	return nil, true
}

// Sync computes the review now, on the caller's goroutine (tests).
func (m *Model) Sync() {
	m.dirty = true
	m.Handle(m.Pending()())
}

func (m *Model) redraw() {
	if !m.ready {
		m.view.SetContent(m.styles.Muted.Render("reviewing…"))
		return
	}
	if m.selecting && !m.selReady {
		m.view.SetContent(m.styles.Muted.Render("selecting…"))
		return
	}
	if m.selecting {
		m.view.SetContent(RenderSelection(m.sel.sel, m.sel.points, m.sel.err, m.styles, m.width))
		return
	}
	m.view.SetContent(Render(m.report, m.styles, m.width))
}

// Report is the current review (for tests and the export pane).
func (m *Model) Report() workbench.Review { return m.report }

// Update scrolls; p lets planned points into the kept curve or out, K
// puts the selected point in or out of it.
func (m *Model) Update(msg tea.KeyMsg) tea.Cmd {
	if key.Matches(msg, m.keys.DropOrphans) {
		return msgs.StatusCmd(m.st.DropOrphans(), false)
	}
	if key.Matches(msg, m.keys.Selection) {
		// no state changes, so the root will not ask for the work: the
		// pane shows what it has now and starts the rest itself.
		m.selecting, m.dirty, m.selReady = !m.selecting, true, false
		m.redraw()
		if m.selecting {
			return tea.Batch(msgs.StatusCmd("review pane: the selection, one point per band (A accepts it as the export's set; s back)", false), m.Pending())
		}
		return tea.Batch(msgs.StatusCmd("review pane: the removal review of the marks", false), m.Pending())
	}
	if m.selecting && key.Matches(msg, m.keys.Accept) {
		// The same selection the pane shows: the shown curve as of its date.
		return msgs.StatusCmd(m.st.AcceptSelection(), false)
	}
	if key.Matches(msg, m.keys.Keep) {
		return msgs.StatusCmd("review: "+m.st.ToggleKeptFrom(m.st.Selected, m.keptState(m.st.Selected)), false)
	}
	if key.Matches(msg, m.keys.WithPlanned) {
		if m.st.ToggleWithPlanned() {
			return msgs.StatusCmd("review: planned points stand in the kept curve (verdicts that lean on one say so)", false)
		}
		return msgs.StatusCmd("review: kept curve of measured points only", false)
	}
	m.view.Update(msg)
	return nil
}

// Capturing is false: the pane has no input mode.
func (m *Model) Capturing() bool { return false }

// View is the cached body.
func (m *Model) View() string { return m.view.String() }

// Bindings are the scroll keys and the planned toggle.
func (m *Model) Bindings() []key.Binding {
	b := append(m.keys.Scroll.Bindings(), m.keys.WithPlanned, m.keys.Keep, m.keys.DropOrphans, m.keys.Selection)
	if m.selecting {
		b = append(b, m.keys.Accept)
	}
	return b
}

// keptState is where id stands in the last review's kept curve.
func (m *Model) keptState(id string) workbench.KeptState {
	if !m.ready || len(m.report.Curves) == 0 {
		return workbench.KeptUnknown
	}
	c := m.report.Curves[0]
	if model.FindID(c.Kept, id) >= 0 {
		return workbench.KeptIn
	}
	for _, l := range c.LeftOut {
		if l.ID == id {
			return workbench.KeptOut
		}
	}
	return workbench.KeptNone
}
