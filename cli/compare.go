package cli

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
)

func init() { register("compare", newCompareCmd) }

func newCompareCmd(env *cmdEnv) *cobra.Command {
	var f compareFlags
	cmd := leaf(env, "compare [--x AXIS] [--y METRIC] [--other SELECTOR] [--json] [PATH...]",
		"throughput gain over another curve (competitor) at the same x", compareHelp,
		func(_ *cobra.Command, paths []string) int { return runCompare(&f, paths, env) })
	fs := cmd.Flags()
	f.curveFlags.register(fs, model.AxisP90Intvty)
	fs.StringVar(&f.other, "other", string(model.SourceCompetitor), "the other curve (`SELECTOR`): a source, a framework or a full curve key")
	f.noise.register(fs)
	return cmd
}

const compareHelp = `For every point (not of the other curve) that has both metrics: the other
curve's throughput at the same x, by linear interpolation on the other
curve's Pareto frontier, and the gain y/other − 1. Blank (null) where the x
lies outside the other frontier's x range: never extrapolated.

The other curve is the competitor source unless --other picks one:
  a source      published, local, planned, competitor (or source:NAME)
  a framework   e.g. vllm (or framework:NAME)
  a full key    "model · scenario · hardware · framework · precision" as
                printed in the output, or the same fields comma-separated
A point is compared only with selected points of the same model, scenario,
hardware and precision (the framework may differ), so curves of other
models or precisions never mix. Each configuration counts with its latest
measurement (--as-of, --all-dates as for report). With --y cost-per-mtok
(lower is better) a negative gain is the better one.
`

type compareFlags struct {
	curveFlags
	other string
	noise noiseFlags
}

func runCompare(f *compareFlags, paths []string, env *cmdEnv) int {
	if msg := f.noise.check(); msg != "" {
		fmt.Fprintf(env.stderr, "sweeptune compare: %s\n", msg)
		return exitBadInput
	}
	x, v, ok := f.resolve("compare", env.stderr)
	if !ok {
		return exitBadInput
	}
	y := v.y
	// The noise reads every run, the comparison the shown points: the runs
	// are read before the shown points are taken in place (no copy of
	// them), and the selector is resolved then, from the shown points.
	var pre compareRuns
	s, ok := f.loadShownTakingAfter(paths, v, env, func(all []model.Point, idx []int, numbered *model.CurveNumbering) {
		pre = readCompareRuns(all, idx, numbered, f.other, v.asOf, f.noise.pct)
	})
	if !ok {
		return s.code
	}
	ds, loadCode := s.ds, s.code
	ds.Points = s.points
	sel := pre.sel
	if sel == nil {
		fmt.Fprintf(env.stderr, "sweeptune compare: --other %q matches no source, framework or curve key\n", f.other)
		writeSelectors(env.stderr, ds.Points)
		return exitBadInput
	}
	if !anyPoint(ds.Points, sel) {
		fmt.Fprintf(env.stderr, "sweeptune compare: no loaded point matches --other %q\n", f.other)
		writeSelectors(env.stderr, ds.Points)
		return exitBadInput
	}
	curves := model.Compare(ds.Points, sel, x, y)
	model.MarkGainRuns(curves, ds.Points, s.projs)
	model.MarkGainsNotDrawn(curves, ds.Points, sel, x, y)
	noise := pre.noise
	model.MarkGainsWithinNoise(curves, noise, y.Metric)
	if f.json {
		doc := compareDoc{Axis: x.Name, YAxis: y.Name, Noise: []compareCurveNoise{}}
		for _, c := range curves {
			cn := compareCurveNoise{Curve: c.Curve}
			if mn, ok := noise[c.Curve].For(y.Metric); ok {
				cn.Noise = &mn
			}
			doc.Noise = append(doc.Noise, cn)
		}
		if err := writeCompareDoc(env.json(), doc, curves, loadWarnings(s.ds, s.notes)); err != nil {
			return exitBadInput
		}
		return loadCode
	}
	render.WriteCompare(env.stdout, f.other, x, y, curves, noise, s.projs) // a row at a time: a million gains are megabytes
	return loadCode
}

// compareRuns is what compare reads of every loaded run before the shown
// points are taken: the other curve's selector (nil when it matches
// nothing shown) and each compared curve's noise.
type compareRuns struct {
	sel   func(*model.Point) bool
	noise map[model.CurveKey]model.Noise
}

// readCompareRuns resolves the selector other against the shown points
// (all[i], i of idx, in that order) and finds the noise of each curve they
// compare. numbered are the runs' curves (nil: numbered here).
func readCompareRuns(all []model.Point, idx []int, numbered *model.CurveNumbering, other, asOf string, pct float64) compareRuns {
	if numbered == nil {
		numbered = model.NumberCurves(all)
	}
	of, keys := numbered.Of(), numbered.Keys()
	// model.ParseSelector stops at the first shown point whose curve it
	// matches, always a curve's first: those stand for all of them.
	seen := make([]bool, len(keys))
	var firsts []model.Point
	for _, i := range idx {
		if c := of[i]; !seen[c] {
			seen[c] = true
			firsts = append(firsts, all[i])
		}
	}
	sel, ok := model.ParseSelector(other, firsts)
	if !ok {
		return compareRuns{}
	}
	// The pairs measured on or before --as-of: the one estimate select,
	// review and the PR body show (docs/noise.md).
	return compareRuns{sel: sel, noise: curveNoise(all, idx, of, keys, sel, asOf, pct)}
}

// curveNoise is the noise (model.NoiseAsOf: the pairs measured on or
// before asOf) of each curve model.Compare compares, one with a shown
// point (all[i], i of idx) not the other's, from its own runs (not the
// other's) in load order, read where they lie. of and keys number the
// runs' curves.
func curveNoise(all []model.Point, idx []int, of []int32, keys []model.CurveKey, sel func(*model.Point) bool, asOf string, pct float64) map[model.CurveKey]model.Noise {
	compared := make([]bool, len(keys))
	for _, i := range idx {
		if c := of[i]; !compared[c] && !sel(&all[i]) {
			compared[c] = true
		}
	}
	// the runs sorted to their curves: counted, then placed
	start := make([]int, len(keys)+1)
	own := func(i int) bool { return compared[of[i]] && !sel(&all[i]) }
	for i := range all {
		if own(i) {
			start[of[i]+1]++
		}
	}
	for c := range keys {
		start[c+1] += start[c]
	}
	runs := make([]int, start[len(keys)])
	next := slices.Clone(start[:len(keys)])
	for i := range all {
		if own(i) {
			runs[next[of[i]]] = i
			next[of[i]]++
		}
	}
	var ours [][]int
	for c := range keys {
		if compared[c] {
			ours = append(ours, runs[start[c]:start[c+1]])
		}
	}
	noises := model.NoisesAsOfAt(all, ours, asOf)
	noise := make(map[model.CurveKey]model.Noise, len(ours))
	for c, k := range keys {
		if compared[c] {
			noise[k], noises = noises[0].WithDefault(pct), noises[1:]
		}
	}
	return noise
}

func writeSelectors(w io.Writer, points []model.Point) {
	fws, keys := map[string]bool{}, map[string]bool{}
	for _, p := range points {
		fws[p.Curve.Framework], keys[p.Curve.String()] = true, true
	}
	srcs := make([]string, len(model.Sources))
	for i, s := range model.Sources {
		srcs[i] = string(s)
	}
	fmt.Fprintf(w, "sources: %s\nframeworks: %s\ncurve keys:\n", strings.Join(srcs, ", "), strings.Join(sortedKeys(fws), ", "))
	for _, k := range sortedKeys(keys) {
		fmt.Fprintf(w, "  %s\n", k)
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// anyPoint reports whether sel takes one of points (each looked at in
// place: a copy of a point per call, taken by address, would be allocated).
func anyPoint(points []model.Point, sel func(*model.Point) bool) bool {
	for i := range points {
		if sel(&points[i]) {
			return true
		}
	}
	return false
}
