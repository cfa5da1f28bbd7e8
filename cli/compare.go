package cli

import (
	"fmt"
	"io"
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
	s, ok := f.loadShown(paths, v, env)
	if !ok {
		return s.code
	}
	ds, loadCode := s.ds, s.code
	all := ds.Points // every run: the noise (the shown points keep one per configuration)
	ds.Points = s.points
	sel, ok := model.ParseSelector(f.other, ds.Points)
	if !ok {
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
	// The pairs measured on or before --as-of: the one estimate select,
	// review and the PR body show (docs/noise.md).
	noise := curveNoise(all, curves, sel, v.asOf, f.noise.pct)
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
	fmt.Fprint(env.stdout, render.Compare(f.other, x, y, curves, noise, s.projs).Plain())
	return loadCode
}

// curveNoise is each compared curve's noise (model.NoiseAsOf: the pairs
// measured on or before asOf) from its own runs (not the other's) in load
// order: the runs are sorted to their curves in one pass, and each
// curve's are gathered in turn into one buffer, as large as the largest.
func curveNoise(all []model.Point, curves []model.CurveGains, sel func(*model.Point) bool, asOf string, pct float64) map[model.CurveKey]model.Noise {
	at := make(map[model.CurveKey]int, len(curves))
	for j, c := range curves {
		at[c.Curve] = j
	}
	runs := make([][]int32, len(curves))
	last, lastAt := model.CurveKey{}, -1 // a dump's rows often come curve by curve
	for i := range all {
		p := &all[i]
		if lastAt < 0 || p.Curve != last {
			j, ok := at[p.Curve]
			if !ok {
				j = -2
			}
			last, lastAt = p.Curve, j
		}
		if lastAt >= 0 && !sel(p) {
			runs[lastAt] = append(runs[lastAt], int32(i))
		}
	}
	most := 0
	for _, r := range runs {
		most = max(most, len(r))
	}
	buf := make([]model.Point, 0, most)
	noise := make(map[model.CurveKey]model.Noise, len(curves))
	for j, c := range curves {
		own := buf[:0]
		for _, i := range runs[j] {
			own = append(own, all[i])
		}
		if len(own) == 0 {
			own = nil
		}
		noise[c.Curve] = model.NoiseAsOf(own, asOf).WithDefault(pct)
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
