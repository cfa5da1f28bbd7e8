package sources

import (
	"bytes"

	"github.com/sweeptune/sweeptune/internal/lazyre"
)

// llm-d recipes (InferenceX benchmarks/multi_node/llm-d-recipes) configure
// llm-d's endpoint picker, not srtctl: recognised so that they are named
// for what they are instead of "unknown format".

var llmdRe = lazyre.New(`(?m)^apiVersion:\s*["']?llm-d\.ai/`)

func init() {
	register(format{name: "llm-d recipe", priority: 34, sniff: func(data []byte) bool {
		h := head(data, 64<<10)
		return bytes.Contains(h, []byte("llm-d.ai/")) && llmdRe.Match(h)
	}, parse: func(path string, _ []byte, ds *Dataset) {
		ds.Warnf(path, "", "llm-d recipe: not an srt-slurm recipe; it holds no sweep points sweeptune reads")
	}, recipe: true})
}
