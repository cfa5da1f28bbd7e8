package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/dates"
	"github.com/sweeptune/sweeptune/tui/picker"
)

// The curve keys: switch (] [), pick (c), overlay (o), y metric (y Y),
// as-of date (@), compare two dates (H), plot toggles (F n %) and writing
// the view (e). Pickers and the dates view are modal, like the help.

// pickKind says what an open picker chooses.
type pickKind uint8

const (
	pickCurve pickKind = iota + 1
	pickOverlays
	pickAsOf
	pickFrom // D, first date
	pickTo   // D, second date
)

// handleCurveKey handles the curve keys; handled is false for any other key.
func (m *Model) handleCurveKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	c := m.keys.Global.Curves
	switch {
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
	case key.Matches(msg, c.Labels):
		m.info(onOff("point labels", m.st.ToggleLabels()))
	case key.Matches(msg, c.Gains):
		on := m.st.ToggleGains()
		switch {
		case on && len(m.st.Overlays) == 0:
			m.info("gains on, but no curve is overlaid: o overlays one")
		case on:
			m.info("gains against " + model.ShortName(m.st.Curve, m.st.Overlays[0]) + " at the same x: on (points table and readout)")
		default:
			m.info("gains: off")
		}
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

// cycleY moves through the y metrics that have data and says where it is.
func (m *Model) cycleY(d int) {
	axes := m.st.CycleY(d)
	for i, a := range axes {
		if a.Name == m.st.Y.Name {
			note := ""
			if a.Metric.Derived() {
				note = " (from the GPUs' power and cost; --gpu-power, --gpu-cost override)"
			}
			m.info(fmt.Sprintf("y: %s %d of %d with data — %s%s (y/Y cycle)", a.Name, i+1, len(axes), a.Label, note))
		}
	}
}

func (m *Model) curveItems() []picker.Item {
	items := make([]picker.Item, len(m.st.Curves))
	for i, c := range m.st.Curves {
		items[i] = picker.Item{Text: c.Key.String(), Note: model.Plural(c.Points, "point") + " · " + c.DateRange()}
	}
	return items
}

func (m *Model) openCurvePicker() {
	if len(m.st.Curves) == 0 {
		m.info("no curve loaded")
		return
	}
	m.pick = picker.New("pick the curve to show", m.curveItems(), m.st.CurveIndex(), false, nil, m.keys.Picker)
	m.pickKind = pickCurve
}

func (m *Model) openOverlayPicker() {
	if len(m.st.Curves) < 2 {
		m.info("only one curve is loaded: nothing to overlay")
		return
	}
	var picked []int
	for _, o := range m.st.Overlays {
		for i, c := range m.st.Curves {
			if c.Key == o {
				picked = append(picked, i)
			}
		}
	}
	m.pick = picker.New("overlay curves on "+m.st.Curve.String(), m.curveItems(), m.st.CurveIndex(), true, picked, m.keys.Picker)
	m.pickKind = pickOverlays
}

// openDatePicker lists the shown curve's run dates; after is the first
// date of a comparison (only later dates are offered for the second).
func (m *Model) openDatePicker(kind pickKind, after string) {
	runDates := m.st.CurveDates()
	var items []picker.Item
	at := 0
	switch kind {
	case pickAsOf:
		items = append(items, picker.Item{Text: "latest", Note: "each configuration's latest run"},
			picker.Item{Text: "every run", Note: "the history: every run of each configuration"})
		if m.st.AllDates {
			at = 1
		}
		for i, d := range runDates {
			items = append(items, picker.Item{Text: d, Note: "each configuration's latest run on or before it"})
			if d == m.st.AsOf && !m.st.AllDates {
				at = i + 2
			}
		}
	default:
		for _, d := range runDates {
			if d > after {
				items = append(items, picker.Item{Text: d})
			}
		}
		if kind == pickTo {
			at = len(items) - 1
		}
	}
	if len(runDates) == 0 || (kind != pickAsOf && len(items) == 0) || (kind == pickFrom && len(runDates) < 2) {
		m.info("the curve's points carry fewer than two run dates: nothing to compare")
		if kind == pickAsOf && len(runDates) == 0 {
			m.info("the curve's points carry no run dates")
		}
		return
	}
	title := map[pickKind]string{
		pickAsOf: "show the curve as of (each configuration's latest run on or before the date)",
		pickFrom: "compare two dates: the earlier date",
		pickTo:   "compare two dates: the later date (after " + after + ")",
	}[kind]
	m.pick = picker.New(title, items, at, false, nil, m.keys.Picker)
	m.pickKind, m.pickFrom = kind, after
}

// updatePick gives a key to the open picker and applies its answer.
func (m *Model) updatePick(msg tea.KeyMsg) tea.Cmd {
	p, kind := m.pick, m.pickKind
	switch p.Update(msg) {
	case picker.Canceled:
		m.pick = nil
		m.info("cancelled")
		return nil
	case picker.Open:
		return nil
	}
	m.pick = nil
	switch kind {
	case pickCurve:
		if i := p.Cursor(); i >= 0 {
			m.st.SetCurve(m.st.Curves[i].Key)
			m.infoCurve()
		}
	case pickOverlays:
		var keys []model.CurveKey
		var names []string
		for _, i := range p.Picked() {
			if k := m.st.Curves[i].Key; k != m.st.Curve {
				keys = append(keys, k)
				names = append(names, model.ShortName(m.st.Curve, k))
			}
		}
		m.st.SetOverlays(keys)
		if len(keys) == 0 {
			m.info("no overlays")
		} else {
			m.info(fmt.Sprintf("%d overlaid: %s", len(keys), strings.Join(names, "; ")))
		}
	case pickAsOf:
		switch i := p.Cursor(); {
		case i == 1:
			m.st.SetAsOf("", true)
			m.info("every run of each configuration (dated IDs tell them apart)")
		case i > 1:
			date := m.st.CurveDates()[i-2]
			m.st.SetAsOf(date, false)
			m.info("as of " + date + ": each configuration's latest run on or before it")
		default:
			m.st.SetAsOf("", false)
			m.info("as of: latest run of each configuration")
		}
	case pickFrom:
		if i := p.Cursor(); i >= 0 {
			m.openDatePicker(pickTo, p.Item(i).Text)
		}
	case pickTo:
		if i := p.Cursor(); i >= 0 {
			return m.compareDates(m.pickFrom, p.Item(i).Text)
		}
	}
	return nil
}

// compareDates opens the dates view and computes it in a command: git
// dates the changelog's entries.
func (m *Model) compareDates(from, to string) tea.Cmd {
	m.datesSeq++
	var cmd tea.Cmd
	m.dates, cmd = dates.Open(dates.Request{Points: m.st.CurveAllDates(), From: from, To: to, X: m.st.X, Y: m.st.Y,
		Logs: m.changelogs, Extra: m.opts.Export.ChangelogPath}, m.datesSeq, m.keys.Review.Scroll)
	return cmd
}

// updateDates scrolls the dates view; esc or q closes it.
func (m *Model) updateDates(msg tea.KeyMsg) tea.Cmd {
	g := m.keys.Global
	if key.Matches(msg, g.Cancel, g.Quit, m.keys.Global.Curves.CompareDates) {
		m.dates = nil
		return nil
	}
	m.dates.Update(msg)
	return nil
}
