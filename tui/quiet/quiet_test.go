package quiet

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/internal/par"
)

func TestHoldRunsTheLatestOnceQuiet(t *testing.T) {
	var last atomic.Int64
	last.Store(time.Now().UnixNano())
	g := New(&last, 30*time.Millisecond)
	ran := 0
	cmd := func(v int) tea.Cmd { return func() tea.Msg { ran++; return v } }
	first, second := g.Hold(cmd(1)), g.Hold(cmd(2))
	if msg := first(); msg != nil {
		t.Fatalf("a command held past by a newer one gave %v", msg)
	}
	start := time.Now()
	last.Store(start.UnixNano()) // a key now: the second waits for quiet
	if msg := second(); msg != 2 || ran != 1 {
		t.Fatalf("the latest gave %v after %d runs", msg, ran)
	}
	if waited := time.Since(start); waited < 30*time.Millisecond {
		t.Fatalf("the latest ran %s after a key, before the keys were quiet", waited)
	}
}

func TestNoGateRunsAtOnce(t *testing.T) {
	var g *Gate
	cmd := func() tea.Msg { return 7 }
	if msg := g.Hold(cmd)(); msg != 7 {
		t.Fatalf("a nil gate gave %v", msg)
	}
	var last atomic.Int64
	if msg := New(&last, 0).Hold(cmd)(); msg != 7 {
		t.Fatalf("a gate without quiet time gave %v", msg)
	}
	if New(&last, time.Second).Hold(nil) != nil {
		t.Fatal("no command held became one")
	}
}

func TestHoldForWaitsTheLongerQuiet(t *testing.T) {
	var last atomic.Int64
	g := New(&last, 10*time.Millisecond)
	cmd := func() tea.Msg { return 1 }
	for _, c := range []struct{ asked, want time.Duration }{{0, 10 * time.Millisecond}, {5 * time.Millisecond, 10 * time.Millisecond}, {60 * time.Millisecond, 60 * time.Millisecond}} {
		start := time.Now()
		last.Store(start.UnixNano())
		if msg := g.HoldFor(cmd, c.asked)(); msg != 1 {
			t.Fatalf("HoldFor %s gave %v", c.asked, msg)
		}
		if waited := time.Since(start); waited < c.want {
			t.Errorf("HoldFor %s ran %s after a key, before %s of quiet", c.asked, waited, c.want)
		}
	}
}

// Held work runs on one core (par.Background): its passes make one call
// where they would take both cores, leaving the other to keys.
func TestHeldWorkRunsOnOneCore(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core")
	}
	var last atomic.Int64
	g := New(&last, time.Millisecond)
	halves := func() tea.Msg {
		calls := make(chan struct{}, 2)
		par.Halves(1000, 1, func(lo, hi int) { calls <- struct{}{} })
		return len(calls)
	}
	if msg := g.Hold(halves)(); msg != 1 {
		t.Fatalf("held work's pass made %v calls, want 1", msg)
	}
	if n := halves(); n != 2 {
		t.Fatalf("outside held work a pass made %v calls, want 2", n)
	}
}
