package cli

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources"
)

func init() { register("recipes", newRecipesCmd) }

func newRecipesCmd(env *cmdEnv) *cobra.Command {
	var asJSON bool
	cmd := leaf(env, "recipes [--json] PATH...",
		"every variant srt-slurm recipe files expand to, as srtctl names them (text or --json)", recipesHelp,
		func(_ *cobra.Command, paths []string) int { return runRecipes(asJSON, paths, env) })
	addJSON(cmd.Flags(), &asJSON)
	return cmd
}

const recipesHelp = `Every variant the srt-slurm recipes under PATH expand to, named as srtctl
dry-run names them: a single recipe is one variant; a bundle gives one per
override_* and one per zip_override_* element (srtctl does not run its base
alone); a sweep template gives one per combination. Per variant: the
selector (override_x, zip_override_x[i], sweep[i], "" for a single recipe),
the job name, the topology (workers × parallelism, GPUs per worker), the
decode batch cap, max running requests, spec decoding and concurrencies.
Other files under PATH are passed over; a recipe that cannot be read is one
warning line, and the exit code is 2.`

// variantJSON is one variant in the --json shape: knobs use report
// --json's names.
type variantJSON struct {
	File          string      `json:"file"`
	Selector      string      `json:"selector"`
	Name          string      `json:"name"`
	Engine        string      `json:"engine,omitempty"`
	Knobs         model.Knobs `json:"knobs"`
	Concurrencies []int       `json:"concurrencies"`
}

func runRecipes(asJSON bool, paths []string, env *cmdEnv) int {
	if len(paths) == 0 {
		fmt.Fprintln(env.stderr, "sweeptune recipes: name at least one recipe file or directory")
		return exitBadInput
	}
	start := time.Now()
	ds := sources.LoadPaths(paths, sources.Options{RecipesOnly: true})
	env.logLoad("recipes "+strings.Join(paths, " "), ds, time.Since(start))
	code := exitOK
	if len(ds.Warnings) > 0 || len(ds.Variants) == 0 {
		code = exitBadInput // nothing read from what was named is a problem too
	}
	printWarnings(env.stderr, ds)
	if asJSON {
		variants := make([]variantJSON, 0, len(ds.Variants))
		for _, v := range ds.Variants {
			variants = append(variants, variantJSON{File: v.File, Selector: v.Override, Name: v.Name,
				Engine: v.Engine, Knobs: v.Knobs, Concurrencies: model.OrEmpty(v.Concurrencies)})
		}
		out := struct {
			Variants []variantJSON `json:"variants"`
		}{variants}
		if err := writeDoc(env.json(), out, loadWarnings(ds, nil)); err != nil {
			return exitBadInput
		}
		return code
	}
	fmt.Fprint(env.stdout, render.Recipes(ds.Variants).Plain())
	return code
}
