package sources

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestLaterRoom(t *testing.T) {
	for _, c := range []struct {
		n     int
		later int64
		want  int
	}{
		{1000, 0, 0},                        // one file: exactly its rows
		{1000, 100 * laterBytesAPoint, 100}, // a point per laterBytesAPoint
		{1000, 1 << 40, 250},                // never more than a quarter
	} {
		if got := laterRoom(c.n, c.later); got != c.want {
			t.Errorf("laterRoom(%d, %d) = %d, want %d", c.n, c.later, got, c.want)
		}
		if got := cap(roomFor(nil, c.n, c.later)); got != c.n+c.want {
			t.Errorf("roomFor(nil, %d, %d) has room for %d", c.n, c.later, got)
		}
	}
}

// A large rows file read before a directory of small results (a dump and
// local runs) keeps its array: their points go into the room left after
// it, with no second array and no copy.
func TestLargeRowsFileLeavesRoomForTheFilesAfter(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: the parallel path is not taken")
	}
	dir := t.TempDir()
	big := filepath.Join(dir, "a-rows.json")
	data := genAPIRows(9000)
	if len(data) < parallelMinBytes {
		t.Fatalf("%d bytes: not read in parallel", len(data))
	}
	os.WriteFile(big, data, 0o644)
	local := filepath.Join(dir, "local")
	os.Mkdir(local, 0o755)
	small := genAPIRows(40)
	for _, name := range []string{"r1.json", "r2.json", "r3.json"} {
		os.WriteFile(filepath.Join(local, name), small, 0o644)
	}
	paths := []string{big, local}
	total, largest := InputSize(paths)
	if largest != int64(len(data)) || total != largest+3*int64(len(small)) {
		t.Fatalf("InputSize = %d, %d", total, largest)
	}
	ds := &Dataset{laterBytes: total}
	loadPath(big, Options{}, ds)
	if len(ds.Points) != 9000 || len(ds.Warnings) != 0 {
		t.Fatalf("%d points, %v", len(ds.Points), ds.Warnings)
	}
	first := &ds.Points[0]
	if room := cap(ds.Points) - len(ds.Points); room < 120 || room > 9000/4 {
		t.Fatalf("room for %d points after the large file", room)
	}
	loadPath(local, Options{}, ds)
	if len(ds.Points) != 9120 || &ds.Points[0] != first {
		t.Fatalf("%d points; moved to a second array: %v", len(ds.Points), &ds.Points[0] != first)
	}
	if ds.laterBytes != 0 {
		t.Errorf("%d bytes still to read after the last file", ds.laterBytes)
	}
}
