// Package scroll is a read-only text view with a scroll offset: the review
// and export panes. bubbles' viewport would do, but it binds its own keys;
// this one uses the key map's Scroll bindings only.
package scroll

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/tui/frame"
	"github.com/sweeptune/sweeptune/tui/keys"
)

// View is lines shown from an offset in a w×h window; lines wider than
// the window wrap (frame.Wrap), so nothing is cut off at the side.
type View struct {
	keys   keys.Scroll
	raw    string
	lines  []string
	off    int
	w, h   int
	cached string
}

// New returns an empty view.
func New(km keys.Scroll) View { return View{keys: km} }

// SetContent replaces the text, keeping the offset when it still fits.
func (v *View) SetContent(s string) {
	v.raw = s
	v.lines = frame.Wrap(s, v.w)
	v.clamp()
	v.render()
}

// SetWrapped is SetContent of s whose lines at the view's width are lines
// (frame.Wrap of s, made off the UI goroutine).
func (v *View) SetWrapped(s string, lines []string) {
	v.raw, v.lines = s, lines
	v.clamp()
	v.render()
}

// Width is the width the view wraps at.
func (v *View) Width() int { return v.w }

// SetSize sets the window, re-wrapping when the width changed.
func (v *View) SetSize(w, h int) {
	if w != v.w {
		v.w = w
		v.lines = frame.Wrap(v.raw, w)
	}
	v.h = h
	v.clamp()
	v.render()
}

// Offset is the first shown line.
func (v *View) Offset() int { return v.off }

// Update scrolls; it reports whether the key was a scroll key.
func (v *View) Update(msg tea.KeyMsg) bool {
	k := v.keys
	switch {
	case key.Matches(msg, k.Up):
		v.off--
	case key.Matches(msg, k.Down):
		v.off++
	case key.Matches(msg, k.PageUp):
		v.off -= max(v.h-1, 1)
	case key.Matches(msg, k.PageDown):
		v.off += max(v.h-1, 1)
	case key.Matches(msg, k.Top):
		v.off = 0
	case key.Matches(msg, k.Bottom):
		v.off = len(v.lines)
	default:
		return false
	}
	v.clamp()
	v.render()
	return true
}

func (v *View) clamp() {
	v.off = min(v.off, len(v.lines)-v.h)
	v.off = max(v.off, 0)
}

func (v *View) render() {
	end := min(v.off+v.h, len(v.lines))
	shown := ""
	if v.off < end {
		shown = strings.Join(v.lines[v.off:end], "\n")
	}
	v.cached = strings.Join(frame.Fit(shown, v.w, v.h), "\n")
}

// String is the window's text, exactly w×h.
func (v *View) String() string { return v.cached }

// More reports lines below the window.
func (v *View) More() bool { return v.off+v.h < len(v.lines) }
