package sources

import (
	"path/filepath"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// resolvePending gives each point that waits for a GPU count (AIPerf) the
// knobs of the recipe variant with its concurrency, then divides its
// throughput totals by its GPUs: the variant's, else --gpus. Without
// either the point stays, its per-GPU throughput absent, with a warning.
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
		present := pd.totals.Present()
		if gpus <= 0 {
			if len(present) > 0 {
				ds.Warnf(p.Prov.File, "", "no GPU count (no recipe variant with concurrency %d loaded, no --gpus): per-GPU throughput unknown, point kept without it", p.Knobs.Concurrency)
			}
			continue
		}
		for _, m := range present {
			v, _ := pd.totals.Get(m)
			p.Metrics.Set(m, v/float64(gpus))
		}
	}
	ds.pending = nil
}

// adoptVariant copies the knobs of the one variant with p's concurrency,
// preferring recipes nearest to p's file in the directory tree.
func adoptVariant(ds *Dataset, p *model.Point) {
	best, bestDepth, ambiguous := -1, -1, false
	for i := range ds.Variants {
		v := &ds.Variants[i]
		if v.Knobs.Concurrency != p.Knobs.Concurrency || v.Knobs.Mode == "" {
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
		ds.Warnf(p.Prov.File, "", "concurrency %d matches several recipe variants of different shapes; GPU count left unknown", p.Knobs.Concurrency)
		return
	}
	v := ds.Variants[best]
	conc, spec := p.Knobs.Concurrency, p.Knobs.SpecDecoding
	p.Knobs = v.Knobs
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
