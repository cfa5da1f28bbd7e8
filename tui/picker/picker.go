// Package picker is a filterable list in a modal box: the curve picker (c),
// the overlay picker with multi-select (o) and the date pickers (@, H).
// Typing filters; every word typed (split at spaces or commas) must
// appear in an item; in the overlay picker tab selects.
package picker

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/frame"
	"github.com/sweeptune/sweeptune/tui/keys"
)

// Item is one line of the list.
type Item struct {
	Text string // what is shown and filtered on
	Note string // shown after the text, muted (point counts, dates)
}

// Result is what a key did to the picker.
type Result uint8

const (
	Open     Result = iota // still open
	Chosen                 // enter: Chosen says what
	Canceled               // esc
)

// Model is one open picker.
type Model struct {
	Title string
	// Example is the filter words the multi-select hint suggests ("gb300
	// fp4"), taken from the items by the caller; "" names none.
	Example string
	items   []Item
	lower   []string // items' text in lower case, for filtering (notes are not)
	multi   bool
	picked  []bool
	keys    keys.Picker

	filter []rune
	shown  []int // items passing the filter
	cursor int   // into shown
	offset int
}

// New opens a picker on items with the cursor on item at; picked are the
// items already selected (multi-select only).
func New(title string, items []Item, at int, multi bool, picked []int, km keys.Picker) *Model {
	m := &Model{Title: title, items: items, multi: multi, keys: km, picked: make([]bool, len(items))}
	m.lower = make([]string, len(items))
	for i, it := range items {
		m.lower[i] = strings.ToLower(it.Text)
	}
	for _, i := range picked {
		if i >= 0 && i < len(items) {
			m.picked[i] = true
		}
	}
	m.refilter()
	for k, i := range m.shown {
		if i == at {
			m.cursor = k
		}
	}
	return m
}

// Multi reports a multi-select picker.
func (m *Model) Multi() bool { return m.multi }

// Update handles a key.
func (m *Model) Update(msg tea.KeyMsg) Result {
	k := m.keys
	switch {
	case key.Matches(msg, k.Cancel):
		return Canceled
	case key.Matches(msg, k.Choose):
		if !m.multi && len(m.shown) == 0 {
			return Open
		}
		return Chosen
	case key.Matches(msg, k.Up):
		m.cursor = max(m.cursor-1, 0)
	case key.Matches(msg, k.Down):
		m.cursor = min(m.cursor+1, max(len(m.shown)-1, 0))
	case m.multi && key.Matches(msg, k.Toggle):
		if m.cursor < len(m.shown) {
			i := m.shown[m.cursor]
			m.picked[i] = !m.picked[i]
		}
	case msg.Type == tea.KeyBackspace:
		if len(m.filter) > 0 {
			m.filter = m.filter[:len(m.filter)-1]
			m.refilter()
		}
	case msg.Type == tea.KeySpace:
		m.filter = append(m.filter, ' ')
		m.refilter()
	case msg.Type == tea.KeyRunes:
		m.filter = append(m.filter, msg.Runes...)
		m.refilter()
	}
	return Open
}

func (m *Model) refilter() {
	// Words split at spaces or commas.
	words := strings.FieldsFunc(strings.ToLower(string(m.filter)), func(r rune) bool { return r == ' ' || r == ',' })
	var cur = -1
	if m.cursor < len(m.shown) {
		cur = m.shown[m.cursor]
	}
	m.shown = m.shown[:0]
	m.cursor = 0
	for i, l := range m.lower {
		ok := true
		for _, w := range words {
			if !strings.Contains(l, w) {
				ok = false
				break
			}
		}
		if ok {
			if i == cur {
				m.cursor = len(m.shown)
			}
			m.shown = append(m.shown, i)
		}
	}
}

// Cursor is the item under the cursor, or -1 when the filter hides all.
func (m *Model) Cursor() int {
	if m.cursor < len(m.shown) {
		return m.shown[m.cursor]
	}
	return -1
}

// Picked are the selected items, in list order (multi-select).
func (m *Model) Picked() []int {
	var out []int
	for i, p := range m.picked {
		if p {
			out = append(out, i)
		}
	}
	return out
}

// View draws the picker's body in w×h cells: the filter line, then the
// items around the cursor (› marks it; [x] a selected item).
func (m *Model) View(st themes.Styles, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	head := fmt.Sprintf("filter: %s▏  %d of %d", string(m.filter), len(m.shown), len(m.items))
	if m.multi {
		head += fmt.Sprintf(" · %d selected · tab selects, enter applies", len(m.Picked()))
		if m.Example != "" {
			head += " · filter words: " + m.Example
		}
	} else {
		head += " · enter chooses"
	}
	lines := []string{frame.FitLine(st.Muted.Render(head), w)}
	rows := max(h-1, 1)
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+rows {
		m.offset = m.cursor - rows + 1
	}
	m.offset = max(min(m.offset, len(m.shown)-rows), 0)
	// Notes line up in a column as wide as the widest note; the text takes
	// the rest (at least two thirds of the width).
	textW, noteW := 0, 0
	for _, it := range m.items {
		textW, noteW = max(textW, ansi.StringWidth(it.Text)), max(noteW, ansi.StringWidth(it.Note))
	}
	markW := 2
	if m.multi {
		markW = 6
	}
	textW = min(textW, max(w*2/3, w-markW-2-noteW))
	for r := m.offset; r < len(m.shown) && r < m.offset+rows; r++ {
		i := m.shown[r]
		mark := "  "
		if r == m.cursor {
			mark = "› "
		}
		if m.multi {
			if m.picked[i] {
				mark += "[x] "
			} else {
				mark += "[ ] "
			}
		}
		line := mark + m.items[i].Text
		if m.items[i].Note != "" {
			line = mark + frame.FitLine(m.items[i].Text, textW) + "  " + st.Muted.Render(m.items[i].Note)
		}
		if r == m.cursor {
			line = st.TableSelected.Render(frame.FitLine(line, w))
		}
		lines = append(lines, frame.FitLine(line, w))
	}
	if len(m.shown) == 0 {
		lines = append(lines, frame.FitLine(st.Muted.Render("nothing matches the filter (backspace widens it)"), w))
	}
	return strings.Join(frame.Fit(strings.Join(lines, "\n"), w, h), "\n")
}

// Item is the i-th item.
func (m *Model) Item(i int) Item { return m.items[i] }
