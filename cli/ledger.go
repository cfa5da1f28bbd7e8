package cli

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/sources/demo"
)

// The closed loop (docs/ledger.md): plan --record / --ledger FILE keeps
// every prediction acted on; scorecard scores them against the runs.

func init() { register("scorecard", newScorecardCmd) }

// ledgerFlags choose where predictions are recorded.
type ledgerFlags struct {
	record bool
	path   string
}

func (f *ledgerFlags) register(fs *pflag.FlagSet) {
	fs.BoolVar(&f.record, "record", false, "record the prediction (every designed point with --design) in the default ledger ("+ledger.DefaultPath()+")")
	fs.StringVar(&f.path, "ledger", "", "record the predictions in this ledger file (JSON lines; created when missing)")
}

// target is the ledger to record into, "" when nothing is recorded.
func (f *ledgerFlags) target() string {
	if f.path != "" {
		return f.path
	}
	if f.record {
		return ledger.DefaultPath()
	}
	return ""
}

// now is the record time; tests fix it.
var now = time.Now

// fitImage is the image every fit point ran, "" when they differ or none
// says.
func fitImage(fit []model.Point) string {
	img := ""
	for i := range fit {
		switch im := fit[i].Prov.Image; {
		case im == "":
			return ""
		case img == "":
			img = im
		case im != img:
			return ""
		}
	}
	return img
}

// predictionRecords builds the ledger records of a plan run: the one
// prediction and every designed point.
func predictionRecords(cal *planner.Calibration, choice planner.FitChoice, pred *planner.Prediction, predKnobs model.Knobs, props []planner.Proposal) []ledger.Record {
	fit := ledger.FitOf(choice.Points, demo.ReadSource)
	img := fitImage(choice.Points)
	at := now()
	var out []ledger.Record
	if pred != nil {
		r := ledger.New(cal, fit, choice.Curve, predKnobs, *pred, ledger.OriginPlan, at)
		r.Image = img
		out = append(out, r)
	}
	for _, p := range props {
		r := ledger.New(cal, fit, choice.Curve, p.Knobs, p.Prediction, ledger.OriginDesign, at)
		r.Image = img
		out = append(out, r)
	}
	for i := range out {
		out[i].Seal() // the ID covers the image too
	}
	return out
}

// recordTo appends the records and says so on stderr; false when it
// failed. It returns the records' IDs.
func recordTo(path string, recs []ledger.Record, env *cmdEnv) ([]string, bool) {
	if path == "" || len(recs) == 0 {
		return nil, true
	}
	skipped, err := ledger.AppendNew(path, recs...)
	if err != nil {
		fmt.Fprintf(env.stderr, "sweeptune plan: %v\n", err)
		return nil, false
	}
	ids := make([]string, len(recs))
	var added []string
	for i, r := range recs {
		ids[i] = r.ID
		if !slices.Contains(skipped, r.ID) {
			added = append(added, r.ID)
		}
	}
	if len(added) > 0 {
		fmt.Fprintf(env.stderr, "recorded %s in %s: %s\n", model.Plural(len(added), "prediction"), path, strings.Join(added, ", "))
	}
	if len(skipped) > 0 {
		fmt.Fprintf(env.stderr, "already in %s, not recorded again: %s\n", path, strings.Join(skipped, ", "))
	}
	return ids, true
}

const scorecardHelp = `Reads the prediction ledger (--ledger FILE, else the default ledger) and
matches every recorded prediction to the loaded runs of the same
configuration on the same curve (each run of a configuration measured twice
counts). Per scored prediction: the predicted and measured metrics and the
signed error (predicted − measured) / measured, from the ledger's own
numbers; per curve and per regime the mean and largest |error|, the bias and
the count; the predictions still waiting for a run; and a refit of each
curve on its fit points plus the new runs, with the parameters that moved.

A ledger line that cannot be read (a truncated last line, a newer version)
is named and the rest is scored; the exit status is then 2.`

type scorecardFlags struct {
	inputFlags
	ledger string
	json   bool
}

func newScorecardCmd(env *cmdEnv) *cobra.Command {
	var f scorecardFlags
	cmd := leaf(env, "scorecard [--ledger FILE] [--json] [PATH...]",
		"score recorded predictions against the measured runs", scorecardHelp,
		func(_ *cobra.Command, paths []string) int { return runScorecard(&f, paths, env) })
	fs := cmd.Flags()
	f.inputFlags.register(fs)
	fs.StringVar(&f.ledger, "ledger", "", "the ledger to score (default "+ledger.DefaultPath()+")")
	addJSON(fs, &f.json)
	return cmd
}

func runScorecard(f *scorecardFlags, paths []string, env *cmdEnv) int {
	path := f.ledger
	if path == "" {
		path = ledger.DefaultPath()
	}
	res, err := ledger.Read(path)
	if err != nil {
		fmt.Fprintf(env.stderr, "sweeptune scorecard: %v\n", err)
		return exitBadInput
	}
	ds, code := f.load(paths, env)
	if ds == nil {
		return code
	}
	printWarnings(env.stderr, ds)
	for _, p := range res.Problems {
		fmt.Fprintf(env.stderr, "warning: %s: line %d: %s; line skipped\n", path, p.Line, p.Reason)
		code = exitBadInput
	}
	sc := ledger.Score(res.Records, ds.Points)
	if f.json {
		out := struct {
			Ledger   string           `json:"ledger"`
			Problems []ledger.Problem `json:"problems"`
			ledger.Scorecard
		}{path, model.OrEmpty(res.Problems), sc}
		out.Matched, out.Waiting = model.OrEmpty(out.Matched), model.OrEmpty(out.Waiting)
		warns := loadWarnings(ds, nil)
		for _, p := range res.Problems {
			warns = append(warns, fmt.Sprintf("%s: line %d: %s; line skipped", path, p.Line, p.Reason))
		}
		if err := writeDoc(env.json(), out, warns); err != nil {
			return exitBadInput
		}
		return code
	}
	fmt.Fprint(env.stdout, render.Scorecard(sc, path).Plain())
	return code
}
