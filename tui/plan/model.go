package plan

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/frame"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/msgs"
	"github.com/sweeptune/sweeptune/tui/paint"
	"github.com/sweeptune/sweeptune/tui/quiet"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// Model is the planner pane.
type Model struct {
	st     *workbench.State
	keys   keys.Planner
	styles themes.Styles
	w, h   int

	fit     Fit
	chosen  []string // fit point IDs the user chose; nil: the automatic choice
	cvGen   int      // the fit's generation, so a stale backtest is dropped
	cvDirty bool     // the fit has no backtest yet
	loadRev int
	seed    model.Point // curve, image and topology of planned points
	knobs   model.Knobs
	field   int
	editing bool
	edit    []rune
	pred    planner.Prediction
	rec     planner.Recommendation // the cap advice at these knobs
	held    string                 // the configuration the automatic fit left out to predict it, or ""
	win     window                 // the part of the text on screen
	predErr error
	seeded  bool
	view    string

	// The calibration on a new curve runs in a command (it takes hundreds
	// of milliseconds on a large curve): calGen numbers the inputs, so a
	// stale result is dropped; calIn are the inputs while the result has
	// not arrived, calSent whether Pending has handed them out.
	calGen  int
	calIn   *calInput
	calSent bool
	calGate *quiet.Gate // holds the calibration while keys come (SetGate; nil: at once)
	// A refit on other fit points (space on a candidate) runs in a command
	// too, with its backtest: refitGen numbers them (a new curve's
	// calibration drops one in flight); the fit shown stays until it
	// arrives, and candidates toggled meanwhile wait in toggles, each
	// applied to the fit the one before gave, as if typed slowly.
	refitGen  int
	refitting bool
	toggles   []string
}

// refitMsg is a finished refit of generation gen, with its backtest, and
// what the status line says of it.
type refitMsg struct {
	gen  int
	fit  Fit
	cv   planner.CrossValidation
	verb string
	id   string
}

// calInput is what a calibration command captures.
type calInput struct {
	gen    int
	view   func() []model.Point // the shown view, copied in the command (State.ViewLater)
	chosen []string
}

// calibratedMsg is a finished calibration of generation gen.
type calibratedMsg struct {
	gen int
	fit Fit
}

// New returns the pane over the shared state.
func New(st *workbench.State, km keys.Planner, styles themes.Styles) *Model {
	m := &Model{st: st, keys: km, styles: styles, loadRev: -1}
	m.Refresh(workbench.ChangeAll)
	if in := m.calIn; in != nil { // no key waits on the first fit
		m.calibrated(in.run().(calibratedMsg).fit)
	}
	return m
}

// SetSize sets the inner size.
func (m *Model) SetSize(w, h int) { m.w, m.h = w, h; m.redraw() }

// SetStyles switches the theme.
func (m *Model) SetStyles(s themes.Styles) { m.styles = s; m.redraw() }

// Capturing is true while a value is typed.
func (m *Model) Capturing() bool { return m.editing }

// Refresh refits when the loaded points changed (not on planned ones).
func (m *Model) Refresh(c workbench.Change) {
	newData := c&workbench.ChangeData != 0 && m.st.LoadRev != m.loadRev
	if !newData && c&workbench.ChangeCurve == 0 {
		return
	}
	if c&workbench.ChangeCurve != 0 {
		// Plan on the shown curve: its points seed the plan and are the
		// fit's candidates.
		m.seeded, m.chosen = false, nil
	}
	m.loadRev = m.st.LoadRev
	m.refitGen++ // a refit of the old inputs is stale
	m.refitting, m.toggles = false, nil
	// The view is rebuilt, never written in place, when the state changes:
	// the command may read it while the state moves on.
	m.calGen++
	m.calIn, m.calSent = &calInput{gen: m.calGen, view: m.st.ViewLater(), chosen: m.chosen}, false
	m.cvDirty = false // a backtest of the old fit is not worth running
	m.redraw()
}

// SetGate holds each calibration on a changed curve until keys stop
// coming, and drops one a newer change made stale before it ran.
func (m *Model) SetGate(g *quiet.Gate) { m.calGate = g }

// run calibrates on the captured inputs.
func (in *calInput) run() tea.Msg {
	// The fit leans on measured steady-state runs, never a projection (as
	// plan does on the loaded points).
	return calibratedMsg{gen: in.gen, fit: CalibrateOnly(model.Unprojected(in.view()), in.chosen)}
}

// calibrated takes the calibration on the shown curve.
func (m *Model) calibrated(fit Fit) {
	m.calIn = nil
	m.setFit(fit)
	if m.fit.Err == nil && !m.seeded && len(m.fit.Points) > 0 {
		m.seed = m.fit.Points[0]
		m.knobs = fix(m.fit.Cal.Template)
	}
	m.predict(false)
}

// refit calibrates on the chosen points and backtests, in a command.
func (m *Model) refit(verb, id string) tea.Cmd {
	m.refitGen++
	m.refitting = true
	gen, view, chosen := m.refitGen, m.st.ViewLater(), m.chosen
	return func() tea.Msg {
		// The fit leans on measured steady-state runs, never a projection
		// (as plan does on the loaded points).
		msg := refitMsg{gen: gen, fit: CalibrateOnly(model.Unprojected(view()), chosen), verb: verb, id: id}
		if msg.fit.Err == nil {
			msg.cv = planner.CrossValidate(msg.fit.BacktestPoints)
		}
		return msg
	}
}

// refitted takes a refit: the fit, its backtest, the prediction on it;
// then the next candidate toggled while it ran.
func (m *Model) refitted(r refitMsg) tea.Cmd {
	m.refitting = false
	m.setFit(r.fit)
	if r.fit.Err == nil {
		m.fit.SetBacktest(r.cv)
		m.cvDirty = false
	}
	m.predict(m.seeded)
	var say tea.Cmd
	if m.fit.Err != nil {
		say = msgs.StatusCmd(r.verb+r.id+"; no calibration: "+m.fit.Err.Error(), true)
	} else {
		say = msgs.StatusCmd(fmt.Sprintf("%s%s: fit on %d configurations", r.verb, r.id, len(m.fit.Points)), false)
	}
	if len(m.toggles) > 0 {
		id := m.toggles[0]
		m.toggles = m.toggles[1:]
		return tea.Batch(say, m.toggle(id))
	}
	return say
}

// setFit installs a fit; its backtest is pending.
func (m *Model) setFit(f Fit) {
	m.fit = f
	m.cvGen++
	m.cvDirty = m.fit.Err == nil
	m.field = min(m.field, m.rows()-1)
}

// rows counts the cursor's rows: the knobs, then the fit candidates.
func (m *Model) rows() int { return numFields + len(m.fit.Cands) }

// toggleFit chooses or drops the candidate under the cursor and refits.
func (m *Model) toggleFit() tea.Cmd {
	i := m.field - numFields
	if i < 0 || i >= len(m.fit.Cands) || m.calIn != nil {
		return nil
	}
	id := m.fit.Cands[i].ID
	if m.refitting {
		m.toggles = append(m.toggles, id) // applied to the fit in flight, when it arrives
		return nil
	}
	return m.toggle(id)
}

// toggle chooses or drops a candidate of the fit shown and refits.
func (m *Model) toggle(id string) tea.Cmd {
	was := m.fit.Chosen[id]
	m.chosen = m.fit.Toggle(id)
	return m.refit(map[bool]string{true: "dropped ", false: "chose "}[was], id)
}

// Update handles keys while focused.
func (m *Model) Update(msg tea.KeyMsg) tea.Cmd {
	if m.editing {
		return m.updateEdit(msg)
	}
	if m.calIn != nil {
		// The old curve's fit is not this curve's: nothing to change yet.
		return msgs.StatusCmd("planner: calibrating on the shown curve…", false)
	}
	k := m.keys
	onFit := m.field >= numFields
	switch {
	case key.Matches(msg, k.Up):
		m.field = (m.field + m.rows() - 1) % m.rows()
		m.win.follow = true
	case key.Matches(msg, k.Down):
		m.field = (m.field + 1) % m.rows()
		m.win.follow = true
	case key.Matches(msg, k.PageUp):
		m.win.page(-1, m.h)
	case key.Matches(msg, k.PageDown):
		m.win.page(1, m.h)
	case onFit && (key.Matches(msg, k.Toggle) || key.Matches(msg, k.Edit)):
		return m.toggleFit()
	case m.fit.Err == nil && key.Matches(msg, k.Seed):
		return m.seedFromSelection()
	case m.fit.Err != nil || onFit:
		// Without a calibration only the fit points can be changed.
	case key.Matches(msg, k.Dec):
		m.knobs = step(m.knobs, m.field, -1)
		m.predict(true)
	case key.Matches(msg, k.Inc):
		m.knobs = step(m.knobs, m.field, 1)
		m.predict(true)
	case key.Matches(msg, k.Edit):
		if m.field != FieldBalance {
			m.editing, m.edit = true, nil
		}
	case key.Matches(msg, k.Add):
		return m.add()
	}
	m.redraw()
	return nil
}

func (m *Model) updateEdit(msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEsc:
		m.editing = false
	case tea.KeyEnter:
		m.editing = false
		k, say, ok := setTyped(m.knobs, m.field, string(m.edit))
		if ok {
			m.knobs = k
			m.predict(true)
		}
		m.redraw()
		return msgs.StatusCmd(say, !ok)
	case tea.KeyBackspace:
		if len(m.edit) > 0 {
			m.edit = m.edit[:len(m.edit)-1]
		}
	case tea.KeyRunes, tea.KeySpace:
		var refused []rune
		for _, r := range msg.Runes {
			switch {
			case r < '0' || r > '9':
				refused = append(refused, r)
			case len(m.edit) < 8:
				m.edit = append(m.edit, r)
			}
		}
		if len(refused) > 0 || msg.Type == tea.KeySpace {
			m.redraw()
			return msgs.StatusCmd(fmt.Sprintf("%s takes a whole number: %q ignored (enter sets, esc cancels)", fieldNames[m.field], string(refused)), true)
		}
	}
	m.redraw()
	return nil
}

func (m *Model) seedFromSelection() tea.Cmd {
	p := m.st.Find(m.st.Selected)
	if p == nil || p.Knobs.Mode != model.ModeDisagg || p.Knobs.Prefill.Workers == 0 {
		return msgs.StatusCmd("seed: select a disaggregated point first", true)
	}
	m.seed, m.knobs, m.seeded = *p, fix(p.Knobs), true
	if m.knobs.Balance == "" {
		m.knobs.Balance = model.BalanceTotalTokens
	}
	m.predict(true)
	m.redraw()
	return msgs.StatusCmd("planner seeded from "+p.ID, false)
}

// predict re-evaluates the model; show puts the point on the curve.
func (m *Model) predict(show bool) {
	if m.fit.Err != nil {
		m.redraw()
		return
	}
	cal, held, err := m.fit.CalFor(m.knobs)
	m.held = held
	if err != nil {
		m.pred, m.predErr = planner.Prediction{}, fmt.Errorf("the automatic fit without %s: %w", held, err)
	} else {
		m.pred, m.predErr = cal.Predict(planner.ConfigFromKnobs(m.knobs))
	}
	m.rec = planner.Recommendation{}
	if m.predErr == nil {
		m.rec, _ = cal.Recommend(planner.ConfigFromKnobs(m.knobs))
	}
	if show {
		m.seeded = true
		if m.predErr == nil {
			p := m.point()
			m.st.SetPreview(&p)
		} else {
			m.st.SetPreview(nil)
		}
	}
	m.redraw()
}

// measuredTwin is the ID of our own measured point with the plan's knobs
// (the first loaded, which carries the bare ID), or "".
func (m *Model) measuredTwin() string {
	base := m.knobs.BaseID()
	if i := model.FindID(m.st.Points, base); i >= 0 && m.st.Points[i].Source != model.SourceCompetitor {
		return base
	}
	return ""
}

// point is the current plan as a planned point.
func (m *Model) point() model.Point {
	p := model.Point{Curve: m.seed.Curve, Source: model.SourcePlanned, Knobs: m.knobs}
	p.ID = m.knobs.BaseID()
	if model.FindID(m.st.Points, p.ID) >= 0 {
		p.ID += "@" + string(model.SourcePlanned) // never shadow a measured point
	}
	p.Label = m.knobs.ShortLabel()
	p.Prov.File = "planner"
	p.Prov.Image = m.seed.Prov.Image
	p.Metrics.Set(model.TputPerGPU, m.pred.TputPerGPU)
	p.Metrics.Set(model.MeanIntvty, m.pred.MeanIntvty)
	if m.pred.P90Intvty > 0 {
		p.Metrics.Set(model.P90Intvty, m.pred.P90Intvty)
	}
	return p
}

func (m *Model) add() tea.Cmd {
	if m.predErr != nil {
		return msgs.StatusCmd("cannot plan: "+m.predErr.Error(), true)
	}
	if id := m.measuredTwin(); id != "" {
		// Measured already: export the measurement, never a prediction of it.
		m.st.SetPreview(nil)
		m.redraw()
		if m.st.IsAdded(id) {
			return msgs.StatusCmd(id+" was measured and is in the export already", false)
		}
		m.st.Select(id)
		return msgs.StatusCmd("measured already: "+m.st.ToggleAdded(id), false)
	}
	p := m.point()
	m.st.AddPlanned(p)
	m.st.SetPreview(nil)
	say, bad := "planned "+p.ID, false
	if path := m.st.Loop.Path; path != "" {
		rec := ledger.New(m.fit.Cal, ledger.FitOf(m.fit.Points, demo.ReadSource), m.seed.Curve, m.knobs, m.pred, ledger.OriginWorkbench, Now())
		rec.Image = m.seed.Prov.Image
		rec.Seal()
		if err := ledger.Append(path, rec); err != nil {
			say, bad = say+"; not recorded: "+err.Error(), true
		} else {
			say += "; recorded " + rec.ID + " in " + path
			m.st.Rescore()
		}
	}
	m.redraw()
	return msgs.StatusCmd(say, bad)
}

// Scorecard is the pane's scorecard section as it shows (tests).
func (m *Model) Scorecard() string { return m.scorecard() }

// scorecard is the ledger's scorecard, styled, when a ledger is kept.
func (m *Model) scorecard() string {
	l := &m.st.Loop
	if l.Path == "" {
		return ""
	}
	if !m.st.Scored() {
		m.st.Rescore()
	}
	d := render.ScorecardBrief(l.Card, l.Path)
	if l.Err != nil {
		d.Add(render.S(render.Bad, "ledger: "+l.Err.Error()))
	}
	for _, p := range l.Problems {
		d.Add(render.S(render.Warn, fmt.Sprintf("ledger line %d: %s", p.Line, p.Reason)))
	}
	return paint.Doc(d, m.styles) + "\n"
}

func (m *Model) redraw() {
	if m.w <= 0 || m.h <= 0 {
		m.view = ""
		return
	}
	text := Text(Input{
		Fit: m.fit, Knobs: m.knobs, Field: m.field, Editing: m.editing, Edit: string(m.edit),
		Pred: m.pred, PredErr: m.predErr, Seeded: m.seeded, Seed: m.seed, Rec: m.rec, Held: m.held,
		Scorecard: m.scorecard(), Calibrating: m.calIn != nil,
	}, m.styles)
	m.view = m.win.show(frame.Wrap(text, m.w), m.styles, m.w, m.h)
}

// Knobs is the current plan's knobs (tests).
func (m *Model) Knobs() model.Knobs { return m.knobs }

// View is the cached body.
func (m *Model) View() string { return m.view }

// Bindings are the keys that work now.
func (m *Model) Bindings() []key.Binding {
	if m.editing {
		return []key.Binding{m.keys.SetValue, m.keys.CancelEdit}
	}
	k := m.keys
	if m.field >= numFields {
		return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Toggle, k.Seed}
	}
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Dec, k.Inc, k.Seed, k.Edit, k.Add, k.Toggle}
}

// backtestMsg is a finished backtest of the fit of generation gen.
type backtestMsg struct {
	gen int
	cv  planner.CrossValidation
}

// Pending calibrates on a new curve, or backtests a new fit, in a command;
// predictions take microseconds and run when the fit arrives.
func (m *Model) Pending() tea.Cmd {
	if in := m.calIn; in != nil && !m.calSent {
		m.calSent = true
		pause := time.Duration(0)
		if len(m.st.ViewRefs()) >= quiet.BigView {
			pause = quiet.BigPause
		}
		return m.calGate.HoldFor(in.run, pause)
	}
	if !m.cvDirty {
		return nil
	}
	m.cvDirty = false
	gen, pts := m.cvGen, m.fit.BacktestPoints
	return func() tea.Msg { return backtestMsg{gen: gen, cv: planner.CrossValidate(pts)} }
}

// Handle takes the pane's calibrations and backtests; a stale one (of
// other inputs, another fit) is dropped. A calibration starts its backtest.
func (m *Model) Handle(msg tea.Msg) (tea.Cmd, bool) {
	if r, ok := msg.(refitMsg); ok {
		if r.gen != m.refitGen || !m.refitting {
			return nil, true
		}
		cmd := m.refitted(r)
		m.redraw()
		return cmd, true
	}
	if c, ok := msg.(calibratedMsg); ok {
		if c.gen != m.calGen {
			return nil, true
		}
		m.calibrated(c.fit)
		return m.Pending(), true
	}
	b, ok := msg.(backtestMsg)
	if !ok {
		return nil, false
	}
	if b.gen == m.cvGen {
		m.fit.SetBacktest(b.cv)
		m.redraw()
	}
	return nil, true
}

// Sync calibrates and backtests now, on the caller's goroutine (tests).
func (m *Model) Sync() {
	for cmd := m.Pending(); cmd != nil; {
		cmd, _ = m.Handle(cmd())
	}
}

// Calibrate runs a calibration whose result has not arrived now, on the
// caller's goroutine, as if it had; the backtest stays pending (tests).
func (m *Model) Calibrate() {
	if in := m.calIn; in != nil {
		m.Handle(in.run())
		m.cvDirty = m.fit.Err == nil // Handle's backtest command is not run
	}
}

// Copy is the configuration on the knobs, as an ID (C).
func (m *Model) Copy() (msgs.Copy, bool) {
	id := m.Knobs().BaseID()
	return msgs.Copy{Text: id, What: "configuration ID"}, id != ""
}

// Now is the time a prediction is recorded at (tests fix it: a prediction
// scores only runs dated after it).
var Now = time.Now
