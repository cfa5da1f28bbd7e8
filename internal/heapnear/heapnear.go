// Package heapnear tells whether the heap has grown near the point where
// the collector starts its next cycle, read from runtime/metrics (no stop
// of the world): a caller about to allocate much can then choose when.
package heapnear

import "runtime/metrics"

var names = []string{"/memory/classes/heap/objects:bytes", "/gc/heap/live:bytes", "/gc/heap/goal:bytes"}

// Near reports whether the heap has grown past share of the way from what
// the last collection left live to the next cycle's goal, that having
// left at least minLive bytes (a small heap's cycle is over in moments).
func Near(share float64, minLive uint64) bool {
	s := make([]metrics.Sample, len(names))
	for i, n := range names {
		s[i].Name = n
	}
	metrics.Read(s)
	for _, v := range s {
		if v.Value.Kind() != metrics.KindUint64 {
			return false // not known on this runtime
		}
	}
	live := s[1].Value.Uint64()
	return live >= minLive && Past(s[0].Value.Uint64(), live, s[2].Value.Uint64(), share)
}

// Past reports whether heap is past share of the way from live to goal.
func Past(heap, live, goal uint64, share float64) bool {
	if goal <= live {
		return heap >= goal
	}
	return float64(heap) >= float64(live)+share*float64(goal-live)
}
