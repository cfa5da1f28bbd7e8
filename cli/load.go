package cli

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"github.com/sweeptune/sweeptune/internal/loadheap"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/demo"
)

// inputFlags are the flags every data-reading subcommand shares.
type inputFlags struct {
	gpus      int
	source    string
	published []string
	models    []string
	date      string
	api       string
	offline   bool
}

func (f *inputFlags) register(fs *pflag.FlagSet) {
	fs.IntVar(&f.gpus, "gpus", 0, "`N` GPUs for results that carry no GPU count (AIPerf exports)")
	fs.StringVar(&f.source, "source", "", "tag every loaded result point with this `SOURCE`: published, local, planned or competitor")
	fs.StringArrayVar(&f.published, "published", nil, "also fetch published results from this InferenceX API `URL` (repeatable; cached for offline use, re-fetched only when changed)")
	fs.StringArrayVar(&f.models, "model", nil, "also fetch this `MODEL`'s published results from the dashboard's API (repeatable: one request per model; dsr1, DeepSeek-R1-0528, …)")
	fs.StringVar(&f.date, "date", "", "with --model: the published results as of `DATE` (YYYY-MM-DD)")
	fs.StringVar(&f.api, "api", sources.DefaultAPI, "with --model: the dashboard `URL` whose API is asked")
	fs.BoolVar(&f.offline, "offline", false, "serve published results from the cache only; ask no network")
}

// inputs resolves the flags into what to read; ok is false (with a line on
// stderr) when a flag is bad.
func (f *inputFlags) inputs(paths []string, env *cmdEnv) (sources.Inputs, bool) {
	in := sources.Inputs{Paths: paths, Options: sources.Options{GPUs: f.gpus, Stdin: env.stdin}, URLs: f.published,
		Models: f.models, Date: f.date, API: f.api, Offline: f.offline}
	if f.date != "" && len(f.models) == 0 {
		fmt.Fprintf(env.stderr, "sweeptune: --date %s: give the --model it is for\n", f.date)
		return in, false
	}
	for _, m := range f.models {
		if _, err := sources.PublishedQuery(f.api, m, f.date); err != nil {
			fmt.Fprintf(env.stderr, "sweeptune: %v\n", err)
			return in, false
		}
	}
	if f.gpus < 0 {
		fmt.Fprintf(env.stderr, "sweeptune: --gpus %d: want a positive GPU count\n", f.gpus)
		return in, false
	}
	if f.source != "" {
		src, ok := model.ParseSource(f.source)
		if !ok {
			fmt.Fprintf(env.stderr, "sweeptune: --source %q: want published, local, planned or competitor\n", f.source)
			return in, false
		}
		in.Options.Source = src
	}
	return in, true
}

// load reads the paths, or the embedded demo when there are none. Warnings
// go to stderr; the returned code is exitBadInput when anything was skipped.
// A bad input flag reads nothing: the dataset is nil and the command stops.
func (f *inputFlags) load(paths []string, env *cmdEnv) (*sources.Dataset, int) {
	return f.loadWith(paths, env, func(*sources.Options) {})
}

// loadWith is load with options the command sets beyond the flags'.
func (f *inputFlags) loadWith(paths []string, env *cmdEnv, set func(*sources.Options)) (*sources.Dataset, int) {
	in, ok := f.inputs(paths, env)
	if !ok {
		return nil, exitBadInput
	}
	set(&in.Options)
	total, largest := sources.InputSize(paths) // measured once, for the heap and the load
	in.Options.InputBytes = total
	loadheap.Bound(total, largest) // never undone: every command here reads its inputs once and exits
	start := time.Now()
	ds := demo.LoadInputs(in)
	env.logLoad(inputsText(in), ds, time.Since(start))
	code := exitOK
	if len(ds.Warnings) > 0 {
		code = exitBadInput
	}
	return ds, code
}

// printWarnings writes one line per warning to w; notices (published
// results served from the cache while offline) are warned about too.
func printWarnings(w io.Writer, ds *sources.Dataset) {
	for _, n := range ds.Notices {
		fmt.Fprintf(w, "warning: %s\n", n) // not a skip: the exit code stays 0
	}
	for _, warn := range ds.Warnings {
		fmt.Fprintf(w, "warning: %s\n", warn)
	}
}

// parseXFlag resolves --x, saying on stderr what is wrong.
func parseXFlag(cmd, name string, stderr io.Writer) (model.Axis, bool) {
	x, err := model.ParseXAxis(name)
	if err != nil {
		fmt.Fprintf(stderr, "sweeptune %s: %v\n", cmd, err)
		return x, false
	}
	return x, true
}

// addJSON is the --json flag of every command that prints data.
func addJSON(fs *pflag.FlagSet, v *bool) {
	fs.BoolVar(v, "json", false, "print JSON instead of text")
}

// addX is the --x flag with the command's default axis.
func addX(fs *pflag.FlagSet, v *string, def model.Axis) {
	fs.StringVarP(v, "x", "x", def.Name, "the x `AXIS`: "+xAxisNames())
}

// splitIDs splits a comma-separated ID list, dropping empties.
func splitIDs(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}
