package heapnear

import (
	"runtime"
	"runtime/metrics"
	"testing"
)

func TestPast(t *testing.T) {
	for _, c := range []struct {
		heap, live, goal uint64
		share            float64
		want             bool
	}{
		{1000, 1000, 2000, 0.6, false},
		{1599, 1000, 2000, 0.6, false},
		{1600, 1000, 2000, 0.6, true},
		{2100, 1000, 2000, 0.6, true},
		{900, 1000, 1000, 0.6, false}, // no room: past only at the goal
		{1000, 1000, 1000, 0.6, true},
	} {
		if got := Past(c.heap, c.live, c.goal, c.share); got != c.want {
			t.Errorf("Past(%d, %d, %d, %.1f) = %v", c.heap, c.live, c.goal, c.share, got)
		}
	}
}

// Right after a collection the heap is not near the next; with half the
// room to the goal allocated since, it is past a third of the way.
func TestNearFollowsTheHeap(t *testing.T) {
	runtime.GC()
	if Near(0.9, 0) {
		t.Fatal("near the next collection right after one")
	}
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/goal:bytes"}}
	metrics.Read(s)
	kept := make([]byte, (s[1].Value.Uint64()-s[0].Value.Uint64())/2)
	if !Near(1.0/3, 0) {
		t.Fatalf("%d bytes allocated of %d to the goal, not near", len(kept), 2*len(kept))
	}
	if Near(1.0/3, 1<<40) {
		t.Fatal("a heap under its least live size is near")
	}
	runtime.KeepAlive(kept)
}
