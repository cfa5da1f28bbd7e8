package points

import tea "github.com/charmbracelet/bubbletea"

// input is a one-line filter field. bubbles' textinput would pull in a
// clipboard module that go.mod does not pin; a filter needs only typing
// and backspace.
type input struct{ value []rune }

func (in *input) Value() string     { return string(in.value) }
func (in *input) SetValue(s string) { in.value = []rune(s) }

// Update edits the value; it reports whether the value changed.
func (in *input) Update(msg tea.KeyMsg) bool {
	switch msg.Type {
	case tea.KeyBackspace:
		if len(in.value) > 0 {
			in.value = in.value[:len(in.value)-1]
			return true
		}
	case tea.KeyCtrlU:
		in.value = in.value[:0]
		return true
	case tea.KeyRunes, tea.KeySpace:
		in.value = append(in.value, msg.Runes...)
		return len(msg.Runes) > 0
	}
	return false
}

// View is the field with a block cursor.
func (in *input) View() string { return "/" + string(in.value) + "█" }
