package cli

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

func init() {
	register(command{name: "compare", summary: "throughput gain over another curve (competitor) at the same x", run: runCompare})
}

const compareHelp = `usage: sweeptune compare [--x AXIS] [--other SELECTOR] [--json] [PATH...]

For every point (not of the other curve) that has both metrics: the other
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
models or precisions never mix.
`

type compareFlags struct {
	inputFlags
	x     string
	other string
	json  bool
}

func runCompare(args []string, env *cmdEnv) int {
	fs := newFlags("compare", compareHelp, env)
	var f compareFlags
	f.inputFlags.register(fs)
	fs.StringVar(&f.x, "x", model.AxisP90Intvty.Name, "x axis: "+xAxisNames())
	fs.StringVar(&f.other, "other", string(model.SourceCompetitor), "the other curve: a source, a framework or a full curve key")
	fs.BoolVar(&f.json, "json", false, "print JSON instead of text")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagDone(err)
	}
	x, ok := parseXFlag("compare", f.x, env.stderr)
	if !ok {
		return exitBadInput
	}
	y := model.AxisTputPerGPU
	ds, loadCode := f.load(paths, env)
	printWarnings(env.stderr, ds)
	sel, ok := parseSelector(f.other, ds.Points)
	if !ok {
		fmt.Fprintf(env.stderr, "sweeptune compare: --other %q matches no source, framework or curve key\n", f.other)
		writeSelectors(env.stderr, ds.Points)
		return exitBadInput
	}
	var ours, other []model.Point
	for _, p := range ds.Points {
		if sel(p) {
			other = append(other, p)
		} else {
			ours = append(ours, p)
		}
	}
	if len(other) == 0 {
		fmt.Fprintf(env.stderr, "sweeptune compare: no loaded point matches --other %q\n", f.other)
		writeSelectors(env.stderr, ds.Points)
		return exitBadInput
	}
	rows, skipped := comparePoints(ours, other, x, y)
	rep := compareJSON{Axis: x.Name, Points: make([]comparePointJSON, len(rows))}
	for i, r := range rows {
		rep.Points[i] = r.json
	}
	if f.json {
		if err := writeJSON(env.stdout, rep); err != nil {
			return exitBadInput
		}
		return loadCode
	}
	writeCompareText(env.stdout, f.other, x, y, rows, skipped)
	return loadCode
}

// baseKey is a curve key without the framework: what two compared curves share.
type baseKey struct{ model, scenario, hardware, precision string }

func baseOf(k model.CurveKey) baseKey {
	return baseKey{k.Model, k.Scenario, k.Hardware, k.Precision}
}

// parseSelector resolves --other against the loaded points.
func parseSelector(s string, points []model.Point) (func(model.Point) bool, bool) {
	kind, val, hasKind := strings.Cut(s, ":")
	if !hasKind || strings.Contains(kind, " ") || strings.Contains(kind, ",") {
		kind, val = "", s
	}
	val = strings.TrimSpace(val)
	if kind == "" || kind == "source" {
		if src, ok := model.ParseSource(val); ok {
			return func(p model.Point) bool { return p.Source == src }, true
		}
	}
	if kind == "" || kind == "framework" {
		for _, p := range points {
			if strings.EqualFold(p.Curve.Framework, val) {
				fw := p.Curve.Framework
				return func(p model.Point) bool { return p.Curve.Framework == fw }, true
			}
		}
	}
	if kind == "" || kind == "curve" {
		want := normKey(val)
		for _, p := range points {
			if normKey(p.Curve.String()) == want {
				k := p.Curve
				return func(p model.Point) bool { return p.Curve == k }, true
			}
		}
	}
	return nil, false
}

// normKey lets a key be typed with "·" or "," between its fields.
func normKey(s string) string {
	s = strings.ReplaceAll(s, "·", ",")
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.ToLower(strings.TrimSpace(parts[i]))
	}
	return strings.Join(parts, ",")
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

// The --json shape of issue 3 (null where there is no value).
type compareJSON struct {
	Axis   string             `json:"axis"`
	Points []comparePointJSON `json:"points"`
}

type comparePointJSON struct {
	ID         string   `json:"id"`
	X          float64  `json:"x"`
	Y          float64  `json:"y"`
	OtherValue *float64 `json:"other_value"`
	GainPct    *float64 `json:"gain_pct"`
}

type compareRow struct {
	curve model.CurveKey
	json  comparePointJSON
}

// comparePoints gives every point with both metrics its gain against the
// other points of the same base key; rows go by curve, then x ascending.
// skipped counts the points without both metrics.
func comparePoints(ours, other []model.Point, x, y model.Axis) ([]compareRow, int) {
	otherBy := map[baseKey][]model.Point{}
	for _, p := range other {
		otherBy[baseOf(p.Curve)] = append(otherBy[baseOf(p.Curve)], p)
	}
	var rows []compareRow
	skipped := 0
	for _, c := range model.GroupCurves(ours) {
		gains := model.Gains(c.Points, otherBy[baseOf(c.Key)], x, y)
		skipped += len(c.Points) - len(gains)
		slices.SortStableFunc(gains, func(a, b model.Gain) int {
			switch {
			case a.X < b.X:
				return -1
			case a.X > b.X:
				return 1
			}
			return 0
		})
		for _, g := range gains {
			rows = append(rows, compareRow{curve: c.Key, json: comparePointJSON{ID: c.Points[g.Index].ID, X: g.X, Y: g.Y,
				OtherValue: floatPtr(g.Other, g.HasOther), GainPct: floatPtr(g.GainPct, g.HasOther)}})
		}
	}
	return rows, skipped
}

func writeCompareText(w io.Writer, other string, x, y model.Axis, rows []compareRow, skipped int) {
	fmt.Fprintf(w, "Gain over --other %s at the same %s (linear on its frontier, never extrapolated)\n", other, x.Name)
	for i := 0; i < len(rows); {
		j := i
		for j < len(rows) && rows[j].curve == rows[i].curve {
			j++
		}
		fmt.Fprintf(w, "\ncurve: %s\n", rows[i].curve)
		cells := make([][]string, 0, j-i)
		for _, r := range rows[i:j] {
			ov, gain := "", ""
			if r.json.OtherValue != nil {
				ov, gain = model.Thousands(*r.json.OtherValue, 2), signedPct(*r.json.GainPct)
			}
			cells = append(cells, []string{r.json.ID, numCell(x, r.json.X), numCell(y, r.json.Y), ov, gain})
		}
		fmt.Fprint(w, textTable([]string{"point", x.Name, y.Name, "other " + y.Name, "gain"}, cells, []bool{false, true, true, true, true}))
		i = j
	}
	if len(rows) == 0 {
		fmt.Fprintf(w, "\nNo point has both %s and %s.\n", x.Name, y.Name)
	}
	if skipped > 0 {
		fmt.Fprintf(w, "\n%d points without %s or %s are not compared.\n", skipped, x.Name, y.Name)
	}
}
