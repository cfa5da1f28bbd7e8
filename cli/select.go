package cli

import (
	"fmt"
	"math"
	"strings"

	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/export"
)

func init() { register("select", newSelectCmd) }

// maxSelectBands bounds --bands: a band is a slice of the x range, and
// past this there is no point in it to choose (2^63 - 1 bands panicked
// making them).
const maxSelectBands = 1000

const selectHelp = `Chooses one point per band of the x axis (default p90 interactivity, the axis
the dashboard plots) among the curve's measured points, published and local,
latest per configuration. A published point stays unless a candidate beats it
on both axes by more than the margin; candidates that win only inside the
margin are named "inside noise". The margin is --margin, else the curve's
measured run-to-run noise, else 2 %. Every removal the selection implies
passes the line test (a band is cut where it would not). With --max-gpus the
calibrated planner proposes runs for empty and weak bands; with --queue and
--recipe they are written as srt-slurm overrides in the bundle's dialect, one
srtctl apply line each, and their predictions recorded in the ledger
(--ledger FILE, else the default ledger). See docs/select.md.`

type selectFlags struct {
	inputFlags
	x, y, curve, edges, asOf, queue, master, ledger string
	recipes, configKeys                             []string
	bands, maxGPUs                                  int
	margin                                          float64
	marginSet, json                                 bool
}

// recipe is the bundle a queue is written in the dialect of: the first --recipe.
func (f *selectFlags) recipe() string {
	if r := cleanList(f.recipes); len(r) > 0 {
		return r[0]
	}
	return ""
}

func newSelectCmd(env *cmdEnv) *cobra.Command {
	var f selectFlags
	cmd := leaf(env, "select [--x AXIS] [--bands K | --edges a,b,…] [--margin PCT] [--recipe BUNDLE [--master M --config-key K]] [--max-gpus N [--queue FILE [--ledger FILE]]] [--as-of DATE] [--json] [PATH...]",
		"one point per interactivity band with a noise margin; proposals and an srtctl queue for weak bands", selectHelp,
		func(cmd *cobra.Command, paths []string) int {
			f.marginSet = cmd.Flags().Changed("margin")
			return runSelect(&f, paths, env)
		})
	fs := cmd.Flags()
	f.inputFlags.register(fs)
	addX(fs, &f.x, model.AxisP90Intvty)
	fs.StringVar(&f.y, "y", model.AxisTputPerGPU.Name, "the y `METRIC`")
	fs.StringVar(&f.curve, "curve", "", "`CURVE`: its number in 'report' order or a substring of its name (default: the curve with the most measured points)")
	fs.IntVar(&f.bands, "bands", 0, fmt.Sprintf("`K` equal bands over the candidates' x range (default %d)", model.DefaultSelectBands))
	fs.StringVar(&f.edges, "edges", "", "band `EDGES` a,b,… ascending (instead of --bands)")
	fs.Float64Var(&f.margin, "margin", 0, fmt.Sprintf("least gain in `PCT` percent a replacement must show on each axis (default: the curve's run-to-run noise, else %.1f)", model.DefaultMarginPct))
	fs.IntVar(&f.maxGPUs, "max-gpus", 0, "propose runs for empty and weak bands within a budget of `N` GPUs per point")
	fs.StringVar(&f.queue, "queue", "", "write the proposed runs to `FILE` as srt-slurm overrides (needs --recipe, --max-gpus)")
	fs.StringSliceVar(&f.recipes, "recipe", nil, "the export target's srt-slurm `BUNDLE`s (as export takes them): a configuration an override runs is kept or re-tuned, not new; the first is the bundle whose base and dialect --queue uses")
	fs.StringVar(&f.master, "master", "", "the export target's InferenceX master config `FILE`: only the overrides its --config-key rows select count as there")
	fs.StringSliceVar(&f.configKeys, "config-key", nil, "the master-config entry `KEYS` of the target (repeatable or comma-separated)")
	fs.StringVar(&f.ledger, "ledger", "", "the prediction ledger `FILE`: its scorecard on this curve is the model's error (else the backtest's), and --queue records its runs' predictions in it (default: ledger.jsonl in the user state directory)")
	fs.StringVar(&f.asOf, "as-of", "", "leave out runs dated after `DATE` (YYYY-MM-DD)")
	addJSON(fs, &f.json)
	return cmd
}

func runSelect(f *selectFlags, paths []string, env *cmdEnv) int {
	bad := func(format string, a ...any) int {
		fmt.Fprintf(env.stderr, "sweeptune select: "+format+"\n", a...)
		return exitBadInput
	}
	req, msg := f.request()
	if msg != "" {
		return bad("%s", msg)
	}
	ds, code := f.load(paths, env)
	if ds == nil {
		return code
	}
	printWarnings(env.stderr, ds)
	curve, msg := selectCurve(ds.Points, f.curve)
	if msg != "" {
		return bad("%s", msg)
	}
	req.Points, req.Curve = ds.Points, curve.Key
	if !f.marginSet {
		req.Margin = model.MarginFromNoiseAsOf(curve.Points, req.X, req.Y, req.AsOf)
	}
	if recipes := cleanList(f.recipes); len(recipes) > 0 {
		t, err := export.ReadTarget(recipes, f.master, cleanList(f.configKeys))
		if err != nil {
			return bad("%v", err)
		}
		req.Target = t.State
	}
	sel, err := model.Select(req)
	if err != nil {
		return bad("%v", err)
	}
	var props *planner.Proposals
	if f.maxGPUs > 0 {
		pr := planner.ProposeRequest{Selection: sel, Points: ds.Points, MaxGPUs: f.maxGPUs, Error: scorecardError(f.ledgerPath(), sel, ds.Points)}
		if props, err = planner.Propose(pr); err != nil {
			return bad("%v", err)
		}
	}
	var q *export.QueuePlan
	recorded := 0
	if f.queue != "" {
		if props == nil || len(props.Runs) == 0 {
			// Nothing to queue is an answer: the selection still prints.
			fmt.Fprintln(env.stderr, "note: --queue: nothing to queue: no band is empty or weak, or the model proposes nothing there; no file written")
		} else {
			if q, err = buildQueue(sel, props, f); q == nil {
				return bad("%v", err)
			}
			if err == nil {
				err = q.Write()
			}
			if err == nil {
				recorded, err = recordProposals(f.ledgerPath(), sel, props)
			}
		}
	}
	if werr := writeSelection(f, env, ds, sel, props, q, recorded, err == nil); werr != nil {
		return bad("%v", werr)
	}
	switch {
	case err != nil:
		fmt.Fprintf(env.stderr, "sweeptune select: %v\n", err)
		return exitRefused
	case !sel.CoveredAll() || !sel.CoverageHolds:
		return exitRefused
	}
	return code
}

// writeSelection prints the selection, the proposals and the queue: the
// --json document, or render's words (written: the queue is on disk).
func writeSelection(f *selectFlags, env *cmdEnv, ds *sources.Dataset, sel *model.Selection, props *planner.Proposals,
	q *export.QueuePlan, recorded int, written bool) error {
	if f.json {
		out := struct {
			Selection *model.Selection   `json:"selection"`
			Proposals *planner.Proposals `json:"proposals"`
			Queue     *export.QueuePlan  `json:"queue"`
			Recorded  int                `json:"recorded"`
		}{sel, props, q, recorded}
		return writeDoc(env.json(), out, loadWarnings(ds, nil))
	}
	doc := render.Selection(sel, ds.Points, props)
	if q != nil {
		doc.Blank()
		doc.Append(render.Queue(q, written, recorded, f.ledgerPath()))
	}
	_, err := fmt.Fprint(env.stdout, doc.Plain())
	return err
}

// scorecardError is the error the model showed on the selection's curve in
// the ledger's scorecard (predictions matched to their runs), nil when the
// ledger has none there (or cannot be read): then the backtest's is used.
func scorecardError(path string, sel *model.Selection, points []model.Point) *planner.ModelError {
	res, err := ledger.Read(path)
	if err != nil || len(res.Records) == 0 {
		return nil
	}
	for _, g := range ledger.Score(res.Records, points).ByCurve {
		if g.Curve == nil || *g.Curve != sel.Curve {
			continue
		}
		e := planner.ModelError{}
		for _, m := range g.Metrics {
			switch m.Name {
			case model.TputPerGPU.JSONName():
				e.TputPct, e.Known = m.MeanAbsPct, true
				e.Source = fmt.Sprintf("scorecard (%d matched runs, %s)", m.Count, path)
			case sel.X.Metric.JSONName():
				e.XPct = m.MeanAbsPct
			}
		}
		if e.Known {
			return &e
		}
	}
	return nil
}

func (f *selectFlags) ledgerPath() string {
	if f.ledger != "" {
		return f.ledger
	}
	return ledger.DefaultPath()
}

// recordProposals appends every queued run's prediction to the ledger.
func recordProposals(path string, sel *model.Selection, props *planner.Proposals) (int, error) {
	var recs []ledger.Record
	fit := ledger.FitOf(props.Fit.Points, nil)
	at := now()
	for _, r := range props.Runs {
		if r.Prediction != nil {
			recs = append(recs, ledger.New(props.Calibration, fit, sel.Curve, r.Knobs, *r.Prediction, ledger.OriginSelect, at))
		}
	}
	skipped, err := ledger.AppendNew(path, recs...)
	if err != nil {
		return 0, err
	}
	return len(recs) - len(skipped), nil
}

// request checks the flags and builds the selection request (without points).
func (f *selectFlags) request() (model.SelectRequest, string) {
	var req model.SelectRequest
	var err error
	if req.X, err = model.ParseXAxis(f.x); err != nil {
		return req, "--x: " + err.Error()
	}
	if req.Y, err = model.ParseYAxis(f.y); err != nil {
		return req, "--y: " + err.Error()
	}
	switch {
	case f.bands != 0 && f.edges != "":
		return req, "--bands and --edges: give one"
	case f.bands < 0:
		return req, fmt.Sprintf("--bands %d: want at least one", f.bands)
	case f.bands > maxSelectBands:
		return req, fmt.Sprintf("--bands %d: at most %d", f.bands, maxSelectBands)
	case f.queue != "" && (f.recipe() == "" || f.maxGPUs <= 0):
		return req, "--queue needs --recipe BUNDLE and --max-gpus N (the runs come from the planner's proposals)"
	case f.master != "" && f.recipe() == "":
		return req, "--master needs --recipe: the target's overrides live in its recipes"
	case len(cleanList(f.configKeys)) > 0 && f.master == "":
		return req, "--config-key needs --master FILE"
	case f.maxGPUs < 0:
		return req, fmt.Sprintf("--max-gpus %d: want a positive GPU budget", f.maxGPUs)
	}
	if f.edges != "" {
		if req.Edges, err = model.ParseEdges(f.edges); err != nil {
			return req, "--" + err.Error()
		}
	}
	req.Bands, req.AsOf = f.bands, f.asOf
	if f.marginSet {
		if f.margin < 0 || math.IsNaN(f.margin) || math.IsInf(f.margin, 0) {
			return req, fmt.Sprintf("--margin %v: want a percentage ≥ 0", f.margin)
		}
		req.Margin = model.Margin{Pct: f.margin, Source: "--margin"}
	}
	return req, ""
}

// selectCurve is --curve's curve, else the one with the most measured points.
func selectCurve(points []model.Point, sel string) (model.Curve, string) {
	// The curves are counted, not grouped: only the chosen one is copied.
	keys, own := model.CountCurves(points, func(p *model.Point) bool {
		return p.Source == model.SourcePublished || p.Source == model.SourceLocal
	})
	if sel != "" {
		c, msg := pickCurve(keyCurves(keys), sel)
		if msg != "" {
			return c, msg
		}
		return model.GatherCurve(points, c.Key), ""
	}
	best, n := -1, 0
	for i := range keys {
		if own[i] > n {
			best, n = i, own[i]
		}
	}
	if best < 0 {
		return model.Curve{}, "no measured point (published or local) to select among"
	}
	return model.GatherCurve(points, keys[best]), ""
}

// buildQueue turns the proposals into the queue file's plan; a plan with
// refusals comes back with its error.
func buildQueue(sel *model.Selection, props *planner.Proposals, f *selectFlags) (*export.QueuePlan, error) {
	if props == nil || len(props.Runs) == 0 {
		return nil, fmt.Errorf("--queue: nothing to queue: no band is empty or weak, or the model proposes nothing there")
	}
	runs := make([]export.QueuedRun, 0, len(props.Runs))
	for _, r := range props.Runs {
		runs = append(runs, export.QueuedRun{
			Point:     model.Point{ID: r.ID, Curve: sel.Curve, Source: model.SourcePlanned, Knobs: r.Knobs},
			DurationS: r.DurationS,
			Comment:   render.QueueComment(r, sel.X),
		})
	}
	title := []string{fmt.Sprintf("%s select for %s", export.QueueTitle, sel.Curve),
		fmt.Sprintf("(bands on %s, margin ±%.1f %% from %s), cheapest first.", sel.X.Name, sel.Margin.Pct, strings.SplitN(sel.Margin.Source, ":", 2)[0])}
	return export.BuildQueue(export.QueueRequest{RecipePath: f.recipe(), QueuePath: f.queue, Runs: runs, Title: title})
}
