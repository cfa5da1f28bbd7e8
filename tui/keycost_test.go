package tui

import (
	"io"
	"log"
	"strings"
	"testing"
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
	c := startKeyCost()
	kept := make([][]byte, 0, 64)
	for range 64 {
		kept = append(kept, make([]byte, 64<<10)) // 4 MiB in all
	}
	s := c.String()
	if len(kept) != 64 || !strings.HasPrefix(s, " (") {
		t.Fatalf("cost %q", s)
	}
	cpu, mb := keyCostOf(strings.TrimPrefix(s, " ("))
	if cpu < 0 || mb < 4 || mb > 5 {
		t.Errorf("%q reads back as CPU %s, %.1f MB: want about 4.2 MB", s, cpu, mb)
	}
}
