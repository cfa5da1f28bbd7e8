package sources

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/resultrow"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// resolvePending gives each point that waits for a GPU count (AIPerf,
// benchmark_serving output) the knobs of the recipe variant with its
// concurrency, then divides its throughput totals by its GPUs (the
// variant's or the file name's, else --gpus) the way InferenceX's producer
// of that kind of result does (gpuPending.byRole). Without any, the point stays,
// its per-GPU throughput absent, with a warning.
func resolvePending(ds *Dataset, opt Options, fills *curveFills) {
	twin := csvTwins(ds)
	for _, pd := range ds.pending {
		if pd.point < 0 || pd.point >= len(ds.Points) {
			continue
		}
		p := &ds.Points[pd.point]
		warnf := ds.Warnf
		if twin[pd.point] {
			warnf = func(string, string, string, ...any) {} // dropped for its JSON twin; said there
		}
		var several []string // variants of different shapes at p's concurrency
		if p.Knobs.Mode == "" {
			var v *srt.Variant
			if several, v = adoptVariant(ds, p); v != nil {
				fills.fill(p, v, "recipe "+variantRef(v))
			}
		}
		gpus := p.GPUs()
		if gpus <= 0 && opt.GPUs > 0 {
			p.GPUCount, gpus = opt.GPUs, opt.GPUs
		}
		if len(several) > 0 {
			left := "knobs left unknown"
			if gpus <= 0 && pd.totals.Has != 0 {
				left = "GPU count left unknown (pass --gpus): per-GPU throughput unknown, point kept without it"
			} else if gpus <= 0 {
				left = "knobs and GPU count left unknown"
			}
			warnf(p.Prov.File, "", "concurrency %d matches several recipe variants of different shapes (%s); %s",
				p.Knobs.Concurrency, strings.Join(several, ", "), left)
		}
		if pd.totals.Has == 0 {
			continue
		}
		if gpus <= 0 {
			if len(several) == 0 {
				of := ""
				if p.Curve.Model != "" {
					of = " of " + p.Curve.Model
				}
				warnf(p.Prov.File, "", "no GPU count (no recipe variant%s with concurrency %d loaded, none in the file name, no --gpus): per-GPU throughput unknown, point kept without it", of, p.Knobs.Concurrency)
			}
			continue
		}
		pre, dec := 0, 0 // agentic (AIPerf): over all GPUs
		if pd.byRole {
			pre, dec = pd.preGPUs, pd.decGPUs
			if p.Knobs.Mode == model.ModeDisagg && p.GPUCount == 0 {
				pre, dec = p.Knobs.Prefill.TotalGPUs(), p.Knobs.Decode.TotalGPUs()
			}
		}
		resultrow.PerGPU(&p.Metrics, pd.totals, gpus, pre, dec)
	}
	ds.pending = nil
}

// adoptVariant copies the knobs of the one variant of p's model with p's
// concurrency, preferring recipes nearest to p's file in the directory
// tree. When several of different shapes are equally near it copies
// nothing and names them.
func adoptVariant(ds *Dataset, p *model.Point) (several []string, adopted *srt.Variant) {
	best, bestDepth := -1, -1
	var tied []int
	for i := range ds.Variants {
		v := &ds.Variants[i]
		if !v.RunsAt(p.Knobs.Concurrency) || v.Knobs.Mode == "" || (p.GPUCount > 0 && v.Knobs.GPUs() != p.GPUCount) ||
			!sameModel(p.Curve.Model, v.Models) {
			continue
		}
		depth := commonDirDepth(v.File, p.Prov.File)
		switch {
		case depth > bestDepth:
			best, bestDepth, tied = i, depth, nil
		case depth == bestDepth && !sameTopology(ds.Variants[best].Knobs, v.Knobs):
			tied = append(tied, i)
		}
	}
	if best < 0 {
		return nil, nil
	}
	if len(tied) > 0 {
		for _, i := range append([]int{best}, tied...) {
			several = append(several, variantRef(&ds.Variants[i]))
		}
		if len(several) > 3 {
			several = append(several[:3], fmt.Sprintf("%d more", len(several)-3))
		}
		return several, nil
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
	return nil, &ds.Variants[best]
}

// csvTwins are the AIPerf CSV points whose JSON export of the same run is
// loaded too (settle drops them).
func csvTwins(ds *Dataset) map[int]bool {
	var twin map[int]bool
	for _, pd := range ds.pending {
		if pd.point < 0 || pd.point >= len(ds.Points) {
			continue
		}
		stem, ok := strings.CutSuffix(ds.Points[pd.point].Prov.File, ".csv")
		if !ok {
			continue
		}
		for i := range ds.Points {
			if ds.Points[i].Prov.File == stem+".json" {
				if twin == nil {
					twin = map[int]bool{}
				}
				twin[pd.point] = true
				break
			}
		}
	}
	return twin
}

// variantRef names a variant in a message: its file and selector.
func variantRef(v *srt.Variant) string {
	ref := filepath.Base(v.File)
	if v.Override != "" {
		ref += ":" + v.Override
	}
	return ref
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
