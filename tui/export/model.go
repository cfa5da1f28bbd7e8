package export

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/srt"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/msgs"
	"github.com/sweeptune/sweeptune/tui/scroll"
	"github.com/sweeptune/sweeptune/tui/workbench"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

// builtMsg is a finished BuildExport; gen drops stale builds.
type builtMsg struct {
	gen  int
	plan *export.ExportPlan
	err  error
	sig  string
	work Work
	// afterMerge previews the curve after merge of the plan, as export
	// prints it (nil without a master and a changelog entry).
	afterMerge []model.Preview
	key        string // buildKey of what was built
}

// Model is the export pane. Building reads the target files, so it runs
// in a command; the pane asks for one whenever the marks or plan change.
type Model struct {
	st     *workbench.State
	keys   keys.Export
	styles themes.Styles
	cfg    Config

	gen   int
	dirty bool
	plan  *export.ExportPlan
	// afterMerge is the plan's curve after merge (builtMsg.afterMerge).
	afterMerge []model.Preview
	// buildKey identifies the change set shown; accepted is the one whose
	// coverage loss A accepted ("" none).
	buildKey, accepted string
	appendOnly         *appendOnlyCache
	planSig            string
	work               Work // what the current plan was built from
	err                error
	written            *Written // the last successful write
	// pending is the plan w asked to write; once written it is wrote, what
	// B writes the PR body of when the workbench has nothing left to export.
	pending, wrote *writtenPlan
	form           form // t: where the export goes
	view           scroll.View
}

// writtenPlan is a plan w wrote (or asked to) and the work it was built from.
type writtenPlan struct {
	plan       *export.ExportPlan
	work       Work
	afterMerge []model.Preview
}

// New returns the pane over the shared state.
func New(st *workbench.State, km keys.Export, styles themes.Styles, cfg Config) *Model {
	m := &Model{st: st, keys: km, styles: styles, cfg: cfg, view: scroll.New(km.Scroll), dirty: true, appendOnly: &appendOnlyCache{}}
	m.redraw()
	return m
}

// Config is where the export goes now (saved in the session).
func (m *Model) Config() Config { return m.cfg }

// Plan is the export the pane previews (nil when there is none).
func (m *Model) Plan() *export.ExportPlan { return m.plan }

// SetSize sets the inner size.
func (m *Model) SetSize(w, h int) { m.view.SetSize(w, h) }

// SetStyles switches the theme.
func (m *Model) SetStyles(s themes.Styles) { m.styles = s; m.redraw() }

// Refresh notes that the export must be rebuilt.
func (m *Model) Refresh(c workbench.Change) {
	if c&(workbench.ChangeData|workbench.ChangeMarks|workbench.ChangeCurve|workbench.ChangeOverlay) != 0 {
		m.dirty = true
	}
}

// current is what the export of the shown curve takes: its measured points
// (as of the workbench's date) with the overlaid curves' (the rivals of its
// review), and its planned points, marks and added points; other curves'
// marks wait until their curve is shown.
func (m *Model) current() Work {
	w := Work{WithPlanned: m.st.WithPlanned, AsOf: m.st.AsOf, Accepted: m.st.Accepted}
	for id := range m.st.KeepFlips {
		if w.Flips == nil {
			w.Flips = map[string]bool{}
		}
		w.Flips[id] = true
	}
	// The export writes and judges what was measured (as export does on
	// the loaded points): the view's projected runs go back to their own.
	for _, p := range model.Unprojected(m.st.View()) {
		if p.Source == model.SourcePlanned {
			w.Planned = append(w.Planned, p)
		} else {
			w.Loaded = append(w.Loaded, p)
		}
	}
	for _, c := range m.st.OverlayCurves() {
		w.Loaded = append(w.Loaded, model.Unprojected(c.Points)...)
	}
	for _, id := range m.st.MarkedIDs() {
		if m.st.InView(id) {
			w.Marks = append(w.Marks, id)
		}
	}
	for _, id := range m.st.Added {
		if m.st.InView(id) {
			w.Added = append(w.Added, id)
		}
	}
	return w
}

// empty: nothing of the shown curve to export (checked without copying
// the curve: it runs on every change).
func (m *Model) empty() bool {
	for _, p := range m.st.Planned {
		if p.Curve == m.st.Curve {
			return false
		}
	}
	for id := range m.st.Marks {
		if m.st.InView(id) {
			return false
		}
	}
	for _, id := range m.st.Added {
		if m.st.InView(id) {
			return false
		}
	}
	return true
}

// Pending returns the build command when the preview is out of date. It
// captures copies of the points and IDs, never the model.
func (m *Model) Pending() tea.Cmd {
	if !m.dirty {
		return nil
	}
	m.dirty = false
	m.gen++
	if m.empty() {
		m.plan, m.err = nil, nil
		m.redraw()
		return nil
	}
	if m.cfg.RecipePath == "" {
		m.plan, m.err = nil, fmt.Errorf("no recipe bundle set: t sets where the export goes (recipe, master config and its key, changelog, PR link)")
		m.redraw()
		return nil
	}
	gen, sig, cfg, w, dates := m.gen, session.Signature(m.st), m.cfg, m.current(), m.appendOnly
	return func() (msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				msg = builtMsg{gen: gen, err: fmt.Errorf("export failed: %v", r)}
			}
		}()
		req := Request(cfg, w)
		plan, err := export.BuildExport(req)
		var after []model.Preview
		if err == nil && plan != nil {
			after = export.AfterMerge(plan, req.Points, w.AsOf, cfg.MasterPath, dates.of(cfg.ChangelogPath))
		}
		return builtMsg{gen: gen, plan: plan, err: err, sig: sig, work: w, afterMerge: after, key: buildKey(sig, cfg, w.AsOf)}
	}
}

// Sync builds the export now, on the caller's goroutine (tests).
func (m *Model) Sync() {
	m.dirty = true
	if cmd := m.Pending(); cmd != nil {
		m.Handle(cmd())
	}
}

// Handle takes the pane's own messages (build results, write results).
func (m *Model) Handle(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case builtMsg:
		if msg.gen == m.gen {
			m.plan, m.err, m.planSig, m.work, m.afterMerge, m.buildKey = msg.plan, msg.err, msg.sig, msg.work, msg.afterMerge, msg.key
			if !m.empty() {
				m.written = nil // a new change set: the last write's block is history
			}
			m.redraw()
		}
		return nil, true
	case msgs.Exported:
		if msg.Err == nil {
			m.wrote = m.pending
			m.written = &Written{Files: msg.Files, Backups: msg.Backups, Entry: msg.Entry,
				Marks: len(msg.Marks), Planned: len(msg.Planned), Added: len(msg.Added)}
		}
		m.dirty = true // the files changed: rebuild against them
		m.redraw()
		return nil, false
	}
	return nil, false
}

func (m *Model) redraw() {
	if m.form.open {
		m.view.SetContent(m.form.render(m.cfg, m.styles))
		return
	}
	m.view.SetContent(Render(View{Plan: m.plan, Err: m.err, Empty: m.empty(), Written: m.written, AfterMerge: m.afterMerge,
		Refusal: m.coverageRefusal(), LossAccepted: m.losesCoverage() && m.lossAccepted(),
		Orphans: len(m.st.Orphans()), PRPlaceholder: m.prPlaceholder()}, m.styles))
}

// prPlaceholder reports a changelog entry whose PR link is not set yet.
func (m *Model) prPlaceholder() bool {
	return m.cfg.ChangelogPath != "" && (m.cfg.PRLink == "" || m.cfg.PRLink == srt.PlaceholderPRLink || strings.Contains(m.cfg.PRLink, "/pull/XXX"))
}

// Update scrolls, writes, and runs the targets form.
func (m *Model) Update(msg tea.KeyMsg) tea.Cmd {
	if m.form.open {
		return m.updateForm(msg)
	}
	switch {
	case key.Matches(msg, m.keys.Write):
		return m.write()
	case key.Matches(msg, m.keys.CopyDiff):
		return m.copyDiff()
	case key.Matches(msg, m.keys.Targets):
		m.form = form{open: true}
		m.redraw()
		return nil
	case key.Matches(msg, m.keys.PRBody):
		return m.writePRBody()
	case key.Matches(msg, m.keys.AcceptLoss):
		return m.acceptLoss()
	}
	m.view.Update(msg)
	return nil
}

// writePRBody writes the pull request's body (GitHub markdown) from the
// plan the pane previews, as export --pr-body does, into a new file of the
// working directory (never over an existing one).
func (m *Model) writePRBody() tea.Cmd {
	plan, w, cfg, asOf, after := m.plan, m.work, m.cfg, m.st.AsOf, m.afterMerge
	of := "the change set this pane previews"
	switch {
	case m.empty() && m.wrote != nil:
		plan, w, after, of = m.wrote.plan, m.wrote.work, m.wrote.afterMerge, "the change set w wrote"
	case m.empty():
		return msgs.StatusCmd("nothing to export: a adds a point (points pane or planner), m marks one for removal", true)
	case plan == nil || m.dirty:
		return msgs.StatusCmd("the export is still being built: B again in a moment", true)
	case m.coverageRefusal() != "":
		return msgs.StatusCmd("refused: "+m.coverageRefusal(), true)
	}
	return func() tea.Msg {
		in, err := render.NewPRBodyInput(plan, w.Loaded, asOf, cfg.Image, cfg.RouterVersion)
		if err != nil {
			return msgs.StatusCmd("PR body: "+speak(err.Error()), true)()
		}
		// the dashboard's section, as export --pr-body writes it
		body := render.PRBody(in) + render.PRBodyDashboard(after, export.DashboardGains(w.Loaded, asOf, plan))
		name, err := export.WriteNewFile("sweeptune-pr-body.md", []byte(body))
		if err != nil {
			return msgs.StatusCmd("PR body: "+speak(err.Error()), true)()
		}
		return msgs.StatusCmd("wrote the PR body to "+name+" (from "+of+")", false)()
	}
}

// write asks for confirmation, naming the target files (and a PR link not
// set yet), then writes.
func (m *Model) write() tea.Cmd {
	plan, sig, w := m.plan, m.planSig, m.work
	switch {
	case m.empty():
		return msgs.StatusCmd("nothing to export: a adds a point (points pane or planner), m marks one for removal", true)
	case plan == nil && m.err != nil:
		return msgs.StatusCmd(speak(m.err.Error()), true)
	case plan == nil || m.dirty:
		return tea.Batch(msgs.StatusCmd("the export is still being built: w again in a moment", true), m.Pending())
	case len(plan.Refusals) > 0:
		return msgs.StatusCmd("export refused (export pane says why): "+strings.Join(speakAll(plan.Refusals), "; "), true)
	case m.coverageRefusal() != "":
		return msgs.StatusCmd("refused: "+m.coverageRefusal(), true)
	}
	targets := Targets(plan)
	if len(targets) == 0 {
		return msgs.StatusCmd("nothing would change", false)
	}
	prompt := fmt.Sprintf("write %s: %s? y/n", model.Plural(len(targets), "file"), strings.Join(targets, ", "))
	if m.prPlaceholder() {
		prompt = "the changelog's pr-link is still …/pull/XXX (t sets it) — " + prompt
	}
	if m.losesCoverage() {
		// refused above unless A accepted it, as export's --accept-coverage-loss
		prompt = "coverage loss accepted (the export pane says what) — " + prompt
	}
	var backups []string
	var files []string
	for _, f := range plan.Files {
		if string(f.Old) != string(f.New) {
			files = append(files, f.Path)
			backups = append(backups, export.BackupPath(f.Path))
		}
	}
	entry := plan.Entry
	m.pending = &writtenPlan{plan: plan, work: w, afterMerge: m.afterMerge}
	return func() tea.Msg {
		return msgs.Confirm{Prompt: prompt, Yes: func() tea.Msg {
			err := plan.Write()
			if err != nil {
				err = fmt.Errorf("%s", speak(err.Error()))
			}
			return msgs.Exported{Err: err, Files: files, Backups: backups, Entry: entry, Sig: sig,
				Marks: w.Marks, Planned: plannedIDs(w.Planned), Added: w.Added}
		}}
	}
}

func plannedIDs(pts []model.Point) []string {
	out := make([]string, len(pts))
	for i := range pts {
		out[i] = pts[i].ID
	}
	return out
}

// View is the cached body.
func (m *Model) View() string { return m.view.String() }

// Bindings are the keys that work now.
func (m *Model) Bindings() []key.Binding {
	k := m.keys
	switch {
	case m.form.editing:
		return []key.Binding{k.Apply, k.Cancel}
	case m.form.open:
		return []key.Binding{k.FieldUp, k.FieldDown, k.Set, k.Cancel}
	}
	out := append(k.Scroll.Bindings(), k.Write, k.Targets, k.CopyDiff, k.PRBody)
	if m.losesCoverage() {
		out = append(out, k.AcceptLoss) // only when there is a loss to accept
	}
	return out
}

// Capturing is true while the targets form is open: a small modal whose
// keys (and only those) the footer names.
func (m *Model) Capturing() bool { return m.form.open }

// Copy is the exported overrides' selectors, recipe.yaml:override_key,
// one a line (C); an override without a key is named by its name.
func (m *Model) Copy() (msgs.Copy, bool) {
	if m.plan == nil || len(m.plan.Overrides) == 0 {
		return msgs.Copy{}, false
	}
	sels := make([]string, len(m.plan.Overrides))
	for i, o := range m.plan.Overrides {
		sels[i] = o.Name
		if o.Key != "" {
			sels[i] = filepath.Base(m.cfg.RecipePath) + ":" + o.Key
		}
	}
	return msgs.Copy{Text: strings.Join(sels, "\n"), What: "override selector"}, true
}

// copyDiff is every file's diff of the export (P).
func (m *Model) copyDiff() tea.Cmd {
	if m.plan == nil || m.plan.Diff() == "" {
		return msgs.StatusCmd("no export diff to copy yet", true)
	}
	return msgs.CopyCmd(m.plan.Diff(), "the export diff")
}
