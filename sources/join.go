package sources

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// Join gives result points the knobs only a recipe knows (decode BS, MRR,
// extra slots, balancing, GPUs per worker) by matching recipe variants on
// prefill workers, decode workers and concurrency.
// Points that carry no topology at all (AIPerf exports) take a variant's
// whole knobs by concurrency; then their per-GPU throughput is computed.
func Join(ds *Dataset, opt Options) {
	fills := &curveFills{}
	joinRuns(ds, fills)
	if len(ds.Variants) > 0 {
		byWorkers := indexVariants(ds.Variants)
		for i := range ds.Points {
			if v := joinPoint(&ds.Points[i], ds.Variants, byWorkers); v != nil {
				fills.fill(&ds.Points[i], v, "recipe "+variantRef(v))
			}
		}
	}
	resolvePending(ds, opt, fills)
	fills.say(ds)
}

// curveFills records which curve fields joins took from which recipe, to
// say so once per result file and recipe.
type curveFills struct {
	order []string
	by    map[string]*curveFill
}

type curveFill struct {
	file, recipe string
	fields       map[int]bool
	points       int
}

// fill gives p's empty curve fields the variant's values (a result that
// names no hardware or precision joins the curve its recipe ran on).
func (f *curveFills) fill(p *model.Point, v *srt.Variant, source string) {
	have, from := p.Curve.Fields(), v.Curve.Fields()
	if have[5] == "" {
		have[5] = p.Knobs.SpecDecoding // the curve takes it from the knobs anyway
	}
	var got []int
	for i := range have {
		if have[i] == "" && from[i] != "" {
			got = append(got, i)
		}
	}
	if len(got) == 0 {
		return
	}
	c := &p.Curve
	dst := [6]*string{&c.Model, &c.Scenario, &c.Hardware, &c.Framework, &c.Precision, &c.Spec}
	for _, i := range got {
		*dst[i] = from[i]
	}
	key := p.Prov.File + "\x00" + source
	if f.by == nil {
		f.by = map[string]*curveFill{}
	}
	cf := f.by[key]
	if cf == nil {
		cf = &curveFill{file: p.Prov.File, recipe: source, fields: map[int]bool{}}
		f.by[key] = cf
		f.order = append(f.order, key)
	}
	cf.points++
	for _, i := range got {
		cf.fields[i] = true
	}
}

// say adds one notice per result file and recipe naming the fields taken.
func (f *curveFills) say(ds *Dataset) {
	for _, key := range f.order {
		cf := f.by[key]
		var names []string
		for i, n := range model.FieldNames {
			if cf.fields[i] {
				names = append(names, n)
			}
		}
		what := "its points' curve"
		if cf.points == 1 {
			what = "its point's curve"
		}
		ds.Notices = append(ds.Notices, fmt.Sprintf("%s: %s %s taken from %s", cf.file, what, strings.Join(names, ", "), cf.recipe))
	}
}

func joinPoint(p *model.Point, variants []srt.Variant, byWorkers variantsByWorkers) *srt.Variant {
	k := &p.Knobs
	if k.Mode != model.ModeDisagg || p.Prov.Recipe != "" { // a job's own recipe was joined already
		return nil
	}
	for _, i := range byWorkers[[2]int{k.Prefill.Workers, k.Decode.Workers}] {
		v := &variants[i]
		vk := &v.Knobs
		if !v.RunsAt(k.Concurrency) || conflicts(k, vk) || !sameModel(p.Curve.Model, v.Models) {
			continue
		}
		fillRole(&k.Prefill, vk.Prefill)
		fillRole(&k.Decode, vk.Decode)
		fillInt(&k.DecodeBS, vk.DecodeBS)
		fillInt(&k.MaxRunningRequests, vk.MaxRunningRequests)
		fillInt(&k.DecodeExtraSlots, vk.DecodeExtraSlots)
		if k.Balance == "" {
			k.Balance = vk.Balance
		}
		if k.SpecDecoding == "" {
			k.SpecDecoding = vk.SpecDecoding
		}
		noteRecipe(p, v)
		return v
	}
	return nil
}

// variantsByWorkers lists the disaggregated variants by their prefill and
// decode worker counts, each list in the variants' order: a point is
// compared with the variants it can join, not every variant of every
// recipe loaded (a million rows against a few hundred variants).
type variantsByWorkers map[[2]int][]int32

func indexVariants(variants []srt.Variant) variantsByWorkers {
	by := variantsByWorkers{}
	for i := range variants {
		k := &variants[i].Knobs
		if k.Mode == model.ModeDisagg {
			key := [2]int{k.Prefill.Workers, k.Decode.Workers}
			by[key] = append(by[key], int32(i))
		}
	}
	return by
}

// noteRecipe records which recipe variant a point's knobs came from.
func noteRecipe(p *model.Point, v *srt.Variant) {
	p.Prov.Recipe, p.Prov.RecipeVariant = v.File, v.Override
	if v.Override == "" {
		p.Prov.RecipeVariant = v.Name
	}
}

// conflicts reports a variant that states a knob the point states too,
// with another value (9P BS192 is not the recipe's 9P BS160 at the same
// concurrency): it is another configuration, not this point's recipe.
func conflicts(k, v *model.Knobs) bool {
	differ := func(a, b int) bool { return a != 0 && b != 0 && a != b }
	return differ(k.DecodeBS, v.DecodeBS) || differ(k.MaxRunningRequests, v.MaxRunningRequests) ||
		differ(k.Prefill.GPUs, v.Prefill.GPUs) || differ(k.Decode.GPUs, v.Decode.GPUs) ||
		k.Balance != "" && v.Balance != "" && k.Balance != v.Balance
}

func fillRole(dst *model.Role, src model.Role) {
	fillInt(&dst.Workers, src.Workers)
	fillInt(&dst.GPUs, src.GPUs)
	fillInt(&dst.Nodes, src.Nodes)
	fillInt(&dst.TP, src.TP)
	fillInt(&dst.EP, src.EP)
	if !dst.DPAttn {
		dst.DPAttn = src.DPAttn
	}
}

func fillInt(dst *int, v int) {
	if *dst == 0 {
		*dst = v
	}
}

// settle is the last step of a load before IDs: a run exported twice
// (AIPerf CSV and JSON) counts once, and measured points without a single
// metric are said, never loaded silently (a planned point states knobs).
func settle(ds *Dataset) {
	dropAIPerfCSVTwins(ds)
	// Per half of the points, the files of points without metrics in the
	// order they come, and how many each; the second half's files after
	// the first's.
	var empty [2]map[string]int
	var order [2][]string
	par.Halves(len(ds.Points), parallelScanMin, func(lo, hi int) {
		h := min(lo, 1)
		empty[h] = map[string]int{}
		for i := lo; i < hi; i++ {
			p := &ds.Points[i]
			if p.Metrics.Any() || p.Source == model.SourcePlanned {
				continue
			}
			if empty[h][p.Prov.File] == 0 {
				order[h] = append(order[h], p.Prov.File)
			}
			empty[h][p.Prov.File]++
		}
	})
	files := order[0]
	for _, f := range order[1] {
		if empty[0][f] == 0 {
			files = append(files, f)
		}
		empty[0][f] += empty[1][f]
	}
	for _, f := range files {
		what := "1 point has"
		if empty[0][f] > 1 {
			what = fmt.Sprintf("%d points have", empty[0][f])
		}
		ds.Warnf(f, "", "%s no metric sweeptune reads (throughput, interactivity or latency); loaded without any", what)
	}
}

// parallelScanMin is the point count from which the load's scans of every
// point run on two cores (par.Halves).
const parallelScanMin = 1 << 16
