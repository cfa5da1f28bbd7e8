package testkit

import (
	"fmt"
	"io"
	"os"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"
	"github.com/sweeptune/sweeptune/themes"
)

// Main is every TUI test package's TestMain: colour off for lipgloss'
// default renderer, so goldens do not depend on the terminal.
func Main(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	// A state directory of the tests' own: an export's backups go there.
	dir, err := os.MkdirTemp("", "sweeptune-tui-state-")
	if err == nil {
		os.Setenv("XDG_STATE_HOME", dir)
	}
	code := m.Run()
	if err == nil {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

// Renderer is a renderer with colour off.
func Renderer() *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	return r
}

// Cell is one cell of the golden matrix: a pane size and a theme's styles.
type Cell struct {
	W, H   int
	Styles themes.Styles
}

// Matrix renders one subtest per size × theme, named
// "<w>x<h>-<theme>-<profile>" (the golden files' names): each render must
// fill exactly W×H cells and match its golden file.
func Matrix(t *testing.T, render func(t *testing.T, c Cell) string) {
	for _, sz := range Sizes {
		for _, th := range Themes {
			name := fmt.Sprintf("%dx%d-%s-%s", sz[0], sz[1], th.Name, ProfileName(th.Profile))
			t.Run(name, func(t *testing.T) {
				out := render(t, Cell{W: sz[0], H: sz[1], Styles: Styles(th.Name, th.Profile)})
				CheckSize(t, out, sz[0], sz[1])
				golden.RequireEqual(t, []byte(out))
			})
		}
	}
}

// Key is the key message a user's key press sends: "enter", "down",
// "shift+tab", "space", "ctrl+c" … or runes ("m", "7").
func Key(k string) tea.KeyMsg {
	special := map[string]tea.KeyType{
		"tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab, "enter": tea.KeyEnter, "esc": tea.KeyEsc,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"ctrl+c": tea.KeyCtrlC, "ctrl+u": tea.KeyCtrlU, "ctrl+d": tea.KeyCtrlD, "backspace": tea.KeyBackspace, "ctrl+z": tea.KeyCtrlZ,
		"pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp, "home": tea.KeyHome, "end": tea.KeyEnd,
	}
	if k == "space" {
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	}
	if t, ok := special[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// Messages runs a command as the runtime would, the commands of a batch
// too, and returns the messages they produce, in order.
func Messages(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, Messages(c)...)
		}
		return out
	}
	return []tea.Msg{msg}
}
