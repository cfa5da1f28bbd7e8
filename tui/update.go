package tui

import (
	"fmt"
	"github.com/sweeptune/sweeptune/sources/export"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render/termsafe"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/clip"
	"github.com/sweeptune/sweeptune/tui/frame"
	"github.com/sweeptune/sweeptune/tui/layout"
	"github.com/sweeptune/sweeptune/tui/msgs"
	"github.com/sweeptune/sweeptune/tui/workbench"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

// Update dispatches: one handler per message type, then state changes are
// pushed to the panes and the frame is recomposed.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.handleResize(msg)
	case tea.KeyMsg:
		debug.Printf("key %q in %s", msg.String(), layout.Names[m.focus])
		start, cost := time.Now(), startKeyCost()
		m.lastKey.Store(start.UnixNano())
		defer func() { debug.Printf("key %q: update and frame in %s%s", msg.String(), time.Since(start), cost) }()
		cmd = m.handleKeys(msg)
	case tea.MouseMsg:
		cmd = m.handleMouse(msg)
	case spinner.TickMsg:
		cmd = m.handleSpin(msg)
	case loadedMsg:
		m.handleLoaded(msg)
		if !m.loading { // this load's, not one a newer load replaces
			cmd = m.settleAhead(msg)
		} else {
			msg.release()
		}
	case settledMsg:
		m.st.AdoptSpares(msg.spares) // none kept for data replaced since
		if msg.gen == m.gen && msg.escaped != nil {
			// Some point needs escaping: the load is prepared again on the
			// escaped points, as a load of them.
			held := m.endSettle()
			cmd = tea.Batch(append(held, m.reprepare(msg.escaped), m.spin.Tick)...)
		} else if msg.gen == m.gen { // a newer load settles on its own
			held := m.endSettle()
			m.aheadWanted = true // the work ahead the load's first frame asked for
			if !m.loading {
				held = append(held, m.afterSettled())
			}
			cmd = tea.Batch(held...)
		}
	case dataPreparedMsg:
		m.adoptData(msg)
	case factsMadeMsg:
		m.st.AdoptFacts(msg.made)
	case indexMadeMsg:
		m.st.AdoptIndex(msg.made)
	case savedMsg:
		cmd = m.handleSaved(msg)
	case watchMsg:
		cmd = m.handleWatch()
	case reloadMsg:
		cmd = m.handleReload(msg)
	case msgs.Status:
		m.setStatus(msg.Text, msg.Err)
	case msgs.Confirm:
		m.handleConfirmRequest(msg)
	case msgs.Exported:
		cmd = m.handleExported(msg)
	case msgs.Save:
		cmd = m.saveCmd()
	case msgs.Copy:
		cmd = m.handleCopy(msg)
	case targetsCheckedMsg:
		m.handleTargetsChecked(msg)
	case prefetchedMsg:
		for i := range msg.items {
			debug.Printf("made ahead: %s", &msg.items[i])
		}
		cmd = m.handlePrefetched(msg)
	default:
		cmd = m.handleOther(msg)
	}
	cmd = tea.Batch(cmd, m.sync())
	m.compose()
	return m, cmd
}

// sync pushes the state's changes to every pane (owners get their data even
// when not visible) and saves the session when it changed.
func (m *Model) sync() tea.Cmd {
	c := m.st.TakeChanges()
	// The work ahead is planned here, after the key's changes are taken:
	// planned on the key, a y's plan still put the neighbours before the
	// next axes, and the x typed 0.3 s later made its own (25–60 ms).
	ahead := m.aheadWanted
	m.aheadWanted = false
	var cmds []tea.Cmd
	if c != 0 {
		m.deriveSideBySide(c)
		for _, p := range m.panes {
			p.Refresh(c)
			cmds = append(cmds, m.afterTheSettle(p.Pending()))
		}
	}
	if c&(workbench.ChangeMarks|workbench.ChangeData|workbench.ChangeAxis|workbench.ChangeCurve|workbench.ChangeOverlay) != 0 && !m.loading {
		cmds = append(cmds, m.saveCmd())
	}
	if c&(workbench.ChangeData|workbench.ChangeAxis|workbench.ChangeCurve) != 0 {
		now := m.aheadKeyNow()
		m.axesFirst = c&workbench.ChangeData == 0 && now.sameView(m.aheadKey) && !now.sameAxes(m.aheadKey)
		m.aheadKey = now
		m.aheadFilter = m.tableFilter()
		ahead = true
	} else if f := m.tableFilter(); f != m.aheadFilter {
		// The table's filter was entered or cleared: the neighbours'
		// filtered rows are made before ] shows one (at 1M × 12, 10–16
		// ms on the key).
		m.aheadFilter, m.axesFirst = f, false
		ahead = true
	}
	if ahead && m.settling {
		m.aheadWanted = true // planned once the load is settled: a collection starting while it made views stopped the world for 107 ms
	} else if ahead {
		cmds = append(cmds, m.prefetch())
	}
	return tea.Batch(cmds...)
}

// tableFilter is the filter the table's work ahead matches (a filter
// being typed counts once entered).
func (m *Model) tableFilter() string {
	if t, ok := m.panes[layout.Points].(interface{ EnteredFilter() string }); ok {
		return t.EnteredFilter()
	}
	return ""
}

func (m *Model) handleResize(msg tea.WindowSizeMsg) {
	m.w, m.h = msg.Width, msg.Height
	m.relayout()
	if m.showHelp {
		m.openHelp() // the columns follow the width
	}
}

// relayout computes the layout and tells each visible pane its inner size.
func (m *Model) relayout() {
	h := m.h - max(m.statusH-1, 0) // a wrapped status line takes rows from the panes
	if m.w < layout.MinW || m.h < layout.MinH {
		h = m.h // the too-small screen is judged on the real size
	}
	if m.zoomed {
		m.lay = layout.Zoomed(m.w, h, m.focus)
	} else {
		m.lay = layout.Compute(m.w, h, allPanes, m.focus)
	}
	for _, s := range m.lay.Slots {
		m.panes[s.Pane].SetSize(s.Inner())
	}
}

// handleKeys splits runes that arrived in one message (typed fast, over
// ssh, key repeat: Bubble Tea reports a run of printable runes as one
// KeyRunes) into single keys and handles each in order, syncing the panes
// between keys so the next one sees the state the last one left. Their
// commands run in sequence so status lines keep their order too. A paste
// is text: it goes whole to a pane that takes input, and is not keys.
func (m *Model) handleKeys(msg tea.KeyMsg) tea.Cmd {
	if msg.Alt && msg.Type == tea.KeyRunes && !msg.Paste {
		// No binding uses alt: esc followed at once by a key (esc then /
		// typed fast, or over ssh) arrives as alt+key. Both were meant.
		esc := m.handleKey(tea.KeyMsg{Type: tea.KeyEsc})
		sync := m.sync()
		msg.Alt = false
		return tea.Sequence(esc, sync, m.handleKeys(msg))
	}
	if msg.Type != tea.KeyRunes || len(msg.Runes) <= 1 {
		return m.handleKey(msg)
	}
	if msg.Paste {
		if m.confirm == nil && !m.showHelp && m.panes[m.focus].Capturing() {
			return m.handleKey(msg)
		}
		m.info("paste ignored: no input field is open (/ filters the points table)")
		return nil
	}
	cmds := make([]tea.Cmd, 0, 2*len(msg.Runes))
	for _, r := range msg.Runes {
		one := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt}
		cmds = append(cmds, m.handleKey(one), m.sync())
	}
	return tea.Sequence(cmds...)
}

func (m *Model) handleKey(msg tea.KeyMsg) tea.Cmd {
	m.bar.Seen() // the next status replaces a held note
	g := m.keys.Global
	if key.Matches(msg, g.ForceQuit) {
		return tea.Sequence(m.saveCmd(), tea.Quit)
	}
	if m.confirm != nil {
		return m.handleConfirm(msg)
	}
	if m.showHelp {
		if key.Matches(msg, g.Help, g.Cancel, g.Quit) {
			m.showHelp = false
			return nil
		}
		m.help.Update(msg)
		return nil
	}
	if m.curves.Open() {
		// A picker's cursor moved: what enter would show is made ahead.
		m.aheadWanted = true
		return m.curves.UpdateOpen(msg)
	}
	fp := m.panes[m.focus]
	if fp.Capturing() {
		return fp.Update(msg)
	}
	if cmd, ok := m.curves.Key(msg); ok {
		m.aheadWanted = true
		return cmd
	}
	switch {
	case key.Matches(msg, g.Suspend):
		return tea.Suspend
	case key.Matches(msg, g.Quit):
		return m.quit()
	case key.Matches(msg, g.Help):
		m.openHelp()
	case key.Matches(msg, g.Zoom):
		m.zoomed = !m.zoomed
		m.relayout()
		if m.zoomed {
			m.info(layout.Names[m.focus] + " pane zoomed (z restores)")
		} else {
			m.info("zoom off")
		}
	case key.Matches(msg, g.NextPane):
		m.setFocus(m.nextPane(1))
	case key.Matches(msg, g.PrevPane):
		m.setFocus(m.nextPane(-1))
	case key.Matches(msg, g.Undo):
		say, _ := m.st.Undo()
		m.info(say)
	case key.Matches(msg, g.Theme):
		return m.cycleTheme()
	case key.Matches(msg, g.Copy):
		return m.copyFocused()
	case key.Matches(msg, g.Reload):
		m.info("reloading…")
		return tea.Batch(m.load(), m.spin.Tick)
	default:
		for i, j := range g.Jump {
			if key.Matches(msg, j) {
				m.setFocus(i)
				return nil
			}
		}
		return fp.Update(msg)
	}
	return nil
}

func (m *Model) handleConfirm(msg tea.KeyMsg) tea.Cmd {
	c := m.confirm
	switch {
	case key.Matches(msg, m.keys.Confirm.Yes):
		m.confirm = nil
		return c.yes
	case key.Matches(msg, m.keys.Confirm.No):
		m.confirm = nil
		m.info("cancelled")
	}
	return nil
}

// quit asks first when marks or planned points have not been exported.
func (m *Model) quit() tea.Cmd {
	done := m.save(true) // quits once saved, or says it could not save
	if n := len(m.st.Marks) + len(m.st.Planned) + len(m.st.Added); n > 0 && session.Signature(m.st) != m.exported {
		work := []string{model.Plural(len(m.st.Marks), "mark"), model.Plural(len(m.st.Planned), "planned point")}
		if len(m.st.Added) > 0 {
			work = append(work, model.Plural(len(m.st.Added), "measured point")+" to export")
		}
		m.confirm = &confirm{
			prompt: strings.Join(work, ", ") + " not exported (" + m.keptWhere() + "). Quit? y/n",
			yes:    done,
		}
		return nil
	}
	return done
}

func (m *Model) setFocus(i int) {
	if i == m.focus {
		return
	}
	m.focus = i
	if m.lay.Mode == layout.Tabs || m.lay.Mode == layout.Zoom {
		m.relayout()
	}
}

// nextPane is the pane d steps from the focused one, around the ring.
func (m *Model) nextPane(d int) int {
	return (m.focus + d + layout.NumPanes) % layout.NumPanes
}

func (m *Model) cycleTheme() tea.Cmd {
	if m.opts.LockTheme {
		m.info("colour is off (NO_COLOR or --color=never)")
		return nil
	}
	m.theme = themes.Next(m.theme)
	m.styles = themes.New(m.theme, m.opts.Renderer)
	for _, p := range m.panes {
		p.SetStyles(m.styles)
	}
	m.boxes = [layout.NumPanes]boxCache{}
	m.info("theme: " + m.theme)
	return m.saveCmd()
}

func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	if m.showHelp || m.confirm != nil {
		return nil // the help and a question take no clicks
	}
	pane := m.lay.At(msg.X, msg.Y)
	click := msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft
	if click && m.lay.TabRow >= 0 && msg.Y == m.lay.TabRow {
		if i := frame.TabAt(paneNames(), msg.X); i >= 0 {
			m.setFocus(allPanes[i])
		}
		return nil
	}
	switch {
	case click && pane >= 0:
		m.setFocus(pane)
		if c, ok := m.panes[pane].(clicker); ok && !m.panes[pane].Capturing() {
			for _, s := range m.lay.Slots {
				if s.Pane == pane {
					return c.Click(msg.X-s.X-1, msg.Y-s.Y-1) // inside the border
				}
			}
		}
	case msg.Button == tea.MouseButtonWheelUp || msg.Button == tea.MouseButtonWheelDown:
		if pane < 0 || m.panes[pane].Capturing() {
			return nil
		}
		k := tea.KeyMsg{Type: tea.KeyDown}
		if msg.Button == tea.MouseButtonWheelUp {
			k.Type = tea.KeyUp
		}
		return m.panes[pane].Update(k)
	}
	return nil
}

func (m *Model) handleSpin(msg spinner.TickMsg) tea.Cmd {
	if !m.loading {
		return nil // stop ticking between loads
	}
	var cmd tea.Cmd
	m.spin, cmd = m.spin.Update(msg)
	return cmd
}

// handleLoaded applies the latest load and drops stale ones.
func (m *Model) handleLoaded(msg loadedMsg) {
	if msg.gen != m.gen {
		return
	}
	m.loading = false
	if msg.err != nil {
		m.fail(msg.err.Error())
		return
	}
	if msg.ds == nil {
		m.fail("loading returned nothing")
		return
	}
	scored := 0
	if p := msg.prep; p != nil {
		m.st.SetLoaded(p.loaded)
		m.st.AdoptRanking(p.ranking)
		m.adoptLoad(p)
		if p.score != nil && p.score.Path == m.st.Loop.Path {
			scored = m.st.AdoptScore(p.score) // scored by the load command
		} else {
			scored = m.st.Rescore()
		}
	} else {
		m.st.SetPoints(msg.ds.Points)
		scored = m.st.Rescore()
	}
	say := fmt.Sprintf("loaded %s from %s", model.Plural(len(msg.ds.Points), "point"), model.Plural(msg.ds.Files, "file"))
	if n := scored; n > 0 {
		// A run of a recorded configuration landed (a load, r, --watch).
		say += fmt.Sprintf(" · scorecard: %s of recorded predictions scored (planner pane)", model.Plural(n, "new run"))
	}
	if n := len(m.st.Curves); n > 1 {
		say += fmt.Sprintf(" · %d curves (] [ c)", n)
	}
	var missing []string
	if v := m.pendingView; v != nil {
		m.pendingView = nil
		var back []string
		before := m.st.Curve
		back, missing = v.ApplyView(m.st)
		// The default curve alone, restored, is no news.
		if m.restored != "" || m.st.Curve != before || v.Overlays != nil {
			m.restored = strings.TrimPrefix(m.restored+", "+strings.Join(back, ", "), ", ")
		}
	}
	if was := m.st.FitX(); was != "" {
		say += fmt.Sprintf(" · x: %s, the shown curve has no %s", m.st.X.Name, was)
	}
	if m.restored != "" {
		say += " · session restored: " + m.restored
		m.restored = ""
	}
	if len(missing) > 0 {
		say += " · session: " + strings.Join(missing, "; ")
	}
	if o := m.st.Orphans(); len(o) > 0 {
		say += fmt.Sprintf(" · %s orphaned: %s not in the data (review pane; D drops)", model.Plural(len(o), "mark"), model.FirstFew(o, 2))
	}
	// Every "warning:" line the CLI prints for these inputs: the notices
	// (not skips) and then the warnings, so the two count the same.
	m.warnings = m.warnings[:0]
	for _, n := range msg.ds.Notices {
		m.warnings = append(m.warnings, n)
	}
	for _, w := range msg.ds.Warnings {
		m.warnings = append(m.warnings, w.String())
	}
	m.curves.SetChangelogs(msg.ds.Changelogs)
	switch n := len(m.warnings); {
	case n == 0 && len(missing) > 0:
		m.fail(say)
	case n == 0:
		m.info(say)
	case n == 1:
		m.fail(say + " · warning: " + m.warnings[0])
	default:
		m.fail(fmt.Sprintf("%s · %d warnings (? lists them all); first: %s", say, n, m.warnings[0]))
	}
}

func (m *Model) handleSaved(msg savedMsg) tea.Cmd {
	m.saveErr = msg.err
	switch {
	case msg.err != nil:
		m.fail("session not saved: " + msg.err.Error())
		if msg.quit {
			m.confirm = &confirm{prompt: "session not saved (" + msg.err.Error() + "). Quit anyway? y/n", yes: tea.Quit}
		}
		return nil
	case msg.saved.Moved:
		m.hold("another workbench saved " + m.opts.SessionPath + " since this one opened it: not overwritten; this workbench's session is kept in " +
			msg.saved.Path + " (open it with --session)")
	}
	if msg.quit {
		return tea.Quit
	}
	return nil
}

// keptWhere says in the quit prompt where unexported work is kept.
func (m *Model) keptWhere() string {
	switch {
	case m.opts.SessionPath == "":
		return "NOT saved: no session file"
	case m.saveErr != nil:
		return "NOT saved: " + m.saveErr.Error()
	case m.store != nil && m.store.Path() != m.opts.SessionPath:
		return "kept in " + m.store.Path()
	}
	return "kept in the session"
}

// handleTargetsChecked holds the names of export targets that cannot be
// read in the status line.
func (m *Model) handleTargetsChecked(msg targetsCheckedMsg) {
	if len(msg.problems) > 0 {
		m.hold(strings.Join(msg.problems, " · "))
	}
}

// handleOther gives pane-owned messages (export results) to their owner,
// and the curve keys' results (a comparison of two dates, the view
// written) to them.
func (m *Model) handleOther(msg tea.Msg) tea.Cmd {
	if m.curves.Handle(msg, m.styles) {
		return nil
	}
	for _, p := range m.panes {
		if cmd, handled := p.Handle(msg); handled {
			return cmd
		}
	}
	return nil
}

// info and fail set the status line; a held note stays in front of what
// follows until a key is pressed, so a load or save cannot hide it.
func (m *Model) info(s string)                  { m.bar.Set(s, false) }
func (m *Model) fail(s string)                  { m.bar.Set(s, true) }
func (m *Model) setStatus(s string, isErr bool) { m.bar.Set(s, isErr) }

// hold shows a note that must be seen until the next key.
func (m *Model) hold(s string) { m.bar.Hold(s) }

// handleConfirmRequest shows a pane's yes/no question.
func (m *Model) handleConfirmRequest(msg msgs.Confirm) {
	m.confirm = &confirm{prompt: termsafe.String(msg.Prompt), yes: msg.Yes}
}

// handleExported records a successful export: what it took is in the
// files now, so it is cleared (u brings it back) and q stops asking; the
// export pane says what was written.
func (m *Model) handleExported(msg msgs.Exported) tea.Cmd {
	cmd := m.handleOther(msg)
	if msg.Err != nil {
		m.fail("export failed: " + msg.Err.Error())
		return tea.Batch(cmd, m.export.Pending())
	}
	m.st.ClearExported(msg.Marks, msg.Planned, msg.Added)
	m.exported = session.Signature(m.st)
	names := make([]string, len(msg.Files))
	for i, f := range msg.Files {
		names[i] = filepath.Base(f)
	}
	m.info(fmt.Sprintf("wrote %s (backups under %s) · the export pane lists what; its marks and plans are cleared (u brings them back)", strings.Join(names, ", "), export.BackupDir()))
	return tea.Batch(cmd, m.saveCmd())
}

// handleCopy copies what a pane asked for (P: the export's diff).
func (m *Model) handleCopy(c msgs.Copy) tea.Cmd {
	cmd, say := clip.Copy(m.clip, c)
	m.info(say)
	return cmd
}

// copyFocused copies what the focused pane names (C).
func (m *Model) copyFocused() tea.Cmd {
	if c, ok := m.panes[m.focus].(clip.Copier); ok {
		if cp, ok := c.Copy(); ok {
			return m.handleCopy(cp)
		}
	}
	m.info("nothing to copy in the " + layout.Names[m.focus] + " pane (C copies the selected point's ID, or the export's selectors)")
	return nil
}
