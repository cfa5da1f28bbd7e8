package review

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/workbench"
)

// s switches the review pane to the shown curve's selection (the words
// select prints) and back.
func TestSelectionView(t *testing.T) {
	st := workbench.New()
	st.SetPoints(testkit.Demo())
	st.SetX(model.AxisP90Intvty)
	m := New(st, keys.Default().Review, testkit.Plain())
	m.SetSize(200, 60)
	m.Update(testkit.Key("s"))
	m.Sync()
	for _, want := range []string{"Selection on deepseek-ai/DeepSeek-V4.1-Flash", "178.1 – 218.5", "no measured candidate", "Remove: agg TP2/EP2 c16"} {
		if !strings.Contains(m.View(), want) {
			t.Errorf("selection view lacks %q:\n%s", want, m.View())
		}
	}
	m.Update(testkit.Key("s"))
	m.Sync()
	if strings.Contains(m.View(), "Selection on") {
		t.Errorf("s did not go back to the review:\n%s", m.View())
	}
}
