package cli

import (
	"strings"
	"testing"
)

func TestTableAlignsByDisplayWidth(t *testing.T) {
	out := textTable([]string{"id", "tput"}, [][]string{{"7p–b96", "1,033,494"}, {"agg", "29,428"}}, []bool{false, true})
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	want := []string{"id           tput", "──────  ─────────", "7p–b96  1,033,494", "agg        29,428"}
	for i := range want {
		if strings.TrimRight(lines[i], " ") != strings.TrimRight(want[i], " ") {
			t.Errorf("line %d %q, want %q", i, lines[i], want[i])
		}
	}
}
