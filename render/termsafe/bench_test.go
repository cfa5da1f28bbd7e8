package termsafe

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
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

// BenchmarkPointsInterleaved is Points on clean points of 12 curves taking
// turns, as a dump's rows come: each point's own ID and run URL, the
// curves' and dates' strings shared.
func BenchmarkPointsInterleaved(b *testing.B) {
	hw := []string{"b200", "gb200", "gb300", "h200", "h100", "mi355x"}
	fw := []string{"sglang", "vllm", "trt", "dynamo-sglang"}
	pts := make([]model.Point, 200000)
	for i := range pts {
		c := i % 12
		p := &pts[i]
		p.ID = fmt.Sprintf("dsr1-fp8-%s-tp8-ep8-conc%d-%d", hw[c%len(hw)], i%512, i)
		p.Curve = model.CurveKey{Model: "dsr1", Scenario: "1k1k", Hardware: hw[c%len(hw)], Framework: fw[c%len(fw)], Precision: "fp8"}
		p.Prov.RunURL = fmt.Sprintf("https://github.com/SemiAnalysisAI/InferenceX/actions/runs/%d", 19000000000+i)
		p.Prov.Date = []string{"2026-11-01", "2026-11-02", "2026-11-03"}[i%3]
	}
	for b.Loop() {
		if out := Points(pts); &out[0] != &pts[0] {
			b.Fatal("clean points copied")
		}
	}
}
