package model

import (
	"runtime"
	"sync/atomic"

	"github.com/sweeptune/sweeptune/internal/intern"
	"github.com/sweeptune/sweeptune/internal/mem"
)

// curveNumbers numbers curve keys in order of first appearance, found
// first by where their strings lie (intern.Keys).
type curveNumbers = intern.Keys[CurveKey]

// newCurveNumbers is ready for about n points.
func newCurveNumbers(int) *curveNumbers { return intern.NewKeys[CurveKey]() }

// curveNumber is k's number in c.
func curveNumber(c *curveNumbers, k *CurveKey) int32 {
	f := k.Fields()
	return c.Of(k, &f)
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
	to := make([]int32, len(second.Keys()))
	for j, k := range second.Keys() {
		to[j] = curveNumber(first, &k)
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
	var fields [curveBlock][6]string
	for lo := 0; lo < len(points); lo += curveBlock {
		if lo == manyCurvesProbe && 2*len(c.Keys()) > lo {
			c.Reserve(len(points))
		}
		block := points[lo:min(lo+curveBlock, len(points))]
		for j := range block {
			fields[j] = block[j].Curve.Fields()
		}
		for j := range block {
			of[lo+j] = c.Of(&block[j].Curve, &fields[j])
		}
	}
	return c
}

// CurveNumbering is every point's curve numbered in order of first
// appearance (numberCurves), made once for the passes of a load that
// group its points by curve (MarkImplausibleNumbered here; in model/numbering the load's
// AssignIDs, LatestIndex and GroupKeptInPlace): a numbering per pass
// costs a read of every point's key each. It holds while no point's
// curve changes and the points stay where they are.
type CurveNumbering struct {
	of   []int32
	keys []CurveKey
}

// NumberCurves numbers the points' curves.
func NumberCurves(points []Point) *CurveNumbering {
	of, c := numberCurves(points)
	return &CurveNumbering{of: of, keys: c.Keys()}
}

// NumberCurvesAt numbers the curves of points[idx[k]], in idx's order:
// Of()[k] is the k-th one's.
func NumberCurvesAt(points []Point, idx []int) *CurveNumbering {
	c := newCurveNumbers(len(idx))
	of := mem.Take[int32](len(idx))
	for k, i := range idx {
		of[k] = curveNumber(c, &points[i].Curve)
	}
	return &CurveNumbering{of: of, keys: c.Keys()}
}

// Of is each point's curve number, in the points' order; the caller
// does not write it.
func (c *CurveNumbering) Of() []int32 { return c.of }

// Keys are the curves' keys by number (the order they first appear in);
// the caller does not write them.
func (c *CurveNumbering) Keys() []CurveKey { return c.keys }

// WarmBlock is how many points a pass warms (WarmPoints) before it works
// on them: 64 points of about 700 bytes stay in the cache meanwhile. The
// passes over every point of a load use it, here and in model/numbering.
const WarmBlock = 64

// WarmPoints reads a word of each part of each point that the passes over
// every point read (label, source, knobs, metrics, date, GPU count): a
// loop so short that the processor has the whole block on its way from
// memory at once, where a pass's own work on a point would wait for each
// point in turn. Its sum means nothing; it is returned so that the reads
// stay (the caller keeps it, in an atomic sum say).
//
//go:noinline
func WarmPoints(points []Point) int {
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
