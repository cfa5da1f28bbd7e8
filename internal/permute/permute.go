// Package permute moves the elements of a slice to the places a
// permutation gives them, in place: each element read once and written
// once, cycles rotated through one spare, chains from dropped places
// filled in turn, and the work shared by two cores on a large slice.
// The load groups a million points by curve with it without a second
// array. It imports no domain code.
package permute

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sweeptune/sweeptune/internal/mem"
)

// Moves are the places a gathering fills, run by run, in the order each
// run fills them: seq[r.lo] is filled from seq[r.lo+1], and so on; a
// chain's last place (a source past the front) is read, not filled; a
// cycle's last place is filled from its first, kept aside.
type Moves struct {
	seq  []int32
	runs []moveRun
	n    int // places filled
}

type moveRun struct {
	lo, hi int // seq[lo:hi]
	cycle  bool
}

// fills is how many places the run fills.
func (r moveRun) fills() int {
	if r.cycle {
		return r.hi - r.lo
	}
	return r.hi - r.lo - 1
}

// MovesOf lists the moves that put the element at src[d] at d for every d
// (src is consumed). A place in front that holds a dropped point
// (holds[d] false) starts a chain: it is filled from its source, which is
// then free to be filled in turn, up to a source past the front, which
// nothing needs. What is left are cycles among kept points. With holds
// nil every place holds a kept point: cycles only.
func MovesOf(src []int32, holds []bool) Moves {
	n := int32(len(src))
	m := Moves{seq: mem.Fresh[int32](len(src) + len(src)/8)[:0]}
	for d := range n {
		if holds == nil || holds[d] || src[d] < 0 {
			continue
		}
		lo := len(m.seq)
		cur := d
		for {
			m.seq = append(m.seq, cur)
			s := src[cur]
			src[cur] = -1
			if s >= n {
				m.seq = append(m.seq, s)
				break
			}
			cur = s
		}
		m.runs = append(m.runs, moveRun{lo: lo, hi: len(m.seq)})
	}
	for i := range n {
		if src[i] < 0 || src[i] == i {
			continue
		}
		lo := len(m.seq)
		for d := i; src[d] >= 0; {
			m.seq = append(m.seq, d)
			s := src[d]
			src[d] = -1
			d = s
		}
		m.runs = append(m.runs, moveRun{lo: lo, hi: len(m.seq), cycle: true})
	}
	for _, r := range m.runs {
		m.n += r.fills()
	}
	return m
}

// parallelMovesMin is the count of places filled from which the moves
// are shared by two cores.
var parallelMovesMin = 1 << 15

// Along makes the moves m in xs. Runs are apart, and a run cut in two is two
// runs once the point each half ends on is kept aside first: so each core
// fills about half the places, none read or written by the other.
func Along[T any](points []T, m Moves) {
	if m.n < parallelMovesMin || runtime.GOMAXPROCS(0) < 2 {
		moveRuns(points, m, m.runs)
		return
	}
	// The run where half the fills are reached is cut at place cut: the
	// first half fills seq[r.lo:cut], ending on the point at seq[cut]
	// (kept aside: the second half fills it); the second fills from cut,
	// a cycle's end from its first point (kept aside too).
	half, done := m.n/2, 0
	k := 0
	for ; k < len(m.runs) && done+m.runs[k].fills() <= half; k++ {
		done += m.runs[k].fills()
	}
	if k == len(m.runs) {
		moveRuns(points, m, m.runs)
		return
	}
	r := m.runs[k]
	cut := r.lo + (half - done)
	if cut == r.lo {
		cut++ // a first half of nothing: the run goes whole to the second
	}
	atCut := points[m.seq[cut]]
	var first T
	if r.cycle {
		first = points[m.seq[r.lo]]
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		moveRuns(points, m, m.runs[:k])
		fillAlong(points, m.seq[r.lo:cut], &atCut)
	})
	wg.Go(func() {
		if r.cycle {
			fillAlong(points, m.seq[cut:r.hi], &first)
		} else {
			fillAlong(points, m.seq[cut:r.hi], nil)
		}
		moveRuns(points, m, m.runs[k+1:])
	})
	wg.Wait()
}

func moveRuns[T any](points []T, m Moves, runs []moveRun) {
	var spare T
	for _, r := range runs {
		seg := m.seq[r.lo:r.hi]
		if r.cycle {
			spare = points[seg[0]]
			fillAlong(points, seg, &spare)
		} else {
			fillAlong(points, seg, nil)
		}
	}
}

// moveBatch is how many moves fillAlong makes at a time: the batch's
// sources are read first in a loop of their own (mem.WarmLines), their reads
// in flight together, and the moves after find them in the cache (16
// points of 664 bytes stay in the first-level cache meanwhile).
const moveBatch = 16

// fillAlong fills seg[j] from seg[j+1] in turn and, with last, the last
// place from it, moveBatch places at a time.
func fillAlong[T any](points []T, seg []int32, last *T) {
	warm := 0
	for lo := 0; lo+1 < len(seg); lo += moveBatch {
		hi := min(lo+moveBatch, len(seg)-1)
		for _, s := range seg[lo+1 : hi+1] {
			warm += mem.WarmLines(&points[s])
		}
		for j := lo; j < hi; j++ {
			points[seg[j]] = points[seg[j+1]]
		}
	}
	if last != nil && len(seg) > 0 {
		points[seg[len(seg)-1]] = *last
	}
	warmSink.Add(int64(warm))
}

// warmSink keeps the warming reads' sums from being optimised away.
var warmSink atomic.Int64
