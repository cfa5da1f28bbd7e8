package model

import (
	"hash/maphash"
	"math/bits"
	"runtime"
	"slices"
	"sync/atomic"

	"github.com/sweeptune/sweeptune/internal/intern"
	"github.com/sweeptune/sweeptune/internal/mem"
)

// curveNumbers numbers curve keys in order of first appearance. The
// loaders share the few distinct strings of a curve key between points
// (one model, hardware … string for thousands of rows), so a key is first
// looked for by the identity of its six strings (where their bytes are
// and how many): an open-addressed table, no byte of a string read. Only
// a key of strings not seen in that form is looked for by value, in a
// second table, and its form is added to the first: equal keys of other
// strings get the same number. Both tables hold numbers, not keys (a key
// is 96 bytes): a load of a million one-point curves has a million forms
// and a million keys, and tables of keys cost it more than its points.
type curveNumbers struct {
	keys   []CurveKey
	forms  []CurveKey  // forms other than the keys' own (equal keys made of other strings)
	slots  []curveSlot // the forms; a power of two, at most half used
	used   int
	values []valueSlot // the keys by value; a power of two, at most half used
}

// curveSlot is a form: the key's number + 1 (0 for an empty slot) and
// where its strings are, keys[n-1] itself when form is -1, else
// forms[form].
type curveSlot struct {
	hash uint64
	n    int32
	form int32
}

// valueSlot is a key by value: a part of its value's hash and its number + 1.
type valueSlot struct {
	hash uint32
	n    int32
}

// newCurveNumbers is ready for about n points. The tables start small (a
// short command's few files share a handful of key forms) and double as
// forms come.
func newCurveNumbers(int) *curveNumbers {
	return &curveNumbers{slots: make([]curveSlot, 8), values: make([]valueSlot, 8)}
}

// identityHash hashes the identity of k's strings.
func identityHash(k *CurveKey) uint64 {
	h := intern.At(k.Model)*0x9E3779B97F4A7C15 ^ intern.At(k.Scenario)*0xC2B2AE3D27D4EB4F ^
		intern.At(k.Hardware)*0x165667B19E3779F9 ^ intern.At(k.Framework)*0x27D4EB2F165667C5 ^
		intern.At(k.Precision)*0x85EBCA77C2B2AE63 ^ intern.At(k.Spec)*0xFF51AFD7ED558CCD ^
		uint64(len(k.Model)^len(k.Scenario)<<8^len(k.Hardware)<<16^len(k.Framework)<<24^len(k.Precision)<<32^len(k.Spec)<<40)*0xC4CEB9FE1A85EC53
	return h ^ h>>29
}

// valueSeed seeds valueHash: a process's own, so no file can choose keys
// that collide.
var valueSeed = maphash.MakeSeed()

// valueHash hashes k's bytes.
func valueHash(k *CurveKey) uint64 {
	h := maphash.String(valueSeed, k.Model)
	for _, s := range [...]string{k.Scenario, k.Hardware, k.Framework, k.Precision, k.Spec} {
		h = (h ^ maphash.String(valueSeed, s)) * 0x9E3779B97F4A7C15
	}
	return h ^ h>>32
}

// sameStrings reports whether a and b are made of the same strings (so
// equal): the same lengths at the same places.
func sameStrings(a, b *CurveKey) bool {
	return len(a.Model) == len(b.Model) && len(a.Scenario) == len(b.Scenario) && len(a.Hardware) == len(b.Hardware) &&
		len(a.Framework) == len(b.Framework) && len(a.Precision) == len(b.Precision) && len(a.Spec) == len(b.Spec) &&
		intern.At(a.Model) == intern.At(b.Model) && intern.At(a.Scenario) == intern.At(b.Scenario) && intern.At(a.Hardware) == intern.At(b.Hardware) &&
		intern.At(a.Framework) == intern.At(b.Framework) && intern.At(a.Precision) == intern.At(b.Precision) && intern.At(a.Spec) == intern.At(b.Spec)
}

// formOf is the key whose strings slot sl stands for.
func (c *curveNumbers) formOf(sl *curveSlot) *CurveKey {
	if sl.form < 0 {
		return &c.keys[sl.n-1]
	}
	return &c.forms[sl.form]
}

// of is k's number.
func (c *curveNumbers) of(k *CurveKey) int32 {
	h := identityHash(k)
	mask := uint64(len(c.slots) - 1)
	for i := h & mask; c.slots[i].n != 0; i = (i + 1) & mask {
		if sl := &c.slots[i]; sl.hash == h && sameStrings(c.formOf(sl), k) {
			return sl.n - 1
		}
	}
	n, isNew := c.byValue(k)
	form := int32(-1)
	if !isNew {
		form = int32(len(c.forms))
		c.forms = append(c.forms, *k)
	}
	c.put(curveSlot{hash: h, n: n + 1, form: form})
	return n
}

// byValue is k's number, found by value or given as the next one (isNew).
func (c *curveNumbers) byValue(k *CurveKey) (n int32, isNew bool) {
	vh := valueHash(k)
	mask := uint64(len(c.values) - 1)
	i := vh & mask
	for ; c.values[i].n != 0; i = (i + 1) & mask {
		if v := c.values[i]; v.hash == uint32(vh>>32) && c.keys[v.n-1] == *k {
			return v.n - 1, false
		}
	}
	n = int32(len(c.keys))
	c.keys = append(c.keys, *k)
	if 2*len(c.keys) > len(c.values) {
		c.growValues()
	} else {
		c.values[i] = valueSlot{uint32(vh >> 32), n + 1}
	}
	return n, true
}

// growValues doubles the value table, putting every key in it again.
func (c *curveNumbers) growValues() { c.resizeValues(2 * len(c.values)) }

// resizeValues makes the value table size slots (a power of two larger
// than twice the keys) and puts every key in it again.
func (c *curveNumbers) resizeValues(size int) {
	c.values = mem.WritePages(make([]valueSlot, size))
	mask := uint64(len(c.values) - 1)
	for n := range c.keys {
		vh := valueHash(&c.keys[n])
		i := vh & mask
		for c.values[i].n != 0 {
			i = (i + 1) & mask
		}
		c.values[i] = valueSlot{uint32(vh >> 32), int32(n) + 1}
	}
}

// put adds a slot, doubling the table when it would be half full.
func (c *curveNumbers) put(sl curveSlot) {
	if 2*(c.used+1) > len(c.slots) {
		c.resizeSlots(2 * len(c.slots))
	}
	mask := uint64(len(c.slots) - 1)
	i := sl.hash & mask
	for c.slots[i].n != 0 {
		i = (i + 1) & mask
	}
	c.slots[i] = sl
	c.used++
}

// resizeSlots makes the form table size slots (a power of two larger
// than twice the forms) and puts every form in it again.
func (c *curveNumbers) resizeSlots(size int) {
	old := c.slots
	c.slots, c.used = mem.WritePages(make([]curveSlot, size)), 0
	for i := range old {
		if old[i].n != 0 {
			c.put(old[i])
		}
	}
}

// reserve makes room for n keys at once: the keys' array and both tables
// grown once, not doubled again and again, each doubling a copy.
func (c *curveNumbers) reserve(n int) {
	c.keys = slices.Grow(c.keys, n-len(c.keys))
	size := 1 << bits.Len(uint(2*n))
	if size > len(c.values) {
		c.resizeValues(size)
	}
	if size > len(c.slots) {
		c.resizeSlots(size)
	}
}

// manyCurvesProbe is how many points numberCurvesInto numbers before it
// judges whether most points start a curve of their own (then it makes
// room for a curve per point).
const manyCurvesProbe = 64 * curveBlock

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
		if lo == manyCurvesProbe && 2*len(c.keys) > lo {
			c.reserve(len(points))
		}
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
