package session

import (
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A save is a temporary file beside the session renamed over it
// (sources.WriteFileAtomic: ".<name>.tmp-<digits>"); a workbench killed
// mid-save leaves the temporary file. The next start removes those of its
// own session file that are older than staleAfter (a save takes
// milliseconds; another workbench's save in progress is younger).
const staleAfter = time.Minute

// removeStaleTemps removes the leftover temporary files of the session at
// path, returning how many.
func removeStaleTemps(path string, now time.Time) int {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	prefix := "." + base + ".tmp-"
	n := 0
	for _, e := range entries {
		digits, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || digits == "" || strings.Trim(digits, "0123456789") != "" || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil || now.Sub(info.ModTime()) < staleAfter {
			continue
		}
		if os.Remove(filepath.Join(dir, e.Name())) == nil {
			n++
		}
	}
	return n
}
