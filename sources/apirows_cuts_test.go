package sources

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/sources/synth"
)

// smallWindows cuts files into windows of n bytes for one test.
func smallWindows(t *testing.T, n int) {
	was := windowBytes
	windowBytes = n
	t.Cleanup(func() { windowBytes = was })
}

// A file cut into many more windows than cores, read from memory and from
// a mapping (whose stretches are given back window by window), gives the
// sequential decoder's points, in order, each window in its place.
func TestParallelAPIRowsManyWindows(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: the parallel path is not taken")
	}
	smallWindows(t, 64<<10)
	data := genAPIRows(6000)
	cuts := windowCuts(data, runtime.GOMAXPROCS(0))
	if len(cuts) < 40 {
		t.Fatalf("%d windows in %d bytes", len(cuts), len(data))
	}
	seq := loadSequential(t, data)
	par := LoadBytes("rows.json", data, Options{})
	if len(par.Warnings) != 0 || len(par.Points) != 6000 || !reflect.DeepEqual(par.Points, seq.Points) {
		t.Fatalf("parallel %d points %v, sequential %d", len(par.Points), par.Warnings, len(seq.Points))
	}
	if cap(par.Points) != len(par.Points) {
		t.Errorf("%d points with room for %d: not decoded in place", len(par.Points), cap(par.Points))
	}

	path := filepath.Join(t.TempDir(), "rows.json")
	os.WriteFile(path, data, 0o644)
	fd := mapped(t, path)
	defer fd.release()
	got := &Dataset{}
	if !loadMapped(path, fd, Options{}, got) {
		t.Fatal("not parsed from the mapping")
	}
	want := &Dataset{}
	loadFile(path, data, Options{}, want)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("mapped: %d points %v; in memory: %d", len(got.Points), got.Warnings, len(want.Points))
	}
}

// The cuts start rows, each after the one before; rows longer than a
// window give fewer windows, never an empty one.
func TestWindowCuts(t *testing.T) {
	smallWindows(t, 4096)
	rows := func(pad int) []byte {
		var b bytes.Buffer
		b.WriteString("[\n ")
		for i := range 200 {
			if i > 0 {
				b.WriteString(",\n ")
			}
			fmt.Fprintf(&b, `{"model":"m","note":%q,"metrics":{"a":%d}}`, bytes.Repeat([]byte("x"), pad), i)
		}
		b.WriteString("]")
		return b.Bytes()
	}
	for _, pad := range []int{10, 3000, 9000} {
		data := rows(pad)
		cuts := windowCuts(data, 2)
		if len(cuts) == 0 || cuts[0] != 3 {
			t.Fatalf("pad %d: windows %v, not from the first row", pad, cuts)
		}
		for i, c := range cuts {
			if data[c] != '{' || (i > 0 && c <= cuts[i-1]) {
				t.Fatalf("pad %d: cut %d at %d (%q) after %d", pad, i, c, data[c:c+2], cuts[max(i-1, 0)])
			}
			if i > 0 && !bytes.HasSuffix(bytes.TrimRight(data[:c], " \n,"), []byte("}}")) {
				t.Fatalf("pad %d: cut %d is not after a row", pad, i)
			}
		}
		want := min(len(data)/4096, 200)
		if pad == 9000 {
			want = 199 // a row start a window: every row but the first
		}
		if len(cuts) < want {
			t.Errorf("pad %d: %d windows in %d bytes, want %d", pad, len(cuts), len(data), want)
		}
	}
	if windowCuts([]byte(`{"a":1}`), 2) != nil || windowCuts([]byte(`[{"a":1}]`), 2) != nil {
		t.Error("cuts in a file that is no array of several rows")
	}
}

// Windows are taken in turn, not dealt out: while one worker is held up in
// its first window, the other takes every other window. Dealt out a half
// each, the held worker's half would wait for it (a core the host slows).
func TestInTurnTakesWindowsInTurn(t *testing.T) {
	const n = 50
	var done atomic.Int32
	rest := make(chan struct{})
	var once sync.Once
	took := make([]int32, n)
	var heldOnce sync.Once
	crashed := make([]string, 2)
	inTurn(2, n, crashed, func(worker, w int) {
		atomic.AddInt32(&took[w], 1)
		first := false
		heldOnce.Do(func() { first = true })
		if first {
			select {
			case <-rest:
			case <-time.After(10 * time.Second):
				t.Error("the other worker did not take the rest of the windows")
			}
		}
		if done.Add(1) == n-1 {
			once.Do(func() { close(rest) })
		}
	})
	for w, k := range took {
		if k != 1 {
			t.Errorf("window %d taken %d times", w, k)
		}
	}
	if crashed[0] != "" || crashed[1] != "" {
		t.Errorf("crashed: %q", crashed)
	}
}

// A worker's panic ends that worker and is kept; the other worker still
// takes every window left.
func TestInTurnKeepsAPanic(t *testing.T) {
	const n = 40
	took := make([]int32, n)
	crashed := make([]string, 2)
	inTurn(2, n, crashed, func(_, w int) {
		atomic.AddInt32(&took[w], 1)
		if w == 3 {
			panic("window 3")
		}
	})
	kept := 0
	for _, c := range crashed {
		if c != "" {
			kept++
			if !bytes.Contains([]byte(c), []byte("window 3")) {
				t.Errorf("kept %q", c)
			}
		}
	}
	if kept != 1 {
		t.Fatalf("%d panics kept", kept)
	}
	for w, k := range took {
		if k != 1 {
			t.Errorf("window %d taken %d times", w, k)
		}
	}
}

// A large file's windows, one a core or many, give the same points.
func TestParallelAPIRowsWindowSizes(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: the parallel path is not taken")
	}
	data := synth.Rows(20000, 12)
	want := LoadBytes("rows.json", data, Options{})
	for _, n := range []int{len(data), 1 << 20, 100 << 10, 7 << 10} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			smallWindows(t, n)
			got := LoadBytes("rows.json", data, Options{})
			if len(got.Warnings) != 0 || !reflect.DeepEqual(got.Points, want.Points) {
				t.Fatalf("%d points %v, want %d", len(got.Points), got.Warnings, len(want.Points))
			}
		})
	}
}

// readLog is a mapped file for the parallel path: it counts how many
// times each byte of data is read, keeps the buffers it read into, and
// fails every read past cutAt (a file cut short since it was mapped), or
// only the second read there (cut short between the count and the parse)
// when cutLate is set.
type readLog struct {
	data    []byte
	cutAt   int
	cutLate bool
	mu      sync.Mutex
	reads   []int
	dsts    [][]byte
}

func (l *readLog) readInto(dst []byte, lo int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if lo+len(dst) > l.cutAt && (!l.cutLate || l.reads[lo] > 0) {
		return false
	}
	copy(dst, l.data[lo:])
	for i := lo; i < lo+len(dst); i++ {
		l.reads[i]++
	}
	l.dsts = append(l.dsts, dst)
	return true
}

func newReadLog(data []byte) *readLog {
	return &readLog{data: data, cutAt: len(data), reads: make([]int, len(data))}
}

// A parse of a mapped file reads every byte of the rows twice, once to
// count them and once to decode them, into buffers of its own that no
// point refers to after: scribbled over once the parse is done, they
// change no point. Windows of one buffer's length and of many.
func TestMappedParseReadsEachByteTwice(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: the parallel path is not taken")
	}
	data := genAPIRows(6000)
	want := &Dataset{}
	parseAPIRowsMapped("rows.json", data, want, "published", nil)
	for _, w := range []int{64 << 10, 256 << 10, len(data)} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			smallWindows(t, w)
			log := newReadLog(data)
			ds := &Dataset{}
			if !parseAPIRowsParallel("rows.json", data, ds, "published", log) {
				t.Fatal("the parallel path was not taken")
			}
			for _, dst := range log.dsts {
				for i := range dst {
					dst[i] = 'x'
				}
			}
			if len(ds.Points) != 6000 || len(ds.Warnings) != 0 || !reflect.DeepEqual(ds.Points, want.Points) {
				t.Fatalf("%d points, %v: not the in-memory parse's", len(ds.Points), ds.Warnings)
			}
			for i := windowCuts(data, runtime.GOMAXPROCS(0))[0]; i < len(data); i++ {
				if log.reads[i] != 2 {
					t.Fatalf("byte %d of %d: read %d times", i, len(data), log.reads[i])
				}
			}
		})
	}
}

// A file cut short since it was mapped fails a window's read: the
// parallel path leaves it to the sequential one, which then reads the
// mapping (and, for a real file, faults: the load's "changed while being
// read"). In memory here, the sequential path reads every row.
func TestMappedParseCutShortLeavesItToTheSequentialPath(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: the parallel path is not taken")
	}
	data := genAPIRows(6000)
	smallWindows(t, 64<<10)
	for _, c := range []struct {
		at   int
		late bool
	}{{len(data) - 1, false}, {len(data) / 2, false}, {10, false}, {len(data) - 1, true}, {len(data) / 2, true}} {
		cut := c.at
		log := newReadLog(data)
		log.cutAt, log.cutLate = cut, c.late
		ds := &Dataset{}
		if parseAPIRowsParallel("rows.json", data, ds, "published", log) {
			t.Fatalf("cut at %d of %d (late %v): the parallel path parsed it", cut, len(data), c.late)
		}
		if len(ds.Points) != 0 || len(ds.Warnings) != 0 {
			t.Fatalf("cut at %d: the parallel path left %d points, %v", cut, len(ds.Points), ds.Warnings)
		}
		parseAPIRowsMapped("rows.json", data, ds, "published", log)
		if len(ds.Points) != 6000 || len(ds.Warnings) != 0 {
			t.Fatalf("cut at %d: %d points, %v", cut, len(ds.Points), ds.Warnings)
		}
	}
}
