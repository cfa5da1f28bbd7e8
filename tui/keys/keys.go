// Package keys is the workbench's one key map: every binding lives here so
// that help, conflicts and a later Bubble Tea v2 move are checked in one place.
package keys

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	"github.com/sweeptune/sweeptune/tui/layout"
)

func b(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// Global bindings work in every pane unless a pane captures input (filter).
type Global struct {
	Quit, ForceQuit, Suspend, Help key.Binding
	NextPane, PrevPane             key.Binding
	Jump                           [layout.NumPanes]key.Binding
	XAxis, XAxisPrev, LogX, Theme  key.Binding
	Reload, Zoom, Undo             key.Binding
	// Copy puts what the focused pane names (the selected point's ID, the
	// export's selectors) on the clipboard; y and Y cycle the y metric.
	Copy   key.Binding
	Cancel key.Binding
	Curves Curves
}

// Curves are the global keys that choose what the workbench shows: which
// curve, what is overlaid, the y metric, the date and how the plot draws.
type Curves struct {
	Next, Prev, Pick, Overlays   key.Binding
	YAxis, YAxisPrev             key.Binding
	OptimalOnly, Labels, Gains   key.Binding
	Suspect                      key.Binding
	AsOf, CompareDates, WriteCSV key.Binding
}

// Picker moves in and answers a list picker (curves, overlays, dates);
// typed text filters it.
type Picker struct {
	Up, Down, Toggle, Choose, Cancel key.Binding
}

// Nav moves within a pane.
type Nav struct {
	Up, Down, Left, Right key.Binding
}

// Curve is the plot pane's own keys.
type Curve struct {
	Prev, Next, Mark key.Binding
}

// Points is the table pane's own keys; Table are bubbles' table bindings,
// defined here so the conflict check sees them.
type Points struct {
	Table                 table.KeyMap
	Filter, Mark, Details key.Binding
	Sort, Reverse, Add    key.Binding
	// Select accepts one point per interactivity band (docs/select.md) as
	// the export's set: its removals marked, its additions added.
	Select key.Binding
	// Accept closes the filter keeping it; CancelFilter drops it.
	Accept, CancelFilter key.Binding
}

// Planner is the planner pane's keys.
type Planner struct {
	Up, Down, Dec, Inc, Add, Seed, Edit key.Binding
	// PageUp and PageDown scroll the pane's text (taller than the pane).
	PageUp, PageDown key.Binding
	// Toggle chooses or drops the fit point under the cursor.
	Toggle key.Binding
	// SetValue and CancelEdit end typing a value.
	SetValue, CancelEdit key.Binding
}

// Scroll is a read-only pane's keys (review, export).
type Scroll struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
}

// Review adds the planned-points toggle and dropping orphaned marks to
// scrolling.
type Review struct {
	Scroll
	WithPlanned, DropOrphans, Keep key.Binding
	// Selection switches the pane between the removal review and the
	// shown curve's selection (one point per band, docs/select.md);
	// Accept takes the selection shown as the export's set.
	Selection, Accept key.Binding
}

// Export adds writing and the targets form to scrolling; Field keys move
// in the form and Set edits the chosen target.
type Export struct {
	Scroll
	Write, Targets key.Binding
	PRBody         key.Binding
	CopyDiff       key.Binding
	// AcceptLoss accepts (or withdraws) the coverage loss of the change
	// set shown, as export's --accept-coverage-loss.
	AcceptLoss         key.Binding
	FieldUp, FieldDown key.Binding
	Set, Apply, Cancel key.Binding
}

// Confirm answers a yes/no prompt.
type Confirm struct {
	Yes, No key.Binding
}

// KeyMap is every binding of the workbench.
type KeyMap struct {
	Global  Global
	Curve   Curve
	Points  Points
	Planner Planner
	Review  Review
	Export  Export
	Confirm Confirm
	Picker  Picker
}

// Default is the workbench's key map: arrows and vim keys, tab and digits
// between panes, / filter, esc cancels, ? help, q quits.
func Default() KeyMap {
	g := Global{
		Quit:      b("q", "quit", "q"),
		ForceQuit: b("ctrl+c", "quit now", "ctrl+c"),
		Suspend:   b("ctrl+z", "suspend", "ctrl+z"),
		Help:      b("?", "help", "?"),
		NextPane:  b("tab", "next pane", "tab"),
		PrevPane:  b("shift+tab", "prev pane", "shift+tab"),
		XAxis:     b("x", "next x axis", "x"),
		XAxisPrev: b("X", "prev x axis", "X"),
		Zoom:      b("z", "zoom pane", "z"),
		Undo:      b("u", "undo mark/plan", "u"),
		LogX:      b("L", "log x", "L"),
		Theme:     b("T", "theme", "T"),
		Reload:    b("r", "reload", "r"),
		Cancel:    b("esc", "cancel", "esc"),
		Copy:      b("C", "copy ID/selector", "C"),
		Curves: Curves{
			Next:         b("]", "next curve", "]"),
			Prev:         b("[", "prev curve", "["),
			Pick:         b("c", "pick curve", "c"),
			Overlays:     b("o", "overlay curves", "o"),
			YAxis:        b("y", "next y metric", "y"),
			YAxisPrev:    b("Y", "prev y metric", "Y"),
			OptimalOnly:  b("F", "frontier only", "F"),
			Suspect:      b("!", "include suspect points", "!"),
			Labels:       b("n", "point labels", "n"),
			Gains:        b("%", "gains vs overlay", "%"),
			AsOf:         b("@", "as of date", "@"),
			CompareDates: b("H", "history: 2 dates", "H"),
			WriteCSV:     b("e", "write CSV + plot", "e"),
		},
	}
	for i := range g.Jump {
		d := string(rune('1' + i))
		g.Jump[i] = b(d, layout.Names[i], d)
	}
	tk := table.DefaultKeyMap()
	// u is the workbench's undo and d stays free: half pages move with
	// ctrl+u and ctrl+d only. space pages down in bubbles; keep it.
	tk.HalfPageUp = b("ctrl+u", "½ page up", "ctrl+u")
	tk.HalfPageDown = b("ctrl+d", "½ page down", "ctrl+d")
	return KeyMap{
		Global: g,
		Curve: Curve{
			Prev: b("←/h", "prev point", "left", "h"),
			Next: b("→/l", "next point", "right", "l"),
			Mark: b("m", "mark removal", "m"),
		},
		Points: Points{
			Table:   tk,
			Filter:  b("/", "filter", "/"),
			Mark:    b("m", "mark removal", "m"),
			Details: b("enter", "details", "enter"),
			Sort:    b("s", "sort column", "s"),
			Reverse: b("S", "reverse sort", "S"),
			Add:     b("a", "add to export", "a"),
			Select:  b("A", "accept select: one per band", "A"),
			Accept:  b("enter", "apply", "enter"),
			// esc is named here for the help and the footer; the pane
			// reads it itself.
			CancelFilter: b("esc", "cancel", "esc"),
		},
		Planner: Planner{
			Up:         b("↑/k", "prev knob", "up", "k"),
			Down:       b("↓/j", "next knob", "down", "j"),
			PageUp:     b("b/pgup", "page up", "b", "pgup"),
			PageDown:   b("f/pgdn", "page down", "f", "pgdown"),
			Dec:        b("←/h", "decrease", "left", "h"),
			Inc:        b("→/l", "increase", "right", "l"),
			Add:        b("a", "add to plan", "a"),
			Seed:       b("s", "seed from selected", "s"),
			Edit:       b("enter", "type a value", "enter"),
			Toggle:     b("space", "choose/drop fit point", " "),
			SetValue:   b("enter", "set", "enter"),
			CancelEdit: b("esc", "cancel", "esc"),
		},
		Review: Review{Scroll: scroll(), WithPlanned: b("p", "planned in kept curve", "p"), DropOrphans: b("D", "drop orphaned marks", "D"),
			Keep: b("K", "selected point in/out of the kept curve", "K"), Selection: b("s", "selection view", "s"),
			Accept: b("A", "accept the selection shown", "A")},
		Export: Export{
			Scroll: scroll(), Write: b("w", "write files", "w"), Targets: b("t", "set targets", "t"), CopyDiff: b("P", "copy the diff", "P"),
			PRBody: b("B", "write the PR body", "B"), AcceptLoss: b("A", "accept the coverage loss", "A"),
			FieldUp: b("↑/k", "prev target", "up", "k"), FieldDown: b("↓/j", "next target", "down", "j"),
			Set: b("enter", "edit target", "enter"), Apply: b("enter", "set", "enter"), Cancel: b("esc", "close", "esc"),
		},
		Confirm: Confirm{
			Yes: b("y", "yes", "y", "Y"),
			No:  b("n/esc", "no", "n", "N", "esc"),
		},
		Picker: Picker{
			Up:     b("↑", "up", "up", "ctrl+p"),
			Down:   b("↓", "down", "down", "ctrl+n"),
			Toggle: b("tab", "select (overlays)", "tab"),
			Choose: b("enter", "choose", "enter"),
			Cancel: b("esc", "cancel", "esc"),
		},
	}
}

func scroll() Scroll {
	return Scroll{
		Up:       b("↑/k", "up", "up", "k"),
		Down:     b("↓/j", "down", "down", "j"),
		PageUp:   b("b/pgup", "page up", "b", "pgup"),
		PageDown: b("f/pgdn", "page down", "f", "pgdown", " "),
		Top:      b("g/home", "top", "g", "home"),
		Bottom:   b("G/end", "bottom", "G", "end"),
	}
}

// GlobalBindings lists every global binding (the conflict check's set):
// the everywhere ones, then the curve ones.
func (k KeyMap) GlobalBindings() []key.Binding {
	return append(k.EverywhereBindings(), k.CurveBindings()...)
}

// EverywhereBindings are the global bindings but the curve ones, in help order.
func (k KeyMap) EverywhereBindings() []key.Binding {
	g := k.Global
	out := []key.Binding{g.NextPane, g.PrevPane}
	out = append(out, g.Jump[:]...)
	return append(out, g.XAxis, g.XAxisPrev, g.LogX, g.Zoom, g.Undo, g.Copy, g.Theme, g.Reload, g.Help, g.Quit, g.ForceQuit, g.Suspend, g.Cancel)
}

// CurveBindings are the global keys that choose what is shown, in help order.
func (k KeyMap) CurveBindings() []key.Binding {
	c := k.Global.Curves
	return []key.Binding{c.Next, c.Prev, c.Pick, c.Overlays, c.YAxis, c.YAxisPrev, c.AsOf, c.CompareDates,
		c.OptimalOnly, c.Suspect, c.Labels, c.Gains, c.WriteCSV}
}

// PickerBindings are a picker's keys.
func (k KeyMap) PickerBindings() []key.Binding {
	p := k.Picker
	return []key.Binding{p.Up, p.Down, p.Toggle, p.Choose, p.Cancel}
}

// TableBindings lists bubbles' table bindings.
func TableBindings(t table.KeyMap) []key.Binding {
	return []key.Binding{t.LineUp, t.LineDown, t.PageUp, t.PageDown, t.HalfPageUp, t.HalfPageDown, t.GotoTop, t.GotoBottom}
}

// ScrollBindings lists a scroll map's bindings.
func (s Scroll) Bindings() []key.Binding {
	return []key.Binding{s.Up, s.Down, s.PageUp, s.PageDown, s.Top, s.Bottom}
}

// Group is a titled list of bindings for the full help.
type Group struct {
	Title string
	Keys  []key.Binding
}

// PaneGroups are every pane's keys, the input modes' included, in pane
// order: curve, points, planner, review, export.
func (k KeyMap) PaneGroups() []Group {
	in := func(mode string, bd key.Binding) key.Binding {
		return b(bd.Help().Key, mode+": "+bd.Help().Desc, bd.Keys()...)
	}
	p, pl, e := k.Points, k.Planner, k.Export
	syntax := key.NewBinding(key.WithHelp("/np:9 c:>1k", "terms ANDed: src mode np nd bs mrr c gpus x y, !not"))
	points := append(TableBindings(p.Table), p.Filter, syntax, in("filter", p.Accept), in("filter", p.CancelFilter),
		p.Mark, p.Add, p.Select, p.Details, p.Sort, p.Reverse)
	return []Group{
		{"curve", []key.Binding{k.Curve.Prev, k.Curve.Next, k.Curve.Mark}},
		{"points", points},
		{"planner", []key.Binding{pl.Up, pl.Down, pl.PageUp, pl.PageDown, pl.Dec, pl.Inc, pl.Seed, pl.Add, pl.Edit, pl.Toggle, in("typing", pl.SetValue), in("typing", pl.CancelEdit)}},
		{"review", append(k.Review.Scroll.Bindings(), k.Review.WithPlanned, k.Review.Keep, k.Review.DropOrphans, k.Review.Selection, k.Review.Accept)},
		{"export", append(e.Scroll.Bindings(), e.Write, e.Targets, e.PRBody, e.CopyDiff, e.AcceptLoss, in("targets", e.Set), in("targets", e.Cancel))},
	}
}
