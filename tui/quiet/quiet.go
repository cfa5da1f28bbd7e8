// Package quiet holds back work that the next key makes stale: a command
// that waits until keys stop coming and then runs only if no newer one of
// its kind was asked for meanwhile. While an engineer steps through a
// million points' curves, each step asks for a review and a calibration of
// the curve it leaves at once; held, only the one shown when the keys stop
// is worked out (each is a few hundred megabytes of garbage at 1M points,
// collected while the keys wait).
package quiet

import (
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/internal/par"
)

// A view of BigView points or more has its review and calibration worked
// out once no key came for BigPause (longer than the gap between keys
// typed at a person's pace, 0.3–1 s), not the gate's own quiet time: at a
// million points over 12 curves each is 0.2–0.6 s of CPU and hundreds of
// megabytes of fresh memory, and started between keys typed 0.3–1 s apart
// it ran beside the next key, whose page faults it slowed
// (docs/workbench-speed.md).
const (
	BigView  = 20000
	BigPause = 1500 * time.Millisecond
)

// Gate holds one kind of command.
type Gate struct {
	lastKey *atomic.Int64 // when the last key came, unix ns
	quiet   time.Duration // how long without a key counts as quiet
	seq     atomic.Uint64 // the latest command held
}

// New is a gate that waits for quiet time without a key, read from
// lastKey.
func New(lastKey *atomic.Int64, quiet time.Duration) *Gate {
	return &Gate{lastKey: lastKey, quiet: quiet}
}

// Hold is cmd run once no key came for the gate's quiet time, and only
// when Hold was not called again meanwhile (it then gives no message: the
// later command's result comes instead). A nil gate runs cmd as it is.
func (g *Gate) Hold(cmd tea.Cmd) tea.Cmd { return g.HoldFor(cmd, 0) }

// HoldFor is Hold waiting for at least quiet without a key (the gate's
// own quiet time when longer): work whose garbage is large waits for a
// longer pause, not the gap between two keys typed at a person's pace.
func (g *Gate) HoldFor(cmd tea.Cmd, quiet time.Duration) tea.Cmd {
	if g == nil || g.quiet <= 0 || cmd == nil {
		return cmd
	}
	quiet = max(quiet, g.quiet)
	seq := g.seq.Add(1)
	return func() tea.Msg {
		for time.Since(time.Unix(0, g.lastKey.Load())) < quiet {
			if g.seq.Load() != seq {
				return nil
			}
			time.Sleep(g.quiet / 3)
		}
		if g.seq.Load() != seq {
			return nil
		}
		// On one core: the key that ends the pause finds the other free
		// (at 1M × 12 a review's noise in halves on both cores held back
		// the first keys after the first frame: an x took 20–30 ms).
		var msg tea.Msg
		par.Background(func() { msg = cmd() })
		return msg
	}
}
