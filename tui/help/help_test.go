package help

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/keys"
)

// bindingsOf walks a pane's key struct (nested structs included).
func bindingsOf(v reflect.Value) []key.Binding {
	var out []key.Binding
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		switch b := f.Interface().(type) {
		case key.Binding:
			out = append(out, b)
		default:
			if f.Kind() == reflect.Struct {
				out = append(out, bindingsOf(f)...)
			}
		}
	}
	return out
}

// TestHelpListsEveryPaneKey: every key a pane binds is in its help group
// (the review pane's K and the export pane's B were missing).
func TestHelpListsEveryPaneKey(t *testing.T) {
	km := keys.Default()
	panes := []any{km.Curve, km.Points, km.Planner, km.Review, km.Export}
	groups := km.PaneGroups()
	for i, p := range panes {
		listed := map[string]bool{}
		for _, b := range groups[i].Keys {
			for _, k := range b.Keys() {
				listed[k] = true
			}
		}
		for _, b := range bindingsOf(reflect.ValueOf(p)) {
			for _, k := range b.Keys() {
				if !listed[k] {
					t.Errorf("pane %s: key %q (%s) is bound but not in the help", groups[i].Title, k, b.Help().Desc)
				}
			}
		}
	}
}

// TestHelpColumnsKeepWholeDescriptions: a description longer than its
// column wraps inside it instead of being cut or running into the next.
func TestHelpColumnsKeepWholeDescriptions(t *testing.T) {
	st := themes.New(themes.None, lipgloss.NewRenderer(nil))
	km := keys.Default()
	for _, w := range []int{78, 138, 218} {
		text := ansi.Strip(Text(km, 1, nil, st, w))
		ncols := max(w/colW, 1)
		cw := w / ncols
		cols := make([]string, ncols)
		for _, line := range strings.Split(text, "\n") {
			r := []rune(line)
			if len(r) > w {
				t.Fatalf("w=%d: line %q wider than the screen", w, line)
			}
			for c := 0; c < ncols; c++ {
				lo, hi := c*cw, (c+1)*cw
				if lo >= len(r) {
					continue
				}
				if hi <= len(r) && c < ncols-1 && r[hi-1] != ' ' {
					t.Errorf("w=%d: column %d touches the next: %q", w, c, line)
				}
				cols[c] += " " + string(r[lo:min(hi, len(r))])
			}
		}
		all := ""
		for _, c := range cols {
			all += " " + strings.Join(strings.Fields(c), " ")
		}
		for _, g := range km.PaneGroups() {
			for _, b := range g.Keys {
				if d := b.Help().Desc; !strings.Contains(all, d) {
					t.Errorf("w=%d: %q is not whole in the help", w, d)
				}
			}
		}
	}
}
