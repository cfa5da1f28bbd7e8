// Package keys is the workbench's one key map: every binding lives here so
// that help, conflicts and a later Bubble Tea v2 move are checked in one place.
package keys

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
)

func b(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// Global bindings work in every pane unless a pane captures input (filter).
type Global struct {
	Quit, ForceQuit, Suspend, Help key.Binding
	NextPane, PrevPane             key.Binding
	Jump                           [5]key.Binding
	XAxis, LogX, Theme, Reload     key.Binding
	Cancel                         key.Binding
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
	Sort, Reverse         key.Binding
	Accept                key.Binding // closes the filter, keeping it
}

// Planner is the planner pane's keys.
type Planner struct {
	Up, Down, Dec, Inc, Add, Seed, Edit key.Binding
}

// Scroll is a read-only pane's keys (review, export).
type Scroll struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
}

// Review adds the planned-points toggle to scrolling.
type Review struct {
	Scroll
	WithPlanned key.Binding
}

// Export adds writing to scrolling.
type Export struct {
	Scroll
	Write key.Binding
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
}

// Default is the key map of TUI.md: arrows and vim keys, tab and digits
// between panes, / filter, esc cancels, ? help, q quits.
func Default() KeyMap {
	g := Global{
		Quit:      b("q", "quit", "q"),
		ForceQuit: b("ctrl+c", "quit now", "ctrl+c"),
		Suspend:   b("ctrl+z", "suspend", "ctrl+z"),
		Help:      b("?", "help", "?"),
		NextPane:  b("tab", "next pane", "tab"),
		PrevPane:  b("shift+tab", "prev pane", "shift+tab"),
		XAxis:     b("x", "cycle x axis", "x"),
		LogX:      b("L", "log x", "L"),
		Theme:     b("T", "theme", "T"),
		Reload:    b("r", "reload", "r"),
		Cancel:    b("esc", "cancel", "esc"),
	}
	names := [5]string{"curve", "points", "planner", "review", "export"}
	for i := range g.Jump {
		d := string(rune('1' + i))
		g.Jump[i] = b(d, names[i], d)
	}
	tk := table.DefaultKeyMap()
	// space pages down in bubbles; keep it but show the short form.
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
			Accept:  b("enter", "keep filter", "enter"),
		},
		Planner: Planner{
			Up:   b("↑/k", "prev knob", "up", "k"),
			Down: b("↓/j", "next knob", "down", "j"),
			Dec:  b("←/h", "decrease", "left", "h"),
			Inc:  b("→/l", "increase", "right", "l"),
			Add:  b("a", "add to plan", "a"),
			Seed: b("s", "seed from selected", "s"),
			Edit: b("enter", "type a value", "enter"),
		},
		Review: Review{Scroll: scroll(), WithPlanned: b("p", "planned in kept curve", "p")},
		Export: Export{Scroll: scroll(), Write: b("w", "write files", "w")},
		Confirm: Confirm{
			Yes: b("y", "yes", "y", "Y"),
			No:  b("n/esc", "no", "n", "N", "esc"),
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

// GlobalBindings lists the global bindings in help order.
func (k KeyMap) GlobalBindings() []key.Binding {
	g := k.Global
	out := []key.Binding{g.NextPane, g.PrevPane}
	out = append(out, g.Jump[:]...)
	return append(out, g.XAxis, g.LogX, g.Theme, g.Reload, g.Help, g.Quit, g.ForceQuit, g.Suspend, g.Cancel)
}

// TableBindings lists bubbles' table bindings.
func TableBindings(t table.KeyMap) []key.Binding {
	return []key.Binding{t.LineUp, t.LineDown, t.PageUp, t.PageDown, t.HalfPageUp, t.HalfPageDown, t.GotoTop, t.GotoBottom}
}

// ScrollBindings lists a scroll map's bindings.
func (s Scroll) Bindings() []key.Binding {
	return []key.Binding{s.Up, s.Down, s.PageUp, s.PageDown, s.Top, s.Bottom}
}
