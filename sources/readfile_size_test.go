package sources

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// sparse makes a file of size bytes that takes no disk (all zeros).
func sparse(t *testing.T, path string, size int64) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		t.Skip("no sparse files here:", err)
	}
}

// A 40 GB sparse file in a results tree used to grow the read buffer to
// its size (fatal: out of memory). It is skipped before a byte is read,
// saying its size and the limit; the rest of the tree loads.
func TestHugeFileIsSkippedBeforeItIsRead(t *testing.T) {
	dir := t.TempDir()
	writeFixture(t, filepath.Join(dir, "agg.json"), "agg_5p-c2884.json")
	huge := filepath.Join(dir, "core.json")
	sparse(t, huge, 40_000_000_000)
	ds := loadWithin(t, dir)
	if len(ds.Points) != 1 {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	if msg := warningFor(ds, huge); msg != "skipped: 40 GB, over the 2.0 GB limit" {
		t.Errorf("warning %q", msg)
	}
	if _, err := ReadRegular(huge); err == nil || err.Error() != "skipped: 40 GB, over the 2.0 GB limit" {
		t.Errorf("ReadRegular: %v", err)
	}
}

// A binary under the size limit used to be read whole to be called binary
// (1.06 GB allocated for a 1 GB file). Detection streams: the first few KB
// decide, and the load allocates next to nothing for it.
func TestBinaryIsCalledBinaryAfterAFewKB(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "model.safetensors")
	sparse(t, bin, 400_000_000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ds := loadWithin(t, bin)
	runtime.ReadMemStats(&after)
	if msg := warningFor(ds, bin); msg != "binary file, not a known format" {
		t.Errorf("warning %q", msg)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Errorf("calling a 400 MB binary binary allocated %d bytes, want under 4 MiB", got)
	}
}

// The limit words sizes in the units a person reads.
func TestSizeText(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{{999, "999 B"}, {1_500, "1.5 kB"}, {40_000_000_000, "40 GB"}, {1_073_741_824, "1.1 GB"}, {500_000_000, "500 MB"}, {12_345_678_901_234, "12 TB"}} {
		if got := sizeText(c.n); got != c.want {
			t.Errorf("sizeText(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	if !strings.Contains(TooLargeError{Size: 0, Limit: 500_000_000}.Error(), "past the 500 MB limit") {
		t.Error(TooLargeError{Limit: 500_000_000}.Error())
	}
}
