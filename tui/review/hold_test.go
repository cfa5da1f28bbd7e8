package review

import (
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
	"github.com/sweeptune/sweeptune/tui/keys"
	"github.com/sweeptune/sweeptune/tui/quiet"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// Curves stepped through fast are reviewed once, the last: the reviews
// of the curves left give no message, and the pane shows the review of
// the curve stopped on, as one asked for at once would.
func TestReviewsOfCurvesSteppedThroughAreHeld(t *testing.T) {
	st := workbench.New()
	st.SetPoints(testkit.Demo())
	var lastKey atomic.Int64
	m := New(st, keys.Default().Review, testkit.Plain())
	m.SetGate(quiet.New(&lastKey, 20*time.Millisecond))
	var cmds []tea.Cmd
	for range 3 {
		lastKey.Store(time.Now().UnixNano())
		st.StepCurve(1)
		m.Refresh(st.TakeChanges())
		cmds = append(cmds, m.Pending())
	}
	for i, cmd := range cmds[:2] {
		if msg := cmd(); msg != nil {
			t.Fatalf("the review of curve %d, left, gave %T", i, msg)
		}
	}
	msg := cmds[2]()
	if _, ok := msg.(reviewedMsg); !ok {
		t.Fatalf("the review of the curve stopped on gave %T", msg)
	}
	m.Handle(msg)
	at := New(st, keys.Default().Review, testkit.Plain()) // no gate: at once
	at.Refresh(workbench.ChangeCurve)
	at.Handle(at.Pending()())
	if !m.ready || !reflect.DeepEqual(m.report, at.report) {
		t.Fatal("the held review is not the review of the shown curve")
	}
}

// The review the command drew is what the pane draws itself, at its
// size; one drawn for another size or theme is drawn again.
func TestReviewDrawnByTheCommandIsThePanes(t *testing.T) {
	st := workbench.New()
	st.SetPoints(testkit.Demo())
	for _, change := range []string{"none", "resized", "restyled"} {
		m := New(st, keys.Default().Review, testkit.Plain())
		m.SetSize(52, 30)
		m.Refresh(workbench.ChangeCurve)
		cmd := m.Pending()
		switch change {
		case "resized":
			m.SetSize(70, 30)
		case "restyled":
			m.SetStyles(testkit.Plain())
		}
		msg := cmd()
		if r, ok := msg.(reviewedMsg); !ok || r.drawn == nil {
			t.Fatalf("%s: the command drew no review", change)
		}
		m.Handle(msg)
		got := m.View()
		m.redraw()
		if want := m.View(); got != want || !strings.Contains(got, "removal review") {
			t.Fatalf("%s: the pane shows\n%s\nwant\n%s", change, got, want)
		}
	}
}
