package sources

import (
	"regexp"
	"testing"
)

// sniffPointsTable's line test is the pattern it replaces, (?m)^points:.
func TestPointsTableSniffLineIsThePattern(t *testing.T) {
	re := regexp.MustCompile(`(?m)^points:`)
	for _, s := range []string{"points:", "curve:\npoints:\n", "curve:\n  points:\n", "xpoints:", "curve: x\r\npoints:", "source: local\n\npoints: []", "curve:\n#points:", "points", "\npoints:"} {
		data := []byte(s + "\ncurve: {}")
		if got, want := sniffPointsTable(data), re.Match(data); got != want {
			t.Errorf("sniffPointsTable(%q) = %v, the pattern says %v", data, got, want)
		}
	}
}
