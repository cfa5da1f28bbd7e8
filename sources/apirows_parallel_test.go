package sources

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/synth"
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

// Rows far shorter than the first ones guessed (a worker outgrows its
// window) and rows so long a worker holds only a few: the parallel path
// still gives the sequential decoder's points, in order.
func TestParallelAPIRowsWindows(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: the parallel path is not taken")
	}
	row := func(b *bytes.Buffer, i, pad int) {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(b, `{"hardware":"h200","framework":"sglang","model":"m","precision":"fp8","isl":1024,"osl":1024,"conc":%d,"tp":8,"num_gpus":8,"metrics":{"tput_per_gpu":%d.5,"mean_intvty":%d.25},"note":%q}`,
			i+1, 1000+i, 10+i%100, strings.Repeat("x", pad))
	}
	for name, pad := range map[string]func(i int) int{
		"long first rows": func(i int) int {
			if i < 200 {
				return 2000
			}
			return 0
		},
		"huge rows": func(int) int { return 1 << 20 },
	} {
		var b bytes.Buffer
		b.WriteByte('[')
		for i := 0; b.Len() < 2*parallelMinBytes; i++ {
			row(&b, i, pad(i))
		}
		b.WriteByte(']')
		par := LoadBytes("rows.json", b.Bytes(), Options{})
		seq := loadSequential(t, b.Bytes())
		if len(par.Warnings) != 0 || len(par.Points) != len(seq.Points) || !reflect.DeepEqual(par.Points, seq.Points) {
			t.Fatalf("%s: parallel %d points %v, sequential %d", name, len(par.Points), par.Warnings, len(seq.Points))
		}
		if cap(par.Points) != len(par.Points) {
			t.Errorf("%s: %d points with room for %d", name, len(par.Points), cap(par.Points))
		}
	}
}

// The windows are sized by the metrics objects counted, whatever the space
// around the colon; a "metrics" that is not an object's key, or whose value
// is not an object, is not counted.
func TestCountMetricsObjects(t *testing.T) {
	for in, want := range map[string]int{
		`[{"metrics":{"a":1}},{"metrics" : {"a":2}},{"metrics"` + "\n:\t" + `{}}]`: 3,
		`[{"note":"metrics","metrics":null},{"x":{"metrics":1}}]`:                  0,
		`{"metrics":{}}`: 1,
		`metrics":{`:     0,
		`:{`:             0,
		`{`:              0,
		``:               0,
	} {
		if got := countMetricsObjects([]byte(in), 0, len(in)); got != want {
			t.Errorf("countMetricsObjects(%q) = %d, want %d", in, got, want)
		}
	}
	// Counted by stretches, a key before a stretch's start still counts
	// for the brace in it, once.
	in := []byte(`[{"metrics":{"a":1}},{"metrics":{"a":2}}]`)
	for cut := 0; cut <= len(in); cut++ {
		if got := countMetricsObjects(in, 0, cut) + countMetricsObjects(in, cut, len(in)); got != 2 {
			t.Fatalf("cut at %d: %d", cut, got)
		}
	}
}

// Several large files are decoded into one array, each after the files
// before it: what the sequential decoder gives, the points of earlier
// files moved only when the array doubles.
func TestParallelAPIRowsManyFiles(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: the parallel path is not taken")
	}
	files := synth.RowFiles(40000, 12, 8000)
	names := make([]string, len(files))
	for i := range files {
		names[i] = fmt.Sprintf("rows%d.json", i)
		if len(files[i]) < parallelMinBytes {
			t.Fatalf("file %d is %d bytes: too small for the parallel path", i, len(files[i]))
		}
	}
	par := LoadFiles(names, files, Options{})
	prev := runtime.GOMAXPROCS(1)
	seq := LoadFiles(names, files, Options{})
	runtime.GOMAXPROCS(prev)
	if len(par.Warnings) != 0 || len(par.Points) != 40000 || !reflect.DeepEqual(par.Points, seq.Points) {
		t.Fatalf("parallel %d points %v, sequential %d", len(par.Points), par.Warnings, len(seq.Points))
	}
	// Five files of 8,000: room made for 8,000, then 16,000, 32,000 and 64,000.
	if c := cap(par.Points); c != 64000 {
		t.Errorf("room for %d points after five files of 8,000", c)
	}
}

// Windows that hold more rows than they counted (rows whose metrics are
// null) and fewer (a "metrics" object inside another key), in every
// order: the points are the sequential decoder's, none written over by
// another window's.
func TestParallelAPIRowsUncountedRows(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: the parallel path is not taken")
	}
	smallWindows(t, 256<<10)
	const rows = 5000
	for name, change := range map[string]func(k int) string{
		"more rows first":  func(k int) string { return map[bool]string{true: "null"}[k%7 == 3 && k < rows/2] },
		"more rows last":   func(k int) string { return map[bool]string{true: "null"}[k%7 == 3 && k >= rows/2] },
		"fewer rows first": func(k int) string { return map[bool]string{true: "extra"}[k%5 == 1 && k < rows/2] },
		"more, then fewer": func(k int) string {
			switch {
			case k%7 == 3 && k < rows/3:
				return "null"
			case k%5 == 1 && k > 2*rows/3:
				return "extra"
			}
			return ""
		},
	} {
		data := genAPIRows(rows)
		var b bytes.Buffer
		for k := 0; ; k++ {
			i := bytes.Index(data, []byte(`"metrics":{`))
			if i < 0 {
				b.Write(data)
				break
			}
			j := i + bytes.IndexByte(data[i:], '}')
			b.Write(data[:i])
			switch change(k) {
			case "null":
				b.WriteString(`"metrics":null`)
			case "extra":
				b.WriteString(`"x":{"metrics":{}},`)
				b.Write(data[i : j+1])
			default:
				b.Write(data[i : j+1])
			}
			data = data[j+1:]
		}
		par := LoadBytes("rows.json", b.Bytes(), Options{})
		seq := loadSequential(t, b.Bytes())
		if len(par.Points) != rows || !reflect.DeepEqual(par.Points, seq.Points) || !reflect.DeepEqual(par.Warnings, seq.Warnings) {
			t.Errorf("%s: parallel %d points, sequential %d; the same points: %v", name, len(par.Points), len(seq.Points), reflect.DeepEqual(par.Points, seq.Points))
		}
	}
}
