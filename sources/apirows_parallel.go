package sources

import (
	"bytes"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/sweeptune/sweeptune/model"
)

// Large API dumps are parsed on every core. The file is cut near equal
// offsets at row boundaries (a `},{"` between rows); each worker decodes
// its rows with its own decoder and must land exactly on the next cut. Any
// surprise (a cut that was not a boundary, a syntax error, a bad row) sends
// the file to the sequential path, which reports problems precisely.

const parallelMinBytes = 4 << 20

func parseAPIRowsParallel(path string, data []byte, ds *Dataset, src model.Source) bool {
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || len(data) < parallelMinBytes {
		return false
	}
	first := skipSpace(data, 0)
	if data[first] != '[' {
		return false
	}
	cuts := []int{skipSpace(data, first+1)}
	for w := 1; w < workers; w++ {
		c := nextRowStart(data, w*len(data)/workers)
		if c < 0 || c <= cuts[len(cuts)-1] {
			return false
		}
		cuts = append(cuts, c)
	}
	// Every row has one "metrics" key: counting them in each worker's
	// range (in parallel) gives each worker its window of one shared
	// array, so points are written once, in place, in file order. A count
	// that is off (a value or another key ending in metrics) only costs
	// the copy after.
	ends := make([]int, len(cuts))
	for w := range cuts {
		ends[w] = len(data)
		if w+1 < len(cuts) {
			ends[w] = cuts[w+1]
		}
	}
	lo := make([]int, len(cuts)+1)
	var counting sync.WaitGroup
	for w := range cuts {
		counting.Go(func() { lo[w+1] = bytes.Count(data[cuts[w]:ends[w]], metricsKey) })
	}
	counting.Wait()
	for w := range cuts {
		lo[w+1] += lo[w]
	}
	all := make([]model.Point, lo[len(cuts)])
	parts := make([]Dataset, len(cuts))
	for w := range parts {
		parts[w].Points = all[lo[w]:lo[w]:lo[w+1]]
	}
	ok := make([]bool, len(cuts))
	crashed := make([]string, len(cuts))
	var wg sync.WaitGroup
	for w := range cuts {
		end := ends[w]
		wg.Add(1)
		go func(w, start, end int) {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					crashed[w] = fmt.Sprintf("%v\n\n%s", r, debug.Stack())
				}
			}()
			ok[w] = decodeRowRange(data, start, end, w+1 == len(cuts), &parts[w], path, src)
		}(w, cuts[w], end)
	}
	wg.Wait()
	// A worker's panic is raised again here, on the caller's goroutine,
	// where the caller (the workbench) can catch it and restore the terminal.
	for _, c := range crashed {
		if c != "" {
			panic("decoding " + path + ": " + c)
		}
	}
	n := 0
	for w := range parts {
		if !ok[w] || len(parts[w].Warnings) > 0 {
			return false
		}
		n += len(parts[w].Points)
	}
	if inPlace(parts, lo) && len(ds.Points) == 0 {
		ds.Points = all[:n:n]
		return true
	}
	ds.Points = append(make([]model.Point, 0, len(ds.Points)+n), ds.Points...)
	for w := range parts {
		ds.Points = append(ds.Points, parts[w].Points...)
	}
	return true
}

// decodeRowRange decodes the rows from start up to end (the next cut), or
// to the closing bracket for the last range; false when it does not land
// exactly there.
func decodeRowRange(data []byte, start, end int, last bool, part *Dataset, path string, src model.Source) bool {
	d := newRowDecoder(data)
	s := d.s
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
			if p := skipSpace(data, s.pos); p >= end {
				return !last && p == end
			}
		case ']':
			if !last {
				return false
			}
			s.pos++
			return skipSpace(data, s.pos) == len(data)
		default:
			return false
		}
	}
	return false
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

// metricsKey is what the windows count: the key's tail, whose first byte
// is far rarer in the rows than a quote, so the count runs at memory speed.
var metricsKey = []byte(`metrics"`)

var rowSeparator = []byte(`},`)

// nextRowStart finds the first row start at or after off: the '{' of a
// `}` `,` `{` `"` sequence (white space allowed between), or -1.
func nextRowStart(data []byte, off int) int {
	for off < len(data) {
		i := bytes.Index(data[off:], rowSeparator)
		if i < 0 {
			return -1
		}
		p := skipSpace(data, off+i+2)
		if p < len(data) && data[p] == '{' {
			if q := skipSpace(data, p+1); q < len(data) && data[q] == '"' {
				return p
			}
		}
		off += i + 2
	}
	return -1
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\n' || data[i] == '\r' || data[i] == '\t') {
		i++
	}
	return i
}
