package sources

import (
	"bytes"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

func loadSequential(t *testing.T, data []byte) *Dataset {
	t.Helper()
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	return LoadBytes("rows.json", data, Options{})
}

// The parallel path must give exactly what the sequential decoder gives.
func TestParallelAPIRowsMatchSequential(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: the parallel path is not taken")
	}
	data := genAPIRows(5000)
	if len(data) < parallelMinBytes {
		t.Fatalf("fixture %d bytes is below the parallel threshold", len(data))
	}
	par := LoadBytes("rows.json", data, Options{})
	seq := loadSequential(t, data)
	if len(par.Points) != 5000 || len(par.Warnings) != 0 {
		t.Fatalf("parallel: %d points, %v", len(par.Points), par.Warnings)
	}
	if !reflect.DeepEqual(par.Points, seq.Points) {
		t.Fatal("parallel and sequential points differ")
	}
}

// A bad row late in a large file: the parallel path steps aside and the
// warning names the row's true index and line, with every other row loaded.
func TestParallelAPIRowsFallBackOnBadRow(t *testing.T) {
	data := genAPIRows(5000)
	// Break the concurrency of the last row.
	i := bytes.LastIndex(data, []byte(`"conc":`))
	bad := append(append(append([]byte{}, data[:i]...), []byte(`"conc":"many",`)...), data[bytes.IndexByte(data[i:], ',')+i+1:]...)
	ds := LoadBytes("rows.json", bad, Options{})
	if len(ds.Points) != 4999 || len(ds.Warnings) != 1 {
		t.Fatalf("%d points, warnings %v", len(ds.Points), ds.Warnings)
	}
	if w := ds.Warnings[0].String(); !strings.Contains(w, "[4999].conc") {
		t.Errorf("warning %q does not name row 4999", w)
	}
}
