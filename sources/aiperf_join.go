package sources

import (
	"path/filepath"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// resolvePending gives each point that waits for a GPU count (AIPerf,
// benchmark_serving output) the knobs of the recipe variant with its
// concurrency, then divides its throughput totals by its GPUs (the
// variant's or the file name's, else --gpus) the way InferenceX's producer
// of that kind of result does (gpuPending.byRole). Without any, the point stays,
// its per-GPU throughput absent, with a warning.
func resolvePending(ds *Dataset, opt Options) {
	for _, pd := range ds.pending {
		if pd.point < 0 || pd.point >= len(ds.Points) {
			continue
		}
		p := &ds.Points[pd.point]
		if p.Knobs.Mode == "" {
			adoptVariant(ds, p)
		}
		gpus := p.GPUs()
		if gpus <= 0 && opt.GPUs > 0 {
			p.GPUCount, gpus = opt.GPUs, opt.GPUs
		}
		if pd.totals.has == 0 {
			continue
		}
		if gpus <= 0 {
			ds.Warnf(p.Prov.File, "", "no GPU count (no recipe variant with concurrency %d loaded, none in the file name, no --gpus): per-GPU throughput unknown, point kept without it", p.Knobs.Concurrency)
			continue
		}
		pre, dec := 0, 0 // agentic (AIPerf): over all GPUs
		if pd.byRole {
			pre, dec = pd.preGPUs, pd.decGPUs
			if p.Knobs.Mode == model.ModeDisagg && p.GPUCount == 0 {
				pre, dec = p.Knobs.Prefill.TotalGPUs(), p.Knobs.Decode.TotalGPUs()
			}
		}
		perGPU(&p.Metrics, pd.totals, gpus, pre, dec)
	}
	ds.pending = nil
}

// adoptVariant copies the knobs of the one variant with p's concurrency,
// preferring recipes nearest to p's file in the directory tree.
func adoptVariant(ds *Dataset, p *model.Point) {
	best, bestDepth, ambiguous := -1, -1, false
	for i := range ds.Variants {
		v := &ds.Variants[i]
		if !v.RunsAt(p.Knobs.Concurrency) || v.Knobs.Mode == "" || (p.GPUCount > 0 && v.Knobs.GPUs() != p.GPUCount) {
			continue
		}
		depth := commonDirDepth(v.File, p.Prov.File)
		switch {
		case depth > bestDepth:
			best, bestDepth, ambiguous = i, depth, false
		case depth == bestDepth && !sameTopology(ds.Variants[best].Knobs, v.Knobs):
			ambiguous = true
		}
	}
	if best < 0 {
		return
	}
	if ambiguous {
		left := "GPU count left unknown"
		if p.GPUCount > 0 {
			left = "knobs left unknown"
		}
		ds.Warnf(p.Prov.File, "", "concurrency %d matches several recipe variants of different shapes; %s", p.Knobs.Concurrency, left)
		return
	}
	v := ds.Variants[best]
	conc, spec := p.Knobs.Concurrency, p.Knobs.SpecDecoding
	p.Knobs = v.Knobs
	noteRecipe(p, &v)
	p.Knobs.Concurrency = conc
	if spec != "" {
		p.Knobs.SpecDecoding = spec
	}
	if p.Prov.Image == "" {
		p.Prov.Image = v.Image
	}
	p.Label = "" // the knobs now name the point
}

func sameTopology(a, b model.Knobs) bool {
	return a.Shape() == b.Shape() && a.GPUs() == b.GPUs()
}

// commonDirDepth counts the leading directories two files share.
func commonDirDepth(a, b string) int {
	da := strings.Split(filepath.ToSlash(filepath.Dir(filepath.Clean(a))), "/")
	db := strings.Split(filepath.ToSlash(filepath.Dir(filepath.Clean(b))), "/")
	n := 0
	for n < len(da) && n < len(db) && da[n] == db[n] {
		n++
	}
	return n
}
