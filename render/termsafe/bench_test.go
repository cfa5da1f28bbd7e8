package termsafe

import (
	"io"
	"strings"
	"testing"
)

// BenchmarkWriterReport is the cost of the boundary on a clean text report
// (table rows with box drawing, the common case).
func BenchmarkWriterReport(b *testing.B) {
	line := []byte("7p1d-dep2-dep16-b96-c5540                 local        30  5540   96     1,033,494       157.5  frontier, hull vertex\n" +
		"  1.14M ┤    ╶■ ╮      ╰──────╮\n")
	w := NewWriter(io.Discard)
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		w.Write(line)
	}
}

// BenchmarkStringClean is String on a label that needs nothing.
func BenchmarkStringClean(b *testing.B) {
	s := strings.Repeat("deepseek-ai/DeepSeek-V4.1-Flash ", 2)
	for b.Loop() {
		_ = String(s)
	}
}
