package synth

import (
	"fmt"
	"math"
	"strings"
)

// Curves writes nCurves curves of perCurve disaggregated points each as
// points tables (sweeptune's YAML), two files a curve: the published half
// and the local half. Every point is its own configuration (prefill
// workers × concurrency); interactivity falls and throughput rises with
// concurrency, with a deterministic ripple so that frontiers are not
// trivially concave. For the select benchmark.
func Curves(nCurves, perCurve int) (names []string, files [][]byte) {
	for c := 0; c < nCurves; c++ {
		for half, src := range []string{"published", "local"} {
			var b strings.Builder
			b.Grow(perCurve * 200)
			fmt.Fprintf(&b, "curve: {model: synth/model-%d, hardware: gb300, framework: dynamo-sglang, precision: fp4, scenario: agentic-coding}\n", c)
			fmt.Fprintf(&b, "source: %s\nspec-decoding: none\npoints:\n", src)
			for i := half; i < perCurve; i += 2 {
				np, conc := 1+i%10, 16+(i/10)*24
				load := float64(conc) / float64(np*400)
				ripple := 1 + 0.04*math.Sin(float64(i*7+c))
				x := 320 / (1 + load) * ripple
				y := 60000 * float64(np) * load / (1 + 0.3*load) / float64(2*np+16) * 16 * (2 - ripple)
				fmt.Fprintf(&b, "  - mode: disagg\n    prefill: {workers: %d, gpus: 2, nodes: %d, tp: 2, ep: 2, dp-attn: true}\n", np, (np+1)/2)
				fmt.Fprintf(&b, "    decode: {workers: 1, gpus: 16, nodes: 4, tp: 16, ep: 16, dp-attn: true, cuda-graph-max-bs: %d, load-balance: total_tokens}\n", 8+8*(i%24))
				fmt.Fprintf(&b, "    concurrency: %d\n    duration-s: 3600\n", conc)
				fmt.Fprintf(&b, "    metrics: {tput-per-gpu: %.1f, mean-intvty: %.2f, p90-intvty: %.2f, p90-e2el: %.3f, p75-e2el: %.3f}\n",
					y, x*1.03, x, 2+500/x, 1+300/x)
			}
			names = append(names, fmt.Sprintf("synth-%03d-%s.yaml", c, src))
			files = append(files, []byte(b.String()))
		}
	}
	return names, files
}
