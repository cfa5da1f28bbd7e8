// Package curvekeys is the workbench's curve keys, which work in every
// pane: switch curves (] [), pick one (c), overlay others (o), cycle the x
// axis (x X) and the y metric (y Y), log-scale x (L), show the curve as of a date (@), compare two dates (H), the
// plot toggles (F n %) and writing the view to files (e). The pickers and
// the dates view it opens are modal, like the help: while one is open every
// key goes to it. The root gives it the keys no pane captured and boxes
// what it shows.
package curvekeys

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/dates"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/picker"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// Say puts a message in the status line (isErr: as a failure).
type Say func(text string, isErr bool)

// pickKind says what an open picker chooses.
type pickKind uint8

const (
	pickCurve pickKind = iota + 1
	pickOverlays
	pickAsOf
	pickFrom // H, first date
	pickTo   // H, second date
)

// Model holds the open picker or dates view and what they need.
type Model struct {
	st  *workbench.State
	km  keys.KeyMap
	say Say

	pick      *picker.Model // an open picker (curve, overlays, dates)
	pickKind  pickKind
	pickFrom  string // the first date of a comparison
	overlayOf []int  // the overlay picker's items as curve indices (the shown curve left out)
	// pickOrder is the curve index of each item of the curve picker (it
	// lists the curves by retune value); nil: items are the curves in order.
	pickOrder []int
	dates     *dates.View // the open "compare two dates" view
	datesSeq  int

	changelogs []srt.ChangelogFile // changelogs among the loaded inputs
	extraLog   string              // --changelog, read as well when comparing
	viewDir    string              // where e writes
}

// New is the curve keys over st; extraLog is a changelog to read beside the
// loaded ones, viewDir where e writes ("" the current directory).
func New(st *workbench.State, km keys.KeyMap, extraLog, viewDir string, say Say) *Model {
	return &Model{st: st, km: km, say: say, extraLog: extraLog, viewDir: viewDir}
}

func (m *Model) info(s string) { m.say(s, false) }

// SetChangelogs records the changelogs of the last load (H dates their
// entries).
func (m *Model) SetChangelogs(logs []srt.ChangelogFile) { m.changelogs = logs }

// Open says a picker or the dates view is open: keys go to UpdateOpen.
func (m *Model) Open() bool { return m.pick != nil || m.dates != nil }

// Picking says a picker is open.
func (m *Model) Picking() bool { return m.pick != nil }

// Comparing says the dates view is open.
func (m *Model) Comparing() bool { return m.dates != nil }

// Key handles a curve key; handled is false for any other key.
func (m *Model) Key(msg tea.KeyMsg) (cmd tea.Cmd, handled bool) {
	g, c := m.km.Global, m.km.Global.Curves
	switch {
	case key.Matches(msg, g.XAxis):
		m.cycleX(1)
	case key.Matches(msg, g.XAxisPrev):
		m.cycleX(-1)
	case key.Matches(msg, g.LogX):
		m.st.ToggleLogX()
		m.info(fmt.Sprintf("log-scale x: %v", m.st.LogX))
	case key.Matches(msg, c.Next):
		m.stepCurve(1)
	case key.Matches(msg, c.Prev):
		m.stepCurve(-1)
	case key.Matches(msg, c.Pick):
		m.openCurvePicker()
	case key.Matches(msg, c.Overlays):
		m.openOverlayPicker()
	case key.Matches(msg, c.YAxis):
		m.cycleY(1)
	case key.Matches(msg, c.YAxisPrev):
		m.cycleY(-1)
	case key.Matches(msg, c.OptimalOnly):
		m.info(onOff("frontier only (points off the frontier hidden)", m.st.ToggleOptimalOnly()))
	case key.Matches(msg, c.Suspect):
		on := m.st.ToggleIncludeSuspect()
		n := m.st.SuspectCount()
		switch {
		case n == 0:
			m.info(onOff("suspect points in frontiers, hulls, reviews and fits (this curve has none)", on))
		case on:
			m.info(fmt.Sprintf("%d suspect points of this curve brought into frontiers, hulls, reviews and fits: on", n))
		default:
			m.info(fmt.Sprintf("%d suspect points of this curve shown but kept out of frontiers, hulls, reviews and fits", n))
		}
	case key.Matches(msg, c.Labels):
		m.info(onOff("point labels", m.st.ToggleLabels()))
	case key.Matches(msg, c.Gains):
		m.toggleGains()
	case key.Matches(msg, c.AsOf):
		m.openDatePicker(pickAsOf, "")
	case key.Matches(msg, c.CompareDates):
		m.openDatePicker(pickFrom, "")
	case key.Matches(msg, c.WriteCSV):
		return m.writeView(), true
	default:
		return nil, false
	}
	return nil, true
}

func onOff(what string, on bool) string {
	if on {
		return what + ": on"
	}
	return what + ": off"
}

func (m *Model) toggleGains() {
	switch on := m.st.ToggleGains(); {
	case on && len(m.st.Overlays) == 0:
		m.info("gains on, but no curve is overlaid: o overlays one")
	case on:
		m.info("gains against " + model.ShortName(m.st.Curve, m.st.Overlays[0]) + " at the same x: on (points table and readout)")
	default:
		m.info("gains: off")
	}
}

// stepCurve shows the next or previous curve and names it.
func (m *Model) stepCurve(d int) {
	if len(m.st.Curves) < 2 {
		m.info("only one curve is loaded")
		return
	}
	m.st.StepCurve(d)
	m.infoCurve()
}

// infoCurve names the shown curve in the status line: its place, its key,
// its points.
func (m *Model) infoCurve() {
	i := m.st.CurveIndex()
	if i < 0 {
		return
	}
	s := m.st.Curves[i]
	msg := fmt.Sprintf("curve %d of %d: %s · %s · %s", i+1, len(m.st.Curves), s.Key, model.Plural(s.Points, "point"), s.DateRange())
	if was := m.st.FitX(); was != "" {
		msg += fmt.Sprintf(" · x: %s (no %s here)", m.st.X.Name, was)
	}
	m.info(msg)
}

// cycleX moves through the x axes that have data and says where it is.
func (m *Model) cycleX(d int) {
	axes := m.st.CycleX(d)
	for i, a := range axes {
		if a.Name == m.st.X.Name {
			if !m.st.HasXData() {
				m.info(fmt.Sprintf("x axis %d of %d: %s — %s (x/X cycle) · no point of the shown curve has %s on any x axis", i+1, len(axes), a.Name, a.Label, m.st.Y.Name))
				return
			}
			m.info(fmt.Sprintf("x axis %d of %d with data: %s — %s (x/X cycle)", i+1, len(axes), a.Name, a.Label))
			return
		}
	}
}

// cycleY moves through the y metrics that have data and says where it is.
func (m *Model) cycleY(d int) {
	axes := m.st.CycleY(d)
	for i, a := range axes {
		if a.Name == m.st.Y.Name {
			note := ""
			if a.Metric.Derived() {
				note = " (from the GPUs' power and cost; --gpu-power, --gpu-cost override)"
			}
			if !m.st.HasYData() {
				m.info(fmt.Sprintf("y: %s %d of %d — %s%s (y/Y cycle) · no point of the shown curve has any y metric", a.Name, i+1, len(axes), a.Label, note))
				return
			}
			m.info(fmt.Sprintf("y: %s %d of %d with data — %s%s (y/Y cycle)", a.Name, i+1, len(axes), a.Label, note))
		}
	}
}

// UpdateOpen gives a key to the open picker or dates view.
func (m *Model) UpdateOpen(msg tea.KeyMsg) tea.Cmd {
	if m.pick != nil {
		return m.updatePick(msg)
	}
	g := m.km.Global
	if key.Matches(msg, g.Cancel, g.Quit, g.Curves.CompareDates) {
		m.dates = nil
		return nil
	}
	m.dates.Update(msg)
	return nil
}

// Handle takes the results of the commands it started (a comparison, the
// view written); handled is false for any other message.
func (m *Model) Handle(msg tea.Msg, st themes.Styles) bool {
	if w, ok := msg.(viewWrittenMsg); ok {
		m.viewWritten(w)
		return true
	}
	return m.dates.Handle(msg, st)
}

// Show is what the open picker or dates view shows in w×h cells, with its
// title; ok is false when neither is open.
func (m *Model) Show(st themes.Styles, w, h int) (title, body string, ok bool) {
	switch {
	case m.pick != nil:
		return m.pick.Title + " (esc cancels)", m.pick.View(st, w, h), true
	case m.dates != nil:
		m.dates.SetSize(w, h)
		return m.dates.Title, m.dates.String(), true
	}
	return "", "", false
}

// compareDates opens the dates view and computes it in a command: git
// dates the changelog's entries.
func (m *Model) compareDates(from, to string) tea.Cmd {
	m.datesSeq++
	var cmd tea.Cmd
	m.dates, cmd = dates.Open(dates.Request{Points: m.st.CurveAllDates(), From: from, To: to, X: m.st.X, Y: m.st.Y,
		Logs: m.changelogs, Extra: m.extraLog}, m.datesSeq, m.km.Review.Scroll)
	return cmd
}
