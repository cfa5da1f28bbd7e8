package mem

import (
	"os"
	"runtime/debug"
	"testing"
)

// BenchmarkFreshPages makes a 64 MiB array of memory the system has not
// given yet (the heap handed back before each one) and writes every page
// of it once, as a pass over every point does: written page by page
// (each write a fault) against filled ahead in one call (Fresh).
func BenchmarkFreshPages(b *testing.B) {
	const n = 64 << 20
	page := os.Getpagesize()
	for _, c := range []struct {
		name string
		make func() []byte
	}{
		{"faulted", func() []byte { return make([]byte, n) }},
		{"filled", func() []byte { return Fresh[byte](n) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(n)
			for b.Loop() {
				b.StopTimer()
				debug.FreeOSMemory()
				b.StartTimer()
				s := c.make()
				for i := 0; i < len(s); i += page {
					s[i] = 1
				}
			}
		})
	}
}
