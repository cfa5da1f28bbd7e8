package plan

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/frame"
	"github.com/sweeptune/sweeptune/tui/paint"
)

// Input is what the pane draws; Render is pure over it.
type Input struct {
	Fit     Fit
	Knobs   model.Knobs
	Field   int // a knob below numFields, else a fit candidate
	Editing bool
	Edit    string
	Pred    planner.Prediction
	PredErr error
	Seeded  bool
	Seed    model.Point // the point the knobs came from
	// Rec is the planner's cap recommendation for the knobs
	// (Calibration.Recommend, the one the CLI prints).
	Rec planner.Recommendation
	// Held is the configuration the automatic fit left out to predict it
	// (the knobs are a fit point's), or "".
	Held string
	// Scorecard is the recorded predictions scored against the loaded runs
	// (render.ScorecardBrief, styled); "" when no ledger is kept.
	Scorecard string
	// Calibrating is true while the fit on a new curve runs in a command.
	Calibrating bool
}

// Render draws the planner in w×h cells: knobs, the prediction beside the
// measured point it was seeded from, then the fit (parameters and points);
// with the cursor on a fit point the fit comes first.
func Render(in Input, st themes.Styles, w, h int) string {
	return strings.Join(frame.FitWrap(Text(in, st), w, h), "\n")
}

// Text is everything the pane shows, unwrapped; the pane scrolls it.
func Text(in Input, st themes.Styles) string {
	var b strings.Builder
	if in.Calibrating {
		return paint.Doc(render.PlanCalibrating(), st)
	}
	if in.Fit.Err != nil {
		if len(in.Fit.Cands) == 0 {
			return paint.Doc(render.PlanNoCalibration(in.Fit.Err, false), st)
		}
		paintDoc(&b, render.PlanNoCalibration(in.Fit.Err, true), st)
		fitSection(&b, in, st)
		return b.String()
	}
	for f, field := range render.PlanFields(in.Knobs) {
		cur, val := "  ", "‹ "+field.Value+" ›"
		if f == in.Field {
			cur = "› "
			if in.Editing {
				val = "[" + in.Edit + "█]"
			}
			val = st.Selected.Render(val)
		}
		fmt.Fprintf(&b, "%s%-16s %s  %s\n", cur, field.Name, val, st.Muted.Render(field.Note))
	}
	paintDoc(&b, render.PlanConfig(in.Knobs), st)
	if in.Field >= numFields {
		fitSection(&b, in, st)
		prediction(&b, in, st)
	} else {
		prediction(&b, in, st)
		fitSection(&b, in, st)
	}
	if in.Scorecard != "" {
		b.WriteString(in.Scorecard)
	}
	b.WriteString(st.Muted.Render("a adds to the plan · s seeds from the selected point · enter types a value · space chooses/drops a fit point"))
	return b.String()
}

func prediction(b *strings.Builder, in Input, st themes.Styles) {
	if in.PredErr != nil {
		paintDoc(b, render.PlanPredictionError(in.PredErr), st)
		return
	}
	paintDoc(b, render.Prediction(planner.ConfigFromKnobs(in.Knobs), in.Pred, in.Rec), st)
	paintDoc(b, render.PlanTrustBand(&in.Pred), st)
	if in.Held != "" {
		paintDoc(b, render.PlanHeld(), st)
	}
	if s := in.Seed; s.ID != "" && s.Source != model.SourcePlanned {
		var f render.SeedFit
		if row, tested := in.Fit.ErrorFor(s.ID); tested {
			f.LeftOut = &row
		}
		f.InFit = in.Fit.Chosen[s.ID]
		paintDoc(b, render.Measured(s, s.Knobs.BaseID() != in.Knobs.BaseID(), in.Pred, f), st)
	}
}

// paintDoc appends a rendered result in the pane's styles.
func paintDoc(b *strings.Builder, d render.Doc, st themes.Styles) {
	b.WriteString(paint.Doc(d, st) + "\n")
}

// fitSection shows what the planner is calibrated on: its parameters and
// every candidate point of the curve, chosen or not, with the leave-one-out
// error of each chosen one (twins counted once and left out together).
func fitSection(b *strings.Builder, in Input, st themes.Styles) {
	f := in.Fit
	paintDoc(b, render.Fit(render.FitSummary{Points: len(f.Points), Candidates: len(f.Cands), Auto: f.Auto, Calibrated: f.Cal != nil,
		Method: f.Method, Tested: f.Tested, MeanAbsTput: f.MeanAbs.Tput, MeanAbsMean: f.MeanAbs.Mean}), st)
	if f.Cal != nil {
		paintDoc(b, render.Params(f.Cal.Params), st)
	}
	lo, hi := candWindow(len(f.Cands), in.Field-numFields)
	if lo > 0 {
		paintDoc(b, render.FitCandidatesHidden(lo, true), st)
	}
	for i := lo; i < hi; i++ {
		c := f.candidate(f.Cands[i].ID)
		cur, box := "  ", c.Box()
		if numFields+i == in.Field {
			cur, box = "› ", st.Selected.Render(box)
		}
		note := render.Line{c.Note()}
		fmt.Fprintf(b, "%s%s %s  %s\n", cur, box, c.ID, paint.Doc(render.Doc{Lines: []render.Line{note}}, st))
	}
	if hi < len(f.Cands) {
		paintDoc(b, render.FitCandidatesHidden(len(f.Cands)-hi, false), st)
	}
	if f.Cal != nil {
		paintDoc(b, render.Notes(f.Cal), st)
	}
}

// maxCands is how many fit candidates the pane lists at once: a curve of
// thousands of points would make every key press redraw thousands of rows.
const maxCands = 40

// candWindow is the slice of n candidates to list, around the cursor's
// candidate (cur < 0: the cursor is on the knobs, list from the top).
func candWindow(n, cur int) (lo, hi int) {
	if n <= maxCands {
		return 0, n
	}
	lo = min(max(cur-maxCands/2, 0), n-maxCands)
	return lo, lo + maxCands
}
