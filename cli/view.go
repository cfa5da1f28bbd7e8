package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/model/numbering"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/themes"
)

// viewFlags choose what each curve shows: the y metric and the power and
// cost behind the derived ones, and the measurements of which date.
type viewFlags struct {
	includeSuspect bool
	y              string
	asOf           string
	allDates       bool
	gpuPower       hwValues
	gpuCost        hwValues
	gpuConfig      string
}

// hwValues is a repeatable HW=NUMBER flag (also comma-separated).
type hwValues []string

func (h *hwValues) String() string { return strings.Join(*h, ",") }
func (h *hwValues) Type() string   { return "HW=VALUE" }
func (h *hwValues) Set(s string) error {
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			if _, _, err := model.ParseHWValue(part); err != nil {
				return err
			}
			*h = append(*h, part)
		}
	}
	return nil
}

// register attaches every view flag: --y, the date flags, the GPU specs.
func (f *viewFlags) register(fs *pflag.FlagSet) {
	f.registerY(fs)
	f.registerDates(fs)
	f.registerSpecs(fs)
}

func (f *viewFlags) registerY(fs *pflag.FlagSet) {
	fs.StringVarP(&f.y, "y", "y", model.AxisTputPerGPU.Name, "the y `METRIC`: "+yAxisNames()+" (cost-per-mtok: lower is better)")
}

func (f *viewFlags) registerDates(fs *pflag.FlagSet) {
	fs.BoolVar(&f.includeSuspect, "include-suspect", false, "bring suspect points (0 output tokens, failed requests, implausible per-GPU throughput; see docs/review.md) into frontiers, hulls, reviews and fits")
	fs.StringVar(&f.asOf, "as-of", "", "show each configuration's latest measurement on or before `DATE` (YYYY-MM-DD); later runs are left out")
	fs.BoolVar(&f.allDates, "all-dates", false, "show every measurement of a configuration, not only its latest")
}

// registerSpecs attaches the GPU power and cost flags.
func (f *viewFlags) registerSpecs(fs *pflag.FlagSet) {
	fs.Var(&f.gpuPower, "gpu-power", "all-in power per GPU in kW, HW=KW (repeatable), e.g. gb300=2.1; overrides the built-in table and the config file")
	fs.Var(&f.gpuCost, "gpu-cost", "cost per GPU-hour in USD, HW=USD (repeatable), e.g. h100=1.3")
	fs.StringVar(&f.gpuConfig, "gpu-config", "", "GPU power/cost config `FILE` (default "+defaultGPUConfigText()+")")
}

func defaultGPUConfigText() string {
	if p := sources.DefaultGPUConfigPath(); p != "" {
		return p
	}
	return "none: no user config directory"
}

func yAxisNames() string {
	names := make([]string, len(model.YAxes))
	for i, a := range model.YAxes {
		names[i] = a.Name
	}
	return strings.Join(names, ", ")
}

// view is the resolved view flags.
type view struct {
	includeSuspect bool
	y              model.Axis
	asOf           string
	allDates       bool
	specs          model.GPUSpecs
	derive         bool // tput-per-mw and cost-per-mtok asked for
	warnings       []sources.Warning
	// published: only what the dashboard publishes, each curve group's
	// latest date (report --as-published; docs/dashboard.md), with the
	// append-only entries of these changelogs (besides the loaded ones).
	published     bool
	publishedLogs []string
}

// resolve checks the flags; ok is false (with a line on stderr) when one
// is bad. A bad GPU config is a warning: the rest of it still applies.
func (f *viewFlags) resolve(cmd string, stderr io.Writer) (view, bool) {
	v := view{asOf: f.asOf, allDates: f.allDates, includeSuspect: f.includeSuspect}
	y, err := model.ParseYAxis(f.y)
	if err != nil {
		fmt.Fprintf(stderr, "sweeptune %s: %v\n", cmd, err)
		return v, false
	}
	v.y = y
	if f.asOf != "" {
		if _, err := time.Parse("2006-01-02", f.asOf); err != nil {
			fmt.Fprintf(stderr, "sweeptune %s: --as-of %q: want a date YYYY-MM-DD\n", cmd, f.asOf)
			return v, false
		}
	}
	v.specs = model.DefaultGPUSpecs()
	path, optional := f.gpuConfig, false
	if path == "" {
		path, optional = sources.DefaultGPUConfigPath(), true
	}
	v.warnings = sources.LoadGPUConfig(path, optional, v.specs)
	for _, s := range f.gpuPower {
		hw, kw, _ := model.ParseHWValue(s)
		v.specs.SetPower(hw, kw)
	}
	for _, s := range f.gpuCost {
		hw, usd, _ := model.ParseHWValue(s)
		v.specs.SetCost(hw, usd)
	}
	v.derive = y.Metric.Derived() || len(f.gpuPower)+len(f.gpuCost) > 0 || f.gpuConfig != ""
	return v, true
}

// points is what the view shows of the loaded points: each configuration's
// latest measurement as of the date (every measurement with --all-dates),
// with the derived metrics when asked for, short runs projected where their
// curve has run-length factors (model.ProjectShown: factors from every
// loaded run; the projections are returned). The dataset is not changed.
func (v view) points(all []model.Point) ([]model.Point, []model.Projection) {
	var out []model.Point
	if v.allDates {
		out = model.Dated(all, v.asOf)
	} else {
		out = model.Latest(all, v.asOf)
	}
	if v.derive {
		model.Derive(out, v.specs)
	}
	// The one place suspect points are kept out (or brought in): every
	// frontier, hull, review and fit of the view stands on these points.
	model.AdmitSuspect(out, v.includeSuspect)
	return out, model.ProjectShown(out, all)
}

// copied is points of the dataset's points, which it leaves as they are,
// from the shown measurements and the run scan the load prepared when it
// did (the same points and projections).
func (v view) copied(ds *sources.Dataset) ([]model.Point, []model.Projection) {
	idx, _, prepared := ds.PreparedLatest(v.asOf)
	if v.allDates {
		idx, _, prepared = ds.PreparedDated(v.asOf)
	}
	scan, scanned := ds.PreparedRuns()
	if !prepared || !scanned {
		return v.points(ds.Points)
	}
	all := ds.Points
	out := make([]model.Point, len(idx))
	for k, i := range idx {
		out[k] = all[i]
	}
	if v.derive {
		model.Derive(out, v.specs)
	}
	model.AdmitSuspect(out, v.includeSuspect) // as points does
	return out, model.ProjectShownBy(out, model.ProjectScannedRuns(all, scan))
}

// copiedFor is copied for a review of the points of ids: only the shown
// points it reads (model.ReviewReads), in shown order, and the shown
// suspect points, which the view's notes name. ok is false, and the whole
// view is to be copied, when an ID is not shown (the error lists every
// valid one), the load did not prepare the view, or the view derives
// metrics (its notes read every point).
func (v view) copiedFor(ds *sources.Dataset, ids []string) (points, suspects []model.Point, projs []model.Projection, ok bool) {
	idx, _, prepared := ds.PreparedLatest(v.asOf)
	if v.allDates {
		idx, _, prepared = ds.PreparedDated(v.asOf)
	}
	scan, scanned := ds.PreparedRuns()
	if !prepared || !scanned || v.derive || len(ids) == 0 {
		return nil, nil, nil, false
	}
	all := ds.Points
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	var curves []model.CurveKey
	found := 0
	for _, i := range idx {
		if p := &all[i]; want[p.ID] {
			found++
			if !slices.Contains(curves, p.Curve) {
				curves = append(curves, p.Curve)
			}
		}
	}
	if found < len(want) {
		return nil, nil, nil, false
	}
	n := 0
	for _, i := range idx {
		if model.ReviewReads(&all[i], curves) {
			n++
		}
	}
	points = make([]model.Point, 0, n)
	for _, i := range idx {
		p := &all[i]
		if model.ReviewReads(p, curves) {
			points = append(points, *p)
		}
		if p.Suspect() {
			suspects = append(suspects, *p)
		}
	}
	model.AdmitSuspect(points, v.includeSuspect) // as points does
	model.AdmitSuspect(suspects, v.includeSuspect)
	return points, suspects, model.ProjectShownBy(points, model.ProjectScannedRuns(all, scan)), true
}

// take is points on the load's own array, which it leaves nil, grouped by
// curve: the run-length projections read every run first, then the shown
// measurements (the latest, or every one with --all-dates) are gathered
// curve by curve in place, each moved once. order is where each shown
// point was in load order. peek, when given, reads every run before the
// points move: idx are the shown ones, numbered the runs' curves (nil
// when the load did not number them).
func (v view) take(ds *sources.Dataset, peek peekRuns) (points []model.Point, curves []model.Curve, order []int32, projs []model.Projection) {
	idx, numbered, prepared := ds.PreparedLatest(v.asOf)
	if v.allDates {
		idx, numbered, prepared = ds.PreparedDated(v.asOf)
	}
	scan, scanned := ds.PreparedRuns()
	all := ds.Points
	ds.Points = nil
	if scanned {
		projs = model.ProjectScannedRuns(all, scan)
	} else {
		projs = model.ProjectRuns(all)
	}
	switch {
	case prepared:
	case v.allDates:
		idx = model.DatedIndex(all, v.asOf)
	default:
		idx = model.LatestIndex(all, v.asOf)
	}
	if peek != nil {
		peek(all, idx, numbered)
	}
	points, curves, order = numbering.GroupKeptInPlace(all, idx, numbered)
	if v.derive {
		model.Derive(points, v.specs)
	}
	model.AdmitSuspect(points, v.includeSuspect) // as points does
	return points, curves, order, model.ProjectShownBy(points, projs)
}

// notes are the view's warnings and what it could not derive; order is
// where each point was in load order (nil for in order), which the
// suspect points are listed in.
func (v view) notes(points []model.Point, order []int32) []string {
	var out []string
	for _, w := range v.warnings {
		out = append(out, w.String())
	}
	out = append(out, render.SuspectNotesInOrder(points, order, v.includeSuspect)...)
	if v.derive {
		if missing := missingSpecs(points, v.specs, v.y); len(missing) > 0 {
			out = append(out, fmt.Sprintf("no %s for %s: its points have no %s (give --gpu-power / --gpu-cost HW=VALUE)",
				specWord(v.y), strings.Join(missing, ", "), v.y.Name))
		}
	}
	return out
}

func specWord(y model.Axis) string {
	if y.Metric == model.CostPerMTok {
		return "cost per GPU-hour"
	}
	return "power per GPU"
}

// missingSpecs lists the hardware whose points have throughput but no
// number behind the derived y.
func missingSpecs(points []model.Point, specs model.GPUSpecs, y model.Axis) []string {
	if !y.Metric.Derived() {
		return nil
	}
	seen := map[string]bool{}
	for i := range points {
		p := &points[i]
		if !p.Metrics.Has(model.TputPerGPU) || p.Metrics.Has(y.Metric) {
			continue
		}
		seen[model.OrUnknown(p.Curve.Hardware)] = true
	}
	return sortedKeys(seen)
}

// curveFlags are the flags of the commands that show the loaded points on
// an x/y view: report, review and compare.
type curveFlags struct {
	inputFlags
	viewFlags
	x    string
	json bool
}

func (f *curveFlags) register(fs *pflag.FlagSet, x model.Axis) {
	f.inputFlags.register(fs)
	f.viewFlags.register(fs)
	addX(fs, &f.x, x)
	addJSON(fs, &f.json)
}

// resolve checks --x and the view flags, saying on stderr what is wrong.
func (f *curveFlags) resolve(cmd string, stderr io.Writer) (model.Axis, view, bool) {
	return f.viewFlags.resolveXY(cmd, f.x, stderr)
}

// resolveXY checks the x axis named and the view flags.
func (f *viewFlags) resolveXY(cmd, xName string, stderr io.Writer) (model.Axis, view, bool) {
	x, ok := parseXFlag(cmd, xName, stderr)
	if !ok {
		return x, view{}, false
	}
	v, ok := f.resolve(cmd, stderr)
	return x, v, ok
}

// shown is a load as the view shows it.
type shown struct {
	ds     *sources.Dataset   // as loaded: every point
	points []model.Point      // what the view shows of them
	curves []model.Curve      // the points by curve, when they were taken
	order  []int32            // where each shown point was loaded among them; nil for in order
	projs  []model.Projection // the run-length projections behind the shown points
	notes  []string           // the view's warnings
	code   int                // exitBadInput when anything was skipped or the GPU config is bad
}

// loadShown loads the paths and applies the view, writing the load's
// warnings and the view's notes to stderr; ok is false (nothing loaded)
// when an input flag is bad.
func (f *curveFlags) loadShown(paths []string, v view, env *cmdEnv) (shown, bool) {
	return f.loadShownAs(paths, v, env, false, nil)
}

// loadShownTaking is loadShown for a command that reads only the shown
// points and projections: the points are made in the load's own array
// (ds.Points is nil after), no second copy of a million points.
func (f *curveFlags) loadShownTaking(paths []string, v view, env *cmdEnv) (shown, bool) {
	return f.loadShownAs(paths, v, env, true, nil)
}

// peekRuns reads every loaded run (all) before the shown points (all[i],
// i of idx) are taken; numbered is nil when the load did not number the
// runs' curves.
type peekRuns func(all []model.Point, idx []int, numbered *model.CurveNumbering)

// loadShownTakingAfter is loadShownTaking for a command that also reads
// every run (compare's noise): peek reads them before the points move.
func (f *curveFlags) loadShownTakingAfter(paths []string, v view, env *cmdEnv, peek peekRuns) (shown, bool) {
	return f.loadShownAs(paths, v, env, true, peek)
}

// loadShownFor is loadShown for a review of the points of ids: the shown
// points it does not read are not copied (view.copiedFor).
func (f *curveFlags) loadShownFor(paths []string, v view, env *cmdEnv, ids []string) (shown, bool) {
	return f.loadShownAs(paths, v, env, false, nil, ids...)
}

func (f *curveFlags) loadShownAs(paths []string, v view, env *cmdEnv, take bool, peek peekRuns, reviewed ...string) (shown, bool) {
	ds, code := f.loadWith(paths, env, func(o *sources.Options) {
		// the shown measurements found while the load names its points
		o.PrepareLatest, o.LatestAsOf, o.LatestAllDates = !v.published, v.asOf, v.allDates
	})
	if ds == nil {
		return shown{code: code}, false
	}
	printWarnings(env.stderr, ds)
	if v.published {
		if !keepPublished(ds, v.asOf, v.publishedLogs, env) {
			return shown{code: exitBadInput}, false
		}
	}
	s := shown{ds: ds, code: code}
	var suspects []model.Point // what the notes are made of, when not the points
	scoped := false
	switch {
	case take:
		s.points, s.curves, s.order, s.projs = v.take(ds, peek)
	case len(reviewed) > 0:
		s.points, suspects, s.projs, scoped = v.copiedFor(ds, reviewed)
		if !scoped {
			s.points, s.projs = v.copied(ds)
		}
	default:
		s.points, s.projs = v.copied(ds)
	}
	if scoped {
		s.notes = v.notes(suspects, nil)
	} else {
		s.notes = v.notes(s.points, s.order)
	}
	for _, n := range s.notes {
		fmt.Fprintf(env.stderr, "warning: %s\n", n)
	}
	if len(v.warnings) > 0 {
		s.code = exitBadInput
	}
	return s, true
}

// keepPublished leaves in ds only the curve as the dashboard publishes it
// as of asOf (model.PublishedView), an append-only entry's date joined to
// the curve before it (the loaded changelogs and those of logs), and says
// what it left out. false when a changelog of logs cannot be read.
func keepPublished(ds *sources.Dataset, asOf string, logs []string, env *cmdEnv) bool {
	changelogs := ds.Changelogs
	for _, path := range logs {
		l, err := sources.ReadChangelog(path)
		if err != nil {
			fmt.Fprintf(env.stderr, "sweeptune report: --changelog: %v\n", err)
			return false
		}
		changelogs = append(slices.Clip(changelogs), l)
	}
	idx, appended := model.PublishedView(ds.Points, asOf, sources.AppendOnlyDates(changelogs))
	kept := make([]model.Point, len(idx))
	for k, i := range idx {
		kept[k] = ds.Points[i]
	}
	if left := len(ds.Points) - len(kept); left > 0 {
		fmt.Fprintf(env.stderr, "note: the curve as published: each curve's latest published date%s%s; %s of earlier dates, local runs or planned points left out\n",
			map[bool]string{true: "", false: " on or before " + asOf}[asOf == ""], appendedText(appended),
			model.Plural(left, "point"))
	}
	ds.Points = kept
	return true
}

// appendedText names the append-only dates the published view joined
// ("" when none).
func appendedText(dates []string) string {
	if len(dates) == 0 {
		return ""
	}
	return ", with the points of the append-only " + strings.Join(dates, ", ") + " joined to it"
}

// completeFlagValues offers the shell completion of the closed flags'
// values (axes, sources, themes) on c, wherever c has them.
func completeFlagValues(c *cobra.Command) {
	axisNames := func(axes []model.Axis) []string {
		out := make([]string, len(axes))
		for i, a := range axes {
			out[i] = a.Name
		}
		return out
	}
	srcs := make([]string, len(model.Sources))
	for i, s := range model.Sources {
		srcs[i] = string(s)
	}
	for name, values := range map[string][]string{
		"x": axisNames(model.XAxes), "y": axisNames(model.YAxes), "source": srcs,
		"theme": themes.Names(), "color": {"auto", "always", "never"},
	} {
		if c.Flags().Lookup(name) == nil {
			continue
		}
		_ = c.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
	}
}
