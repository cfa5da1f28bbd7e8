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

// The windows are sized from sampled rows: a guess under the true count
// (a worker outgrows its window) or far over gives the same points.
func TestParallelAPIRowsWindowGuess(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: the parallel path is not taken")
	}
	data := genAPIRows(5000)
	seq := loadSequential(t, data)
	defer func() { rowEstimate = estimateRows }()
	for name, guess := range map[string]func([]byte, int, int) int{
		"under": func([]byte, int, int) int { return 1 },
		"over":  func(data []byte, from, to int) int { return 3 * estimateRows(data, from, to) },
	} {
		rowEstimate = guess
		par := LoadBytes("rows.json", data, Options{})
		if len(par.Points) != 5000 || len(par.Warnings) != 0 || cap(par.Points) != 5000 {
			t.Fatalf("%s: %d points (cap %d), %v", name, len(par.Points), cap(par.Points), par.Warnings)
		}
		if !reflect.DeepEqual(par.Points, seq.Points) {
			t.Fatalf("%s: parallel and sequential points differ", name)
		}
	}
}

// The guess from sampled rows is not under the true count of the
// generated rows, and not far over.
func TestEstimateRows(t *testing.T) {
	for _, n := range []int{1, 10, 5000} {
		data := genAPIRows(n)
		from := skipSpace(data, 1)
		got := estimateRows(data, from, len(data))
		if got < n || got > n+n/4+20 {
			t.Errorf("%d rows: guessed %d", n, got)
		}
	}
}
