package cli

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/srt"
)

func init() { register("export", newExportCmd) }

// targetFlags say where an export writes: the export command's and the
// workbench's export pane's.
type targetFlags struct {
	recipes, configKeys                             []string
	master, changelog, prLink, image, routerVersion string
}

func (t *targetFlags) register(fs *pflag.FlagSet) {
	fs.StringSliceVar(&t.recipes, "recipe", nil, "srt-slurm bundle `FILE` (schema 1 or 2) to write overrides into; or a one-topology recipe or directory of them: new files derive from the nearest one (repeatable or comma-separated: each point goes to the recipe of its mode and topology)")
	fs.StringVar(&t.master, "master", "", "InferenceX master config `FILE` to write the search-space rows into")
	fs.StringSliceVar(&t.configKeys, "config-key", nil, "master-config entry `KEYS` (repeatable or comma-separated): each recipe's rows go to the key whose rows select it; the changelog entry lists every key touched")
	fs.StringVar(&t.changelog, "changelog", "", "perf-changelog.yaml `FILE` to append the entry to")
	fs.StringVar(&t.prLink, "pr-link", "", "pull request `URL` for the changelog entry (default …/pull/XXX, the placeholder InferenceX accepts)")
	fs.StringVar(&t.routerVersion, "router-version", "", "the Dynamo `VERSION` the image bundles: written as every touched key's router.version and each touched recipe's identity.frameworks.dynamo")
	fs.StringVar(&t.image, "image", "", "`IMAGE` the points ran: named in the description, and written as every touched key's image and each touched recipe's model.container where they differ (without it both stay, with a note)")
}

// recipe is the recipes as one comma list (the export pane's form field).
func (t targetFlags) recipe() string { return strings.Join(cleanList(t.recipes), ",") }

// exportFlags are export's flags; the request's switches are set directly.
type exportFlags struct {
	inputFlags
	targets                       targetFlags
	add, remove, explicit, prBody string
	fromSelect                    string
	pr                            int
	req                           export.ExportRequest
	write, json, replacePRBody    bool
	acceptCoverageLoss            bool
}

func newExportCmd(env *cmdEnv) *cobra.Command {
	var f exportFlags
	cmd := leaf(env, `export [PATH...] --add ID[,ID...] [--remove ID[,ID...]] --recipe BUNDLE.yaml
         [--master MASTER.yaml --config-key KEY] [--changelog perf-changelog.yaml] [--pr-link URL]
         [--dry-run|--write] [--replace] [--force --reason TEXT]`,
		"write points as srt-slurm overrides, master-config rows and a perf-changelog entry", exportHelp,
		func(_ *cobra.Command, paths []string) int { return runExport(&f, paths, env) })
	fs := cmd.Flags()
	f.inputFlags.register(fs)
	req := &f.req
	fs.StringVar(&f.add, "add", "", "`IDS` of points to write (comma-separated)")
	fs.StringVar(&f.remove, "remove", "", "`IDS` of points whose overrides and rows go (comma-separated)")
	fs.StringVar(&f.fromSelect, "from-select", "", "take the add and remove sets, the pairing and the inside-noise candidates from an accepted selection (select --json saved to `FILE`, or - to read it from standard input)")
	f.targets.register(fs)
	fs.IntVar(&f.pr, "pr", 0, "InferenceX pull request `N`umber: the changelog entry links it")
	fs.StringVar(&req.AsOf, "as-of", "", "judge removals against the curve as it was on this `DATE` (YYYY-MM-DD): later runs are left out")
	fs.StringVar(&f.prBody, "pr-body", "", "write the pull request's body (GitHub markdown) from this change set to a new `FILE` (- for stdout), in a dry run too; never over a file that exists, nor through a link")
	fs.BoolVar(&f.replacePRBody, "replace-pr-body", false, "let --pr-body replace a regular file that exists (never a link)")
	fs.StringVar(&f.explicit, "explicit-mrr", "", "`IDS` whose max-running-requests differ from decode ranks × BS on purpose")
	fs.Bool("dry-run", true, "print a unified diff per file and write nothing")
	fs.BoolVar(&f.write, "write", false, "write the files (atomically, keeping a backup of each under the user state directory)")
	fs.BoolVar(&req.Replace, "replace", false, "overwrite overrides whose key or name already exists")
	fs.BoolVar(&req.Force, "force", false, "remove points even when the review does not clear them")
	fs.BoolVar(&req.WithPlanned, "with-planned", false, "let the review lean on planned points (the entry names them as planned)")
	fs.StringVar(&req.ForceReason, "reason", "", "why --force is needed (`TEXT`); written into the changelog description")
	fs.BoolVar(&f.acceptCoverageLoss, "accept-coverage-loss", false, "export even when the curve after merge loses published points, arms, the front's range or Check 14 that the change set does not remove (docs/dashboard.md)")
	addJSON(fs, &f.json)
	return cmd
}

const exportHelp = `Writes the chosen points as srt-slurm override blocks (in the bundle's own schema and
engine arguments), or, for one topology per file, as new recipes derived from the
nearest sibling; then master-config rows and a perf-changelog.yaml entry.
Several --recipe and --config-key make one change set: each point goes to the recipe of
its mode and topology and to the key whose rows select it, and the changelog gets one
entry listing every key touched. Removals are judged on rule 18(g)'s axis (mean
interactivity × throughput per GPU), against the curve as of --as-of when given.
--dry-run (the default) prints a unified diff per file; --json describes the
planned (or, with --write, the written) files, overrides, rows, entry, the
removal verdicts and any refusals instead. --pr-body writes the pull request's
body (GitHub markdown) from the same change set. After --write, the commands
that check what was written are printed.
Exit status: 0 done, 1 a check refuses, 2 bad input, 3 a write failed (a full
disk: the error says which file is in which state).`

func runExport(f *exportFlags, paths []string, env *cmdEnv) int {
	req, in, write, t := f.req, f.inputFlags, f.write, f.targets
	req.RecipePaths, req.MasterPath, req.ChangelogPath, req.PRLink, req.Image = cleanList(t.recipes), t.master, t.changelog, t.prLink, t.image
	req.RouterVersion = t.routerVersion
	req.Add, req.Remove = splitIDs(f.add), splitIDs(f.remove)
	req.ConfigKeys, req.ExplicitMRR = cleanList(t.configKeys), splitIDs(f.explicit)
	if req.AsOf != "" {
		if _, err := time.Parse("2006-01-02", req.AsOf); err != nil {
			fmt.Fprintf(env.stderr, "sweeptune export: --as-of %q: want a date YYYY-MM-DD\n", req.AsOf)
			return exitBadInput
		}
	}
	switch {
	case f.pr < 0:
		fmt.Fprintf(env.stderr, "sweeptune export: --pr %d: want the pull request's number\n", f.pr)
		return exitBadInput
	case f.pr > 0 && req.PRLink != "":
		fmt.Fprintln(env.stderr, "sweeptune export: give --pr or --pr-link, not both")
		return exitBadInput
	case f.pr > 0:
		req.PRLink = srt.PRLink(f.pr)
	case f.fromSelect == sources.StdinPath && slices.Contains(paths, sources.StdinPath):
		fmt.Fprintln(env.stderr, "sweeptune export: --from-select - and the path - both read standard input: give one of them a file")
		return exitBadInput
	}
	ds, code := in.load(paths, env)
	if ds == nil {
		return code
	}
	printWarnings(env.stderr, ds)
	if code != exitOK {
		fmt.Fprintln(env.stderr, "sweeptune export: input has problems; nothing exported")
		return code
	}
	req.Points = ds.Points
	var err error
	if req.Add, req.Remove, req.Selection, err = fromSelect(f.fromSelect, env.stdin, req.Add, req.Remove, ds.Points, req.AsOf); err != nil {
		fmt.Fprintf(env.stderr, "sweeptune export: %v\n", err)
		return exitBadInput
	}
	req.Settle = write // a dry run settles nothing (journal.go)
	plan, err := export.BuildExport(req)
	var refused *export.RefusedError
	switch {
	case errors.As(err, &refused):
		if plan != nil {
			for _, n := range plan.Notes { // an interrupted export settled first, say
				fmt.Fprintf(env.stderr, "note: %s\n", n)
			}
		}
		for _, p := range refused.Problems {
			fmt.Fprintf(env.stderr, "refused: %s\n", p)
		}
		if f.json && plan != nil {
			if err := writeDoc(env.json(), exportDoc(plan, write, false), loadWarnings(ds, planWarnings(plan))); err != nil {
				return exitBadInput
			}
		}
		return exitRefused
	case err != nil:
		fmt.Fprintf(env.stderr, "sweeptune export: %v\n", err)
		return exitBadInput
	}
	previews := export.AfterMerge(plan, ds.Points, req.AsOf, req.MasterPath, sources.AppendOnlyDatesOf(req.ChangelogPath, ds.Changelogs))
	if refused := coverageRefusal(previews, f.acceptCoverageLoss); refused != "" {
		fmt.Fprint(env.stderr, render.AfterMerge(previews, "--accept-coverage-loss").Plain())
		fmt.Fprintf(env.stderr, "refused: %s\n", refused)
		if f.json {
			plan.Refusals = append(plan.Refusals, refused)
			doc := exportDoc(plan, write, false)
			doc.AfterMerge = previews
			if err := writeDoc(env.json(), doc, loadWarnings(ds, planWarnings(plan))); err != nil {
				return exitBadInput
			}
		}
		return exitRefused
	}
	for _, n := range plan.Notes {
		if strings.HasPrefix(n, "warning: ") {
			fmt.Fprintln(env.stderr, n)
			continue
		}
		fmt.Fprintf(env.stderr, "note: %s\n", n)
	}
	if f.prBody != "" {
		pin, err := render.NewPRBodyInput(plan, ds.Points, req.AsOf, req.Image, req.RouterVersion)
		if err != nil {
			fmt.Fprintf(env.stderr, "sweeptune export: --pr-body: %v\n", err)
			return exitBadInput
		}
		body := render.PRBody(pin) + render.PRBodyDashboard(previews, export.DashboardGains(ds.Points, req.AsOf, plan))
		if f.prBody == "-" {
			fmt.Fprint(env.stdout, body)
		} else if err := writePRBody(f.prBody, []byte(body), f.replacePRBody); err != nil { // prbody_file.go
			fmt.Fprintf(env.stderr, "sweeptune export: --pr-body: %v\n", err)
			return failCode(err)
		} else {
			fmt.Fprintf(env.stderr, "wrote the pull request's body to %s\n", f.prBody)
		}
	}
	if !write {
		if f.json {
			doc := exportDoc(plan, false, false)
			doc.AfterMerge = previews
			if err := writeDoc(env.json(), doc, loadWarnings(ds, planWarnings(plan))); err != nil {
				return exitBadInput
			}
			return exitOK
		}
		if f.prBody != "-" {
			fmt.Fprint(env.stdout, render.AfterMerge(previews, "").Plain())
			fmt.Fprintln(env.stdout)
			fmt.Fprint(env.stdout, plan.Diff())
		}
		return exitOK
	}
	if err := plan.Write(); err != nil {
		if errors.As(err, &refused) { // a file changed since it was read, a read-only target…
			for _, p := range refused.Problems {
				fmt.Fprintf(env.stderr, "refused: %s\n", p)
			}
			if f.json {
				plan.Refusals = append(plan.Refusals, refused.Problems...)
				if err := writeDoc(env.json(), exportDoc(plan, true, false), loadWarnings(ds, planWarnings(plan))); err != nil {
					return exitBadInput
				}
			}
			return exitRefused
		}
		fmt.Fprintf(env.stderr, "sweeptune export: %v\n", err)
		if ie := (*export.InterruptedError)(nil); errors.As(err, &ie) {
			return exitBadInput
		}
		return exitWriteFailed // the files are as the error says; the input was good
	}
	if f.json {
		doc := exportDoc(plan, true, true)
		doc.AfterMerge = previews
		if err := writeDoc(env.json(), doc, loadWarnings(ds, planWarnings(plan))); err != nil {
			return exitBadInput
		}
		return exitOK
	}
	for _, f := range plan.Files {
		switch {
		case f.Create:
			fmt.Fprintf(env.stdout, "created %s\n", f.Path)
		case string(f.Old) != string(f.New):
			fmt.Fprintf(env.stdout, "wrote %s (previous contents in %s)\n", f.Path, export.BackupPath(f.Path))
		}
	}
	fmt.Fprint(env.stdout, render.NextCommands(plan.Next).Plain())
	return exitOK
}

// cleanList drops blank elements of a repeatable list flag.
func cleanList(in []string) []string {
	var out []string
	for _, v := range in {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// coverageRefusal is the guard's refusal when a preview loses coverage the
// change set did not ask to remove and --accept-coverage-loss is not given
// ("" when the export may go on).
func coverageRefusal(pvs []model.Preview, accept bool) string {
	if accept {
		return ""
	}
	return render.CoverageRefusal(pvs, "pass --accept-coverage-loss")
}
