package cli

import (
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/audit"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/parity"
	"github.com/sweeptune/sweeptune/sources/reading"
)

func init() { register("audit", newAuditCmd) }

const auditHelp = `Ranks every loaded curve by what a retune would gain (docs/audit.md). Per curve:
its frontier points on Check 14's p90 and p75 E2EL, the frontier on p90
interactivity and its holes, the bands (select's) without a measured point,
the points the line test would remove, where a competitor's frontier leads
(within noise or not), its image against the newest seen for its hardware and
framework, the parity faults of its master rows and recipes (--master with
--recipes; --changelog), the planner's best proposal for the top curves, a
retune value and the first command to run.
--baseline DATE compares the runs after DATE with each configuration's latest
run on or before DATE instead (a new image's sweep): each re-run point regressed, within noise
or improved, at the same configuration and at the same interactivity; the
planner refitted on the new runs; the points to re-select (--queue FILE
--recipe BUNDLE writes them as srt-slurm overrides, as select --queue).
Exit status: 0 done (even with faults: the audit reports them), 1 a parity
error or a regression beyond noise, 2 bad input.`

type auditFlags struct {
	inputFlags
	master, changelog, asOf, baseline, queue, recipe string
	recipes                                          []string
	top, planTop                                     int
	json                                             bool
}

func newAuditCmd(env *cmdEnv) *cobra.Command {
	var f auditFlags
	cmd := leaf(env, "audit [--master M] [--recipes DIR...] [--changelog F] [--baseline DATE [--queue F --recipe BUNDLE]] [--json] [PATH...]",
		"rank the curves by what a retune would gain; a new image against the published baseline", auditHelp,
		func(_ *cobra.Command, paths []string) int { return runAudit(&f, paths, env) })
	fs := cmd.Flags()
	f.inputFlags.register(fs)
	fs.StringVar(&f.master, "master", "", "InferenceX master config `FILE` whose rows are checked against their recipes")
	fs.StringSliceVar(&f.recipes, "recipes", nil, "`DIR` the master's recipe paths resolve under (srt-slurm's checkout or its recipes/; repeatable)")
	fs.StringVar(&f.changelog, "changelog", "", "perf-changelog.yaml `FILE`: its end must take an appended entry")
	fs.StringVar(&f.asOf, "as-of", "", "audit the curves as they were on `DATE` (YYYY-MM-DD)")
	fs.IntVar(&f.top, "top", 20, "text: show the first `N` curves (0: every curve); --json has all")
	fs.IntVar(&f.planTop, "plan-top", audit.DefaultPlanTop, "the planner proposes runs for the first `N` curves of the screen (0: none)")
	fs.StringVar(&f.baseline, "baseline", "", "compare the runs after `DATE` (a new image) with each configuration's latest run on or before DATE")
	fs.StringVar(&f.queue, "queue", "", "with --baseline: write the points to re-select to `FILE` as srt-slurm overrides (needs --recipe)")
	fs.StringVar(&f.recipe, "recipe", "", "the srt-slurm `BUNDLE` whose base and dialect the queue uses")
	addJSON(fs, &f.json)
	return cmd
}

func runAudit(f *auditFlags, paths []string, env *cmdEnv) int {
	bad := func(format string, a ...any) int {
		fmt.Fprintf(env.stderr, "sweeptune audit: "+format+"\n", a...)
		return exitBadInput
	}
	for _, d := range []struct{ flag, v string }{{"--as-of", f.asOf}, {"--baseline", f.baseline}} {
		if d.v != "" {
			if _, err := time.Parse(time.DateOnly, d.v); err != nil {
				return bad("%s %q: want a date YYYY-MM-DD", d.flag, d.v)
			}
		}
	}
	switch {
	case f.top < 0:
		return bad("--top %d: want 0 or more", f.top)
	case len(f.recipes) > 0 && f.master == "":
		return bad("--recipes: give the --master whose rows select them")
	case (f.queue != "") != (f.recipe != ""):
		return bad("--queue and --recipe go together")
	case f.queue != "" && f.baseline == "":
		return bad("--queue: the points to re-select come from --baseline DATE")
	}
	ds, code := f.load(paths, env)
	if ds == nil {
		return code
	}
	printWarnings(env.stderr, ds)
	if f.baseline != "" {
		return runRegress(f, ds, code, env)
	}
	var findings []parity.Finding
	var notes []string
	if f.master != "" {
		rep, err := parity.CheckMaster(parity.Inputs{MasterPath: f.master, RecipeRoots: f.recipes})
		if err != nil {
			fmt.Fprintf(env.stderr, "sweeptune audit: %v\n", err)
			code = exitBadInput
		}
		findings = append(findings, rep.Findings...)
		notes = append(notes, rep.Notes...)
		if len(f.recipes) == 0 {
			notes = append(notes, "no --recipes: the master's rows were not checked against their recipes")
		}
	}
	if f.changelog != "" {
		data, err := sources.ReadRegular(f.changelog)
		if err != nil {
			fmt.Fprintf(env.stderr, "sweeptune audit: %s: %v\n", f.changelog, reading.PathErr(err))
			code = exitBadInput
		} else {
			findings = append(findings, parity.CheckChangelogFile(f.changelog, data)...)
		}
	}
	planTop := f.planTop
	if planTop == 0 {
		planTop = -1
	}
	// The inputs' bytes are garbage once parsed: collected now, before the
	// per-curve work makes garbage of its own, the heap stays near what is
	// live (100,000 rows: peak 293 → 190 MiB, fewer fresh pages; docs/audit.md).
	runtime.GC()
	a := audit.Run(audit.Request{Points: ds.Points, AsOf: f.asOf, Parity: findings, PlanTop: planTop, Paths: paths, Take: true})
	ds.Points = nil // given to the audit, reordered
	for _, n := range notes {
		fmt.Fprintf(env.stderr, "note: %s\n", n)
	}
	if f.json {
		if err := writeAuditDoc(env.json(), a, loadWarnings(ds, notes)); err != nil {
			return bad("%v", err)
		}
	} else if _, err := fmt.Fprint(env.stdout, render.Audit(a, f.top).Plain()); err != nil {
		return bad("%v", err)
	}
	if code == exitOK && parityErrors(findings) > 0 {
		return exitRefused
	}
	return code
}

func parityErrors(fs []parity.Finding) int {
	n := 0
	for _, f := range fs {
		if f.Severity == parity.Error {
			n++
		}
	}
	return n
}

// runRegress is audit --baseline: the runs after the date against the
// curves as published on it, and the re-selection queue.
func runRegress(f *auditFlags, ds *sources.Dataset, code int, env *cmdEnv) int {
	rs := audit.Regress(audit.RegressRequest{Points: ds.Points, Baseline: f.baseline})
	var q *export.QueuePlan
	var qerr error
	if f.queue != "" {
		q, qerr = regressQueue(rs, f)
		if qerr == nil {
			qerr = q.Write()
		}
	}
	if f.json {
		out := struct {
			Baseline string               `json:"baseline"`
			Curves   []audit.CurveRegress `json:"curves"`
			Queue    *export.QueuePlan    `json:"queue"`
		}{f.baseline, model.OrEmpty(rs), q}
		if err := writeDoc(env.json(), out, loadWarnings(ds, nil)); err != nil {
			fmt.Fprintf(env.stderr, "sweeptune audit: %v\n", err)
			return exitBadInput
		}
	} else {
		doc := render.Regress(rs, f.baseline)
		if q != nil {
			doc.Blank()
			doc.Append(render.Queue(q, qerr == nil, 0, ""))
		}
		fmt.Fprint(env.stdout, doc.Plain())
	}
	if qerr != nil {
		fmt.Fprintf(env.stderr, "sweeptune audit: --queue: %v\n", qerr)
		return exitRefused
	}
	if code == exitOK {
		for _, r := range rs {
			if r.Regressed > 0 {
				return exitRefused
			}
		}
	}
	return code
}

// regressQueue writes the runs the comparison asks for (the baseline
// frontier points the new image has not run, then the regressed ones) as
// select --queue writes its proposals.
func regressQueue(rs []audit.CurveRegress, f *auditFlags) (*export.QueuePlan, error) {
	var runs []export.QueuedRun
	var curves []string
	for _, r := range rs {
		for _, p := range r.Queue {
			runs = append(runs, export.QueuedRun{Point: p, DurationS: 3600,
				Comment: []string{fmt.Sprintf("%s on the new image: %s", p.ID, regressWhy(r, p.ID))}})
		}
		if len(r.Queue) > 0 {
			curves = append(curves, r.Curve.String())
		}
	}
	if len(runs) == 0 {
		return nil, fmt.Errorf("nothing to queue: every baseline frontier point was re-run and none regressed")
	}
	title := []string{fmt.Sprintf("Runs sweeptune audit --baseline %s asks of the new image", f.baseline), "for " + strings.Join(curves, "; ")}
	return export.BuildQueue(export.QueueRequest{RecipePath: f.recipe, QueuePath: f.queue, Runs: runs, Title: title})
}

func regressWhy(r audit.CurveRegress, id string) string {
	for _, c := range r.Changes {
		if c.ID == id {
			return fmt.Sprintf("regressed %+.1f %% at the same configuration (noise ±%.1f %%)", c.YPct, r.Noise.Pct)
		}
	}
	return "on the baseline frontier, not yet run"
}
