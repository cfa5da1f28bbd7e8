package sources

import (
	"bytes"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/sweeptune/sweeptune/internal/jsonscan"
	"github.com/sweeptune/sweeptune/internal/mem"
	"github.com/sweeptune/sweeptune/model"
)

// Large API dumps are parsed on every core. The file is cut into windows
// of a few megabytes at row boundaries (a `},{"` between rows), which the
// workers take in turn, each decoding with its own decoder and landing
// exactly on the next cut. Any surprise (a cut that was not a boundary, a
// syntax error, a bad row) sends the file to the sequential path, which
// reports problems precisely.
//
// Many small windows taken in turn, not one large one a core: the virtual
// machines this runs on give their cores unequal speeds that change by the
// second (two copies of one loop, one a core, differ by 10–30 %), and with
// one window a core the quicker one waited for the slower at the end of
// every parse.

const parallelMinBytes = 4 << 20

// windowBytes is about how much of the file a window holds (a test makes
// it small); maxWindows bounds how many a file is cut into.
var windowBytes = 4 << 20

const maxWindows = 1024

func parseAPIRowsParallel(path string, data []byte, ds *Dataset, src model.Source, file fileReader) bool {
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || len(data) < parallelMinBytes {
		return false
	}
	cuts := windowCuts(data, workers)
	if cuts == nil {
		return false
	}
	// Every row has one "metrics" key: counting them in each window (in
	// parallel) gives each window its part of one shared array, so points
	// are written once, in place, in file order. A count that is off (a
	// value or another key ending in metrics) only costs the copy after.
	ends := make([]int, len(cuts))
	for w := range cuts {
		ends[w] = len(data)
		if w+1 < len(cuts) {
			ends[w] = cuts[w+1]
		}
	}
	lo := make([]int, len(cuts)+1)
	crashed := make([]string, workers)
	win := newWindowReader(data, file, workers, cuts, ends)
	cutShort := make([]bool, len(cuts))
	inTurn(workers, len(cuts), crashed, func(worker, w int) {
		b, from, to, ok := win.bytes(worker, cuts[w], ends[w])
		lo[w+1], cutShort[w] = countMetricsObjects(b, from, to), !ok
	})
	raiseCrash(path, crashed)
	if slices.Contains(cutShort, true) {
		return false // the file was cut short: the sequential path says so
	}
	for w := range cuts {
		lo[w+1] += lo[w]
	}
	// A collection started by this allocation would read the fresh array
	// ahead of the workers' first writes (mem.WritePages): none runs until
	// every window has been written once.
	resume := sync.OnceFunc(pauseCollector(file != nil))
	base := len(ds.Points)
	ds.Points = roomFor(ds.Points, lo[len(cuts)], ds.laterBytes)
	all := ds.Points[base : base+lo[len(cuts)]]
	parts := make([]Dataset, len(cuts))
	for w := range parts {
		parts[w].Points = all[lo[w]:lo[w]:lo[w+1]]
	}
	ok := make([]bool, len(cuts))
	decoders := make([]*rowDecoder, workers)
	var touched atomic.Int32
	inTurn(workers, len(cuts), crashed, func(worker, w int) {
		mem.WritePages(all[lo[w]:lo[w+1]])
		if int(touched.Add(1)) == len(cuts) {
			resume()
		}
		if decoders[worker] == nil {
			decoders[worker] = newRowDecoder(data)
		}
		d := decoders[worker]
		b, from, to, read := win.bytes(worker, cuts[w], ends[w])
		d.s.data = b
		ok[w] = read && decodeRowRange(d, from, to, w+1 == len(cuts), &parts[w], path, src)
	})
	resume() // when a worker crashed before every window was written
	raiseCrash(path, crashed)
	n := 0
	for w := range parts {
		if !ok[w] || len(parts[w].Warnings) > 0 {
			return false
		}
		n += len(parts[w].Points)
	}
	if inPlace(parts, lo) {
		ds.Points = ds.Points[:base+n]
		return true
	}
	ds.Points = gatherParts(ds.Points[:base], parts, all, lo, n, ds.laterBytes)
	return true
}

// gatherParts lays the windows' n points after points, in file order,
// when some window held more rows than it counted (rows whose metrics
// are null: its points went to a slice of their own) or fewer (a
// "metrics" object in another key: its points stop short of the next
// window's place). The points left in the shared array all (from
// points' end on, windows at lo) move: those that move right are moved
// first, the last window first, then the others in order, so that no
// move writes over points not yet moved (appended in order, the windows
// after a longer one were overwritten before they were copied:
// TestParallelAPIRowsUncountedRows). Points past the array's room go to
// a new one.
func gatherParts(points []model.Point, parts []Dataset, all []model.Point, lo []int, n int, later int64) []model.Point {
	base := len(points)
	if base+n > cap(points) {
		points = roomFor(points, n, later) // a new array: the parts are read where they are
		for w := range parts {
			points = append(points, parts[w].Points...)
		}
		return points
	}
	out := points[base : base+n]
	at := make([]int, len(parts)) // where each window's points go in out
	for w := 1; w < len(parts); w++ {
		at[w] = at[w-1] + len(parts[w-1].Points)
	}
	movesRight := func(w int) bool {
		p := parts[w].Points
		return len(p) > 0 && lo[w] < len(all) && &p[0] == &all[lo[w]] && at[w] > lo[w]
	}
	for w := len(parts) - 1; w >= 0; w-- {
		if movesRight(w) {
			copy(out[at[w]:], parts[w].Points)
		}
	}
	for w := range parts {
		if !movesRight(w) {
			copy(out[at[w]:], parts[w].Points)
		}
	}
	return points[:base+n]
}

// windowCuts are where the windows of the rows of data start: the first
// row, then a row start at or after each windowBytes (at least one window
// a worker); nil when data is not an array of objects or holds no row
// start where one is looked for.
func windowCuts(data []byte, workers int) []int {
	first := jsonscan.SkipSpace(data, 0)
	if first >= len(data) || data[first] != '[' {
		return nil
	}
	n := min(max(len(data)/windowBytes, workers), maxWindows)
	cuts := []int{jsonscan.SkipSpace(data, first+1)}
	for w := 1; w < n; w++ {
		c := nextRowStart(data, w*len(data)/n)
		if c < 0 {
			break // rows longer than a window near the end
		}
		if c > cuts[len(cuts)-1] {
			cuts = append(cuts, c)
		}
	}
	if len(cuts) < 2 {
		return nil
	}
	return cuts
}

// inTurn runs fn on windows 0 … n-1 from workers goroutines, each taking
// the next window not yet taken, and returns when every window is done; a
// worker's panic is kept in crashed[worker] and ends that worker (the
// others go on).
func inTurn(workers, n int, crashed []string, fn func(worker, w int)) {
	var next atomic.Int32
	var wg sync.WaitGroup
	for worker := range workers {
		wg.Go(func() {
			guarded(&crashed[worker], func() {
				for w := int(next.Add(1)) - 1; w < n; w = int(next.Add(1)) - 1 {
					fn(worker, w)
				}
			})
		})
	}
	wg.Wait()
}

// roomFor is points with room for n more after them: a file's rows are
// decoded straight into the dataset's array, after the files before it.
// The first file gets its rows and room for the points of the later
// files (laterRoom); one that does not fit doubles the array, so a
// directory of many files moves what came before a few times in all, not
// once a file (ten files of 100,000 rows: 4.5 million points moved). The
// move is made a block at a time, so that the collector can stop the
// goroutine between blocks instead of waiting for one copy of hundreds of
// megabytes.
func roomFor(points []model.Point, n int, later int64) []model.Point {
	if cap(points)-len(points) >= n {
		return points
	}
	if len(points) == 0 {
		return make([]model.Point, 0, n+laterRoom(n, later))
	}
	grown := make([]model.Point, len(points), max(len(points)+n+laterRoom(n, later), 2*len(points)))
	for i := 0; i < len(points); i += moveBlock {
		copy(grown[i:], points[i:min(i+moveBlock, len(points))])
	}
	return grown
}

// laterRoom is the room roomFor leaves after a file's n points for the
// files still to come (later bytes): a point for every laterBytesAPoint
// of them, at most a quarter of n. A million dashboard rows read with a
// directory of local results then take no second array (664 MB copied,
// the peak half as high again); the room is address space, its pages
// untouched until points are written. Files that make more points fit as
// before, the array grown.
func laterRoom(n int, later int64) int {
	return int(min(later/laterBytesAPoint, int64(n/4)))
}

// laterBytesAPoint is the bytes of input laterRoom counts for a point:
// fewer than any result format but a hand-written table takes for one.
const laterBytesAPoint = 128

// moveBlock is how many points roomFor copies at a time.
const moveBlock = 4096

// decodeRowRange decodes the rows of the decoder's data from start up to
// end (the next cut), or to the closing bracket for the last range; false
// when it does not land exactly there.
func decodeRowRange(d *rowDecoder, start, end int, last bool, part *Dataset, path string, src model.Source) bool {
	s, data := d.s, d.s.data
	s.pos = start
	for s.err == nil {
		if s.peek() != '{' {
			return false
		}
		d.apiRow(part, path, 0, src)
		if s.err != nil || len(s.dups) > 0 {
			return false // the sequential path words it, with row numbers
		}
		switch s.peek() {
		case ',':
			s.pos++
			if p := jsonscan.SkipSpace(data, s.pos); p >= end {
				return !last && p == end
			}
		case ']':
			if !last {
				return false
			}
			s.pos++
			return jsonscan.SkipSpace(data, s.pos) == len(data)
		default:
			return false
		}
	}
	return false
}

// pauseCollector turns the collector off when on is set, and returns
// what turns it back as it was.
func pauseCollector(on bool) (resume func()) {
	if !on {
		return func() {}
	}
	was := debug.SetGCPercent(-1)
	return func() { debug.SetGCPercent(was) }
}

// countMetricsObjects counts the '{' in data[from:to] that open the value
// of a "metrics" key (white space allowed around the colon; the key may
// lie before from). It looks for the brace, a few in a row, not for the
// key's quote, one every ten bytes of JSON: 4.6× faster on API rows. The
// bytes before a brace are read in place and the key compared as a
// constant (the million-row file in memory: 36 ms, against 356 ms for the
// same check through a helper and a slice variable).
func countMetricsObjects(data []byte, from, to int) int {
	n := 0
	for off := from; off < to; {
		i := bytes.IndexByte(data[off:to], '{')
		if i < 0 {
			break
		}
		brace := off + i
		off = brace + 1
		k := brace - 1
		for k >= 0 && jsonscan.IsSpace(data[k]) {
			k--
		}
		if k < 0 || data[k] != ':' {
			continue
		}
		k--
		for k >= 0 && jsonscan.IsSpace(data[k]) {
			k--
		}
		if k >= len(metricsKey)-1 && string(data[k+1-len(metricsKey):k+1]) == metricsKey {
			n++
		}
	}
	return n
}

// guarded runs a worker's fn, a fault reading a mapped file (one cut short
// meanwhile) raised as a panic, and a panic kept in crashed.
func guarded(crashed *string, fn func()) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			*crashed = fmt.Sprintf("%v\n\n%s", r, debug.Stack())
		}
	}()
	fn()
}

// raiseCrash raises a worker's panic again on the caller's goroutine, where
// the caller (a mapped load, the workbench) can catch it.
func raiseCrash(path string, crashed []string) {
	for _, c := range crashed {
		if c != "" {
			panic("decoding " + path + ": " + c)
		}
	}
}

// inPlace reports that every worker filled exactly its window (no row was
// missing its metrics key, none had two), so the shared array is the result.
func inPlace(parts []Dataset, lo []int) bool {
	for w := range parts {
		if len(parts[w].Points) != lo[w+1]-lo[w] {
			return false
		}
	}
	return true
}

// metricsKey is the key whose objects the windows count, one a row.
const metricsKey = `"metrics"`

var rowSeparator = []byte(`},`)

// nextRowStart finds the first row start at or after off: the '{' of a
// `}` `,` `{` `"` sequence (white space allowed between), or -1.
func nextRowStart(data []byte, off int) int {
	for off < len(data) {
		i := bytes.Index(data[off:], rowSeparator)
		if i < 0 {
			return -1
		}
		p := jsonscan.SkipSpace(data, off+i+2)
		if p < len(data) && data[p] == '{' {
			if q := jsonscan.SkipSpace(data, p+1); q < len(data) && data[q] == '"' {
				return p
			}
		}
		off += i + 2
	}
	return -1
}
