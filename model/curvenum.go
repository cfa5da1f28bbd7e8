package model

import (
	"runtime"
	"sync/atomic"

	"github.com/sweeptune/sweeptune/internal/intern"
	"github.com/sweeptune/sweeptune/internal/mem"
)

// curveNumbers numbers curve keys in order of first appearance. The
// loaders share the few distinct strings of a curve key between points
// (one model, hardware … string for thousands of rows), so a key is first
// looked for by the identity of its six strings (where their bytes are
// and how many): an open-addressed table of a few thousand entries, no
// byte of a string read. Only a key of strings not seen in that form is
// looked for in the map by value, and its form is added to the table:
// equal keys of other strings get the same number.
type curveNumbers struct {
	index map[CurveKey]int32
	keys  []CurveKey
	slots []curveSlot // a power of two, at most half used
	used  int
}

type curveSlot struct {
	key  CurveKey // holds the strings whose identity the slot stands for
	hash uint64
	n    int32 // the key's number + 1; 0 for an empty slot
}

// newCurveNumbers is ready for about n points. The table starts small (a
// slot is 112 bytes, and a short command's few files share a handful of
// key forms) and doubles as forms come.
func newCurveNumbers(int) *curveNumbers {
	return &curveNumbers{index: map[CurveKey]int32{}, slots: make([]curveSlot, 8)}
}

// identityHash hashes the identity of k's strings.
func identityHash(k *CurveKey) uint64 {
	h := intern.At(k.Model)*0x9E3779B97F4A7C15 ^ intern.At(k.Scenario)*0xC2B2AE3D27D4EB4F ^
		intern.At(k.Hardware)*0x165667B19E3779F9 ^ intern.At(k.Framework)*0x27D4EB2F165667C5 ^
		intern.At(k.Precision)*0x85EBCA77C2B2AE63 ^ intern.At(k.Spec)*0xFF51AFD7ED558CCD ^
		uint64(len(k.Model)^len(k.Scenario)<<8^len(k.Hardware)<<16^len(k.Framework)<<24^len(k.Precision)<<32^len(k.Spec)<<40)*0xC4CEB9FE1A85EC53
	return h ^ h>>29
}

// sameStrings reports whether a and b are made of the same strings (so
// equal): the same lengths at the same places.
func sameStrings(a, b *CurveKey) bool {
	return len(a.Model) == len(b.Model) && len(a.Scenario) == len(b.Scenario) && len(a.Hardware) == len(b.Hardware) &&
		len(a.Framework) == len(b.Framework) && len(a.Precision) == len(b.Precision) && len(a.Spec) == len(b.Spec) &&
		intern.At(a.Model) == intern.At(b.Model) && intern.At(a.Scenario) == intern.At(b.Scenario) && intern.At(a.Hardware) == intern.At(b.Hardware) &&
		intern.At(a.Framework) == intern.At(b.Framework) && intern.At(a.Precision) == intern.At(b.Precision) && intern.At(a.Spec) == intern.At(b.Spec)
}

// of is k's number.
func (c *curveNumbers) of(k *CurveKey) int32 {
	h := identityHash(k)
	mask := uint64(len(c.slots) - 1)
	for i := h & mask; c.slots[i].n != 0; i = (i + 1) & mask {
		if sl := &c.slots[i]; sl.hash == h && sameStrings(&sl.key, k) {
			return sl.n - 1
		}
	}
	n, ok := c.index[*k]
	if !ok {
		n = int32(len(c.keys))
		c.index[*k] = n
		c.keys = append(c.keys, *k)
	}
	c.put(*k, h, n+1)
	return n
}

// put adds a slot, doubling the table when it would be half full.
func (c *curveNumbers) put(k CurveKey, h uint64, n int32) {
	if 2*(c.used+1) > len(c.slots) {
		old := c.slots
		c.slots, c.used = mem.WritePages(make([]curveSlot, 2*len(old))), 0
		for i := range old {
			if old[i].n != 0 {
				c.put(old[i].key, old[i].hash, old[i].n)
			}
		}
	}
	mask := uint64(len(c.slots) - 1)
	i := h & mask
	for c.slots[i].n != 0 {
		i = (i + 1) & mask
	}
	c.slots[i] = curveSlot{k, h, n}
	c.used++
}

// curveBlock is how many points' keys numberCurves copies out at a time.
const curveBlock = 64

// numberCurves numbers every point's curve, in order: each point's number
// and the numbering. A point is far larger than its key, and a million
// of them far larger than the cache: the keys are copied out a block at a
// time in a loop so short that the processor fetches many points at once,
// then numbered from the copies, instead of waiting on memory once a
// point.
func numberCurves(points []Point) ([]int32, *curveNumbers) {
	of := mem.Fresh[int32](len(points))
	if len(points) < parallelNumberMin || runtime.GOMAXPROCS(0) < 2 {
		return of, numberCurvesInto(points, of)
	}
	// Each half numbered on a core of its own; the second half's curves
	// then take the first's numbers, and those it alone has the next
	// ones, in its order: what one pass in order gives.
	mid := len(points) / 2
	var second *curveNumbers
	done := make(chan struct{})
	go func() {
		defer close(done)
		second = numberCurvesInto(points[mid:], of[mid:])
	}()
	first := numberCurvesInto(points[:mid], of[:mid])
	<-done
	to := make([]int32, len(second.keys))
	for j, k := range second.keys {
		to[j] = first.of(&k)
	}
	for i := mid; i < len(of); i++ {
		of[i] = to[of[i]]
	}
	return of, first
}

// parallelNumberMin is the point count from which numberCurves numbers
// two halves at once.
const parallelNumberMin = 1 << 16

// numberCurvesInto numbers points' curves into of.
func numberCurvesInto(points []Point, of []int32) *curveNumbers {
	c := newCurveNumbers(len(points))
	var keys [curveBlock]CurveKey
	for lo := 0; lo < len(points); lo += curveBlock {
		block := points[lo:min(lo+curveBlock, len(points))]
		for j := range block {
			keys[j] = block[j].Curve
		}
		for j := range block {
			of[lo+j] = c.of(&keys[j])
		}
	}
	return c
}

// CurveNumbering is every point's curve numbered in order of first
// appearance (numberCurves), made once for the passes of a load that
// group its points by curve (AssignIDsNumbered, MarkImplausibleNumbered,
// LatestIndexNumbered, GroupKeptInPlaceNumbered): a numbering per pass
// costs a read of every point's key each. It holds while no point's
// curve changes and the points stay where they are.
type CurveNumbering struct {
	of   []int32
	keys []CurveKey
}

// NumberCurves numbers the points' curves.
func NumberCurves(points []Point) *CurveNumbering {
	of, c := numberCurves(points)
	return &CurveNumbering{of: of, keys: c.keys}
}

// warmBlock is how many points a pass warms (warmPoints) before it works
// on them: 64 points of about 700 bytes stay in the cache meanwhile.
const warmBlock = 64

// warmPoints reads a word of each part of each point that the passes over
// every point read (label, source, knobs, metrics, date, GPU count): a
// loop so short that the processor has the whole block on its way from
// memory at once, where a pass's own work on a point would wait for each
// point in turn. Its sum means nothing; it is returned so that the reads
// stay.
//
//go:noinline
func warmPoints(points []Point) int {
	n := 0
	for i := range points {
		p := &points[i]
		n += len(p.Label) + len(p.Source) + len(p.Knobs.Mode) + p.Knobs.Concurrency +
			int(p.Metrics.has) + len(p.Prov.Date) + p.GPUCount
	}
	return n
}

// warmSink keeps the warming reads' sums from being optimised away.
var warmSink atomic.Int64
