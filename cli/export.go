package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/sweeptune/sweeptune/sources/export"
)

func init() { register(newExportCmd) }

// targetFlags say where an export writes: the export command's and the
// workbench's export pane's.
type targetFlags struct{ recipe, master, changelog, configKeys, prLink, image string }

func (t *targetFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&t.recipe, "recipe", "", "srt-slurm bundle `FILE` (schema 1 or 2) to write overrides into; or a one-topology recipe or directory of them: new files derive from the nearest one")
	fs.StringVar(&t.master, "master", "", "InferenceX master config `FILE` to write the search-space rows into")
	fs.StringVar(&t.configKeys, "config-key", "", "master-config entry `KEYS` (comma-separated); new rows go to the first")
	fs.StringVar(&t.changelog, "changelog", "", "perf-changelog.yaml `FILE` to append the entry to")
	fs.StringVar(&t.prLink, "pr-link", "", "pull request `URL` for the changelog entry (placeholder when empty)")
	fs.StringVar(&t.image, "image", "", "`IMAGE` the points ran: named in the description, and written as the master entry's image and the recipe's model.container where they differ (without it both stay, with a note)")
}

// exportFlags are export's flags; the request's switches are set directly.
type exportFlags struct {
	inputFlags
	targets               targetFlags
	add, remove, explicit string
	fromSelect            string
	req                   export.ExportRequest
	write, json           bool
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
	fs.StringVar(&f.fromSelect, "from-select", "", "take the add and remove sets from an accepted selection (select --json saved to `FILE`)")
	f.targets.register(fs)
	fs.StringVar(&f.explicit, "explicit-mrr", "", "`IDS` whose max-running-requests differ from decode ranks × BS on purpose")
	fs.Bool("dry-run", true, "print a unified diff per file and write nothing")
	fs.BoolVar(&f.write, "write", false, "write the files (atomically, keeping a .bak of each)")
	fs.BoolVar(&req.Replace, "replace", false, "overwrite overrides whose key or name already exists")
	fs.BoolVar(&req.Force, "force", false, "remove points even when the review does not clear them")
	fs.BoolVar(&req.WithPlanned, "with-planned", false, "let the review lean on planned points (the entry names them as planned)")
	fs.StringVar(&req.ForceReason, "reason", "", "why --force is needed (`TEXT`); written into the changelog description")
	addJSON(fs, &f.json)
	return cmd
}

const exportHelp = `Writes the chosen points as srt-slurm override blocks (in the bundle's own schema and
engine arguments), or, for one topology per file, as new recipes derived from the
nearest sibling; then master-config rows and a perf-changelog.yaml entry.
--dry-run (the default) prints a unified diff per file; --json describes the
planned (or, with --write, the written) files, overrides, rows, entry, the
removal verdicts and any refusals instead.
Exit status: 0 done, 1 a check refuses, 2 bad input.`

func runExport(f *exportFlags, paths []string, env *cmdEnv) int {
	req, in, write, t := f.req, f.inputFlags, f.write, f.targets
	req.RecipePath, req.MasterPath, req.ChangelogPath, req.PRLink, req.Image = t.recipe, t.master, t.changelog, t.prLink, t.image
	add, remove, keys, explicit := f.add, f.remove, t.configKeys, f.explicit
	req.Add, req.Remove = splitIDs(add), splitIDs(remove)
	req.ConfigKeys, req.ExplicitMRR = splitIDs(keys), splitIDs(explicit)
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
	if req.Add, req.Remove, err = fromSelect(f.fromSelect, req.Add, req.Remove, ds.Points); err != nil {
		fmt.Fprintf(env.stderr, "sweeptune export: %v\n", err)
		return exitBadInput
	}
	plan, err := export.BuildExport(req)
	var refused *export.RefusedError
	switch {
	case errors.As(err, &refused):
		for _, p := range refused.Problems {
			fmt.Fprintf(env.stderr, "refused: %s\n", p)
		}
		if f.json && plan != nil {
			if err := writeDoc(env.stdout, exportDoc(plan, write, false), loadWarnings(ds, nil)); err != nil {
				return exitBadInput
			}
		}
		return exitRefused
	case err != nil:
		fmt.Fprintf(env.stderr, "sweeptune export: %v\n", err)
		return exitBadInput
	}
	for _, n := range plan.Notes {
		fmt.Fprintf(env.stderr, "note: %s\n", n)
	}
	if !write {
		if f.json {
			if err := writeDoc(env.stdout, exportDoc(plan, false, false), loadWarnings(ds, nil)); err != nil {
				return exitBadInput
			}
			return exitOK
		}
		fmt.Fprint(env.stdout, plan.Diff())
		return exitOK
	}
	if err := plan.Write(); err != nil {
		if errors.As(err, &refused) { // a file changed since it was read, a read-only target…
			for _, p := range refused.Problems {
				fmt.Fprintf(env.stderr, "refused: %s\n", p)
			}
			if f.json {
				plan.Refusals = append(plan.Refusals, refused.Problems...)
				if err := writeDoc(env.stdout, exportDoc(plan, true, false), loadWarnings(ds, nil)); err != nil {
					return exitBadInput
				}
			}
			return exitRefused
		}
		fmt.Fprintf(env.stderr, "sweeptune export: %v\n", err)
		return exitBadInput
	}
	if f.json {
		if err := writeDoc(env.stdout, exportDoc(plan, true, true), loadWarnings(ds, nil)); err != nil {
			return exitBadInput
		}
		return exitOK
	}
	for _, f := range plan.Files {
		switch {
		case f.Create:
			fmt.Fprintf(env.stdout, "created %s\n", f.Path)
		case string(f.Old) != string(f.New):
			fmt.Fprintf(env.stdout, "wrote %s (previous contents in %s.bak)\n", f.Path, f.Path)
		}
	}
	return exitOK
}
