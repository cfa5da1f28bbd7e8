package tui

import (
	"io"
	"log"
	"strings"
	"testing"
	"time"
)

// The cost --debug logs after a key reads back as the pace test reads it,
// and says nothing when --debug is off.
func TestKeyCostReadsBack(t *testing.T) {
	if c := startKeyCost(); c != nil || c.String() != "" {
		t.Fatalf("without --debug a key's cost is %q", c.String())
	}
	old := debug
	defer func() { debug = old }()
	debug = log.New(io.Discard, "", 0)
	debug.SetOutput(&strings.Builder{})
	// The counters are the whole process's: another test's goroutine can
	// only add to them, so the least of a few tries is this loop's own.
	least, s := 1e9, ""
	for range 5 {
		c := startKeyCost()
		kept := make([][]byte, 0, 64)
		for range 64 {
			kept = append(kept, make([]byte, 64<<10)) // 4 MiB in all
		}
		got := c.String()
		if len(kept) != 64 || !strings.HasPrefix(got, " (") {
			t.Fatalf("cost %q", got)
		}
		cpu, mb, own := keyCostOf(strings.TrimPrefix(got, " ("))
		if cpu < 0 || mb < 4 {
			t.Fatalf("%q reads back as CPU %s, %.1f MB: want at least 4.2 MB", got, cpu, mb)
		}
		if strings.Contains(got, "its thread") != (own >= 0) {
			t.Fatalf("%q reads back as its thread's CPU %s", got, own)
		}
		if mb < least {
			least, s = mb, got
		}
	}
	if least > 5 {
		t.Errorf("%q: the least of five tries reads back as %.1f MB: want about 4.2 MB", s, least)
	}
	if cpu, mb, own := keyCostOf("CPU 1.5ms, 0.3 MB allocated, its thread 1.2ms, 1 collection(s) ended)"); cpu != 1500*time.Microsecond || mb != 0.3 || own != 1200*time.Microsecond {
		t.Errorf("read back as %s, %.1f MB, %s", cpu, mb, own)
	}
	if cpu, mb, own := keyCostOf("CPU 1.5ms, 0.3 MB allocated, 700 pages faulted in, its thread 1.2ms and 650 pages, 1 collection(s) ended)"); cpu != 1500*time.Microsecond || mb != 0.3 || own != 1200*time.Microsecond {
		t.Errorf("with pages: read back as %s, %.1f MB, %s", cpu, mb, own)
	}
}
