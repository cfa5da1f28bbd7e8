package tui

import (
	"testing"

	"github.com/sweeptune/sweeptune/tui/internal/testkit"
)

// A million points over 12 and 100 curves (each configuration on two
// dates): a key's cost must not grow with the shown curve's size.
var millionSizes = []struct {
	name   string
	curves int
}{{"1M×12", 12}, {"1M×100", 100}}

func millionModel(b *testing.B, curves int) *Model {
	m := newLoaded(b, benchW, benchH, testkit.SyntheticCurves(1000000, curves))
	m.opts.SessionPath = ""
	if len(m.State().Curves) != curves {
		b.Fatalf("%d curves", len(m.State().Curves))
	}
	return m
}

// BenchmarkMillionKeys: switch curve (] [), cycle y, overlay on and off (o
// down space enter), a table move (down up) and a mark (m), each key with
// its frame, at a million points. Budget: 16 ms a key.
func BenchmarkMillionKeys(b *testing.B) {
	for _, size := range millionSizes {
		b.Run(size.name, func(b *testing.B) {
			m := millionModel(b, size.curves)
			b.Run("switch-curve", func(b *testing.B) { pressKeys(b, m, 1, "]", "[") })
			b.Run("cycle-y", func(b *testing.B) { pressKeys(b, m, 1, "y") })
			b.Run("overlay", func(b *testing.B) { pressSequence(b, m, "o", "down", "space", "enter") })
			press(m, "2")
			b.Run("table-move", func(b *testing.B) { pressKeys(b, m, 20, "down", "up") })
			b.Run("mark", func(b *testing.B) { pressKeys(b, m, 1, "m") })
		})
	}
}

// BenchmarkMillionFirstFrame: the first frame once a million points over
// 12 curves have loaded (the load message's Update and View). Budget:
// 100 ms.
func BenchmarkMillionFirstFrame(b *testing.B) {
	pts := testkit.SyntheticCurves(1000000, 12)
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		m := New(Options{Theme: "none", Renderer: testkit.Renderer()})
		resize(m, benchW, benchH)
		b.StartTimer()
		reload(m, pts, 1)
		_ = m.View()
	}
}
