package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// newLoaded is a workbench of w×h that has loaded pts (no session file).
func newLoaded(t testing.TB, w, h int, pts []model.Point) *Model {
	t.Helper()
	m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.load()
	m.Update(loadedMsg{gen: m.gen, ds: &sources.Dataset{Points: pts, Files: 1}})
	return m
}

func demoModel(t testing.TB, w, h int) *Model { return newLoaded(t, w, h, testkit.Demo()) }

// press sends keys one by one, as a terminal would.
func press(m *Model, ks ...string) tea.Cmd {
	var last tea.Cmd
	for _, k := range ks {
		_, last = m.Update(testkit.Key(k))
	}
	return last
}

// typeText presses each rune of s.
func typeText(m *Model, s string) {
	for _, r := range s {
		m.Update(testkit.Key(string(r)))
	}
}

// settle runs the panes' background work (review, export build) inline,
// as the runtime would run their commands.
func settle(m *Model) {
	for _, p := range m.panes {
		if s, ok := p.(interface{ Sync() }); ok {
			s.Sync()
		}
	}
	m.compose()
}
