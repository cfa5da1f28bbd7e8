package points

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// TestFooterKeepsTheCounts: with a filter in a narrow pane the footer
// drops the sort order, then whole parts, instead of cutting mid-word
// ("… · sort tput/G") and losing the marked count.
func TestFooterKeepsTheCounts(t *testing.T) {
	m, _ := newPane(testkit.Plain(), 54, 20)
	m.Update(testkit.Key("/"))
	for _, r := range "np:9 bs:>=96 !mode:agg" {
		m.Update(testkit.Key(string(r)))
	}
	m.Update(testkit.Key("enter"))
	lines := strings.Split(m.View(), "\n")
	foot := strings.TrimRight(ansi.Strip(lines[len(lines)-1]), " ")
	if want := "/np:9 bs:>=96 !mode:agg · 3 of 16 points · 1 marked"; foot != want {
		t.Errorf("footer %q, want %q", foot, want)
	}
	if got := fitParts([]string{"/a-very-long-filter", "2 of 16 points", "sort x ▼", "1 marked"}, 30); got != "/a-very-long-filter …" {
		t.Errorf("fitParts: %q", got)
	}
}
