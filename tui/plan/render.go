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
	if in.Fit.Err != nil {
		b.WriteString(st.Bad.Render("no calibration: "+in.Fit.Err.Error()) + "\n")
		if len(in.Fit.Cands) == 0 {
			b.WriteString(st.Muted.Render("the planner needs measured disaggregated points (Np, C, tput/GPU, interactivity)"))
		} else {
			fitSection(&b, in, st)
		}
		return b.String()
	}
	k := in.Knobs
	vals := [numFields]string{
		fmt.Sprint(k.Prefill.Workers), fmt.Sprint(k.DecodeBS), model.Thousands(float64(k.Concurrency), 0), model.OrDash(k.Balance),
	}
	notes := [numFields]string{
		fmt.Sprintf("× %s (%s each)", strings.ToUpper(k.Prefill.Parallelism()), model.Plural(k.Prefill.GPUs, "GPU")),
		fmt.Sprintf("MRR %d · captured sizes", k.MaxRunningRequests),
		"clients in flight",
		"DP attention load balance",
	}
	if !k.Decode.DPAttn {
		notes[FieldBalance] = "not used: decode has no DP attention"
	}
	for f := 0; f < numFields; f++ {
		cur, val := "  ", fmt.Sprintf("‹ %s ›", vals[f])
		if f == in.Field {
			cur = "› "
			if in.Editing {
				val = "[" + in.Edit + "█]"
			}
			val = st.Selected.Render(val)
		}
		fmt.Fprintf(&b, "%s%-16s %s  %s\n", cur, fieldNames[f], val, st.Muted.Render(notes[f]))
	}
	fmt.Fprintf(&b, "  %s\n", st.Bold.Render(fmt.Sprintf("%s · %s · %s", k.ShortLabel(), k.BaseID(), model.Plural(k.GPUs(), "GPU"))))
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
		b.WriteString(st.Bad.Render("prediction: "+in.PredErr.Error()) + "\n")
		return
	}
	paintDoc(b, render.Prediction(planner.ConfigFromKnobs(in.Knobs), in.Pred, in.Rec), st)
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
		fmt.Fprintf(b, "  %s\n", st.Muted.Render(fmt.Sprintf("… %s above (↑ reaches them)", model.Plural(lo, "candidate"))))
	}
	for i := lo; i < hi; i++ {
		p := f.Cands[i]
		cur, box := "  ", "[ ]"
		if f.Chosen[p.ID] {
			box = "[x]"
		}
		if numFields+i == in.Field {
			cur, box = "› ", st.Selected.Render(box)
		}
		note := ""
		switch row, ok := f.ErrorFor(p.ID); {
		case f.TwinReason(p.ID) != "":
			note = st.Muted.Render("twin: counted once, left out with it")
		case ok:
			note = fmt.Sprintf("left out: tput %s  mean %s", render.PctCell(row.ErrorPct.TputPerGPU), render.PctCell(row.ErrorPct.MeanIntvty))
		}
		fmt.Fprintf(b, "%s%s %s  %s\n", cur, box, p.ID, note)
	}
	if hi < len(f.Cands) {
		fmt.Fprintf(b, "  %s\n", st.Muted.Render(fmt.Sprintf("… %s below (↓ reaches them)", model.Plural(len(f.Cands)-hi, "candidate"))))
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
