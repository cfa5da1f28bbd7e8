package testkit

import (
	"fmt"
	"io"
	"os"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/sweeptune/sweeptune/themes"
)

// Main is every TUI test package's TestMain: colour off for lipgloss'
// default renderer, so goldens do not depend on the terminal.
func Main(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

// Renderer is a renderer with colour off.
func Renderer() *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	return r
}

// Matrix runs fn as one subtest per size × theme of the golden matrix,
// named "<w>x<h>-<theme>-<profile>" (the golden files' names).
func Matrix(t *testing.T, fn func(t *testing.T, w, h int, theme string, styles themes.Styles)) {
	for _, sz := range Sizes {
		for _, th := range Themes {
			name := fmt.Sprintf("%dx%d-%s-%s", sz[0], sz[1], th.Name, ProfileName(th.Profile))
			t.Run(name, func(t *testing.T) { fn(t, sz[0], sz[1], th.Name, Styles(th.Name, th.Profile)) })
		}
	}
}

// Key is the key message a user's key press sends: "enter", "down",
// "shift+tab", "ctrl+c" … or runes ("m", "7").
func Key(k string) tea.KeyMsg {
	special := map[string]tea.KeyType{
		"tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab, "enter": tea.KeyEnter, "esc": tea.KeyEsc,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"ctrl+c": tea.KeyCtrlC, "ctrl+u": tea.KeyCtrlU, "ctrl+d": tea.KeyCtrlD, "backspace": tea.KeyBackspace, "ctrl+z": tea.KeyCtrlZ,
		"pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp, "home": tea.KeyHome, "end": tea.KeyEnd,
	}
	if t, ok := special[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}
