package plan

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/frame"
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
	// Rec is the planner's cap recommendation for the knobs.
	Rec planner.Recommendation
	// Held is the configuration the automatic fit left out to predict it
	// (the knobs are a fit point's), or "".
	Held string
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
	b.WriteString(st.Muted.Render("a adds to the plan · s seeds from the selected point · enter types a value · space chooses/drops a fit point"))
	return b.String()
}

func prediction(b *strings.Builder, in Input, st themes.Styles) {
	if in.PredErr != nil {
		b.WriteString(st.Bad.Render("prediction: "+in.PredErr.Error()) + "\n")
		return
	}
	p := in.Pred
	regime := string(p.Regime)
	if p.CapBinds {
		regime += " (cap binds)"
	}
	if p.Extrapolated {
		regime += " · " + st.Warn.Render("EXTRAPOLATED: outside what the fit saw, trust it less (see !)")
	}
	fmt.Fprintf(b, "%s %s\n", st.Accent.Render("prediction · regime"), regime)
	p90 := "–"
	if p.P90Intvty > 0 {
		p90 = fmt.Sprintf("%.1f", p.P90Intvty)
	}
	ttft := ""
	if p.TTFT > 0 {
		ttft = fmt.Sprintf("   TTFT %.2f s", p.TTFT)
	}
	fmt.Fprintf(b, "  tput/GPU %s   mean %.1f   p90 %s tok/s/user%s\n", model.Thousands(p.TputPerGPU, 0), p.MeanIntvty, p90, ttft)
	if r := p.TputRange; r != nil {
		fmt.Fprintf(b, "  tput/GPU %s\n", render.PlanTputRange(*r))
	}
	if in.Held != "" {
		b.WriteString(st.Muted.Render("  predicted by the automatic fit without "+in.Held+" and its twins") + "\n")
	}
	seedBeside(b, in, st)
	q := ""
	if p.QueueAt != "" {
		q = fmt.Sprintf("   queue %s at %s", model.Thousands(p.Queue, 0), p.QueueAt)
	}
	fmt.Fprintf(b, "  decode batch b̄ %.1f  max %.1f%s\n", p.DecodeBatchMean, p.DecodeBatchMax, q)
	knee := "–"
	if p.KneeConcurrency > 0 {
		knee = model.Thousands(p.KneeConcurrency, 0)
	}
	fmt.Fprintf(b, "  knee C* %s   headroom %.2f   %s\n", knee, p.Headroom, capAdvice(in.Rec, in.Knobs.Concurrency))
	if p.CapBinds && p.FreeCapTputPerGPU > 0 {
		most := ""
		if !in.Rec.TauPKnown {
			most = "at most "
		}
		fmt.Fprintf(b, "  free cap would give %s%s at mean %.1f\n", most, model.Thousands(p.FreeCapTputPerGPU, 0), p.FreeCapMeanIntvty)
	}
	for _, w := range p.Warnings {
		b.WriteString(st.Warn.Render("  ! "+w) + "\n")
	}
}

// seedBeside puts the measured values of the point the knobs were seeded
// from beside the prediction, with the prediction's error on each, and the
// point's leave-one-out error when it is in the fit.
func seedBeside(b *strings.Builder, in Input, st themes.Styles) {
	s := in.Seed
	if s.ID == "" || s.Source == model.SourcePlanned {
		return
	}
	if s.Knobs.BaseID() != in.Knobs.BaseID() {
		fmt.Fprintf(b, "  %s\n", st.Muted.Render("seeded from "+s.ID+" · knobs changed since"))
		return
	}
	p := in.Pred
	var parts []string
	add := func(name string, m model.Metric, pred float64, format func(float64) string) {
		if v, ok := s.Metrics.Get(m); ok && v > 0 {
			e := ""
			if pred > 0 {
				e = fmt.Sprintf(" (pred %+.1f %%)", (pred/v-1)*100)
			}
			parts = append(parts, name+" "+format(v)+e)
		}
	}
	one := func(v float64) string { return fmt.Sprintf("%.1f", v) }
	add("tput/GPU", model.TputPerGPU, p.TputPerGPU, func(v float64) string { return model.Thousands(v, 0) })
	add("mean", model.MeanIntvty, p.MeanIntvty, one)
	add("p90", model.P90Intvty, p.P90Intvty, one)
	add("TTFT", model.MeanTTFT, p.TTFT, func(v float64) string { return fmt.Sprintf("%.2f s", v) })
	fmt.Fprintf(b, "  %s %s\n", st.Accent.Render("measured "+s.ID+":"), strings.Join(parts, "   "))
	switch row, tested := in.Fit.ErrorFor(s.ID); {
	case tested:
		fmt.Fprintf(b, "  %s\n", st.Muted.Render(fmt.Sprintf("in the fit: left out, predicted tput %s  mean %s", pct(row.ErrorPct.TputPerGPU), pct(row.ErrorPct.MeanIntvty))))
	case in.Fit.Chosen[s.ID]:
		fmt.Fprintf(b, "  %s\n", st.Muted.Render("in the fit: its own residual, not a test"))
	default:
		fmt.Fprintf(b, "  %s\n", st.Muted.Render("held out of the fit: a true test"))
	}
}

// fitSection shows what the planner is calibrated on: its parameters and
// every candidate point of the curve, chosen or not, with the leave-one-out
// error of each chosen one (twins counted once and left out together).
func fitSection(b *strings.Builder, in Input, st themes.Styles) {
	f := in.Fit
	how := "chosen"
	if f.Auto {
		how = "automatic"
	}
	head := fmt.Sprintf("fit · %d configurations of %d candidates (%s)", len(f.Points), len(f.Cands), how)
	switch {
	case f.Tested > 0:
		head += fmt.Sprintf(" · %s on %d: |tput| %.1f %%  |mean intvty| %.1f %%", f.Method, f.Tested, f.MeanAbs.Tput, f.MeanAbs.Mean)
	case f.Cal != nil && f.Method == "":
		head += " · backtesting…"
	}
	fmt.Fprintf(b, "%s\n", st.Accent.Render(head))
	if f.Cal != nil {
		params(b, f.Cal, st)
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
			note = fmt.Sprintf("left out: tput %s  mean %s", pct(row.ErrorPct.TputPerGPU), pct(row.ErrorPct.MeanIntvty))
		}
		fmt.Fprintf(b, "%s%s %s  %s\n", cur, box, p.ID, note)
	}
	if hi < len(f.Cands) {
		fmt.Fprintf(b, "  %s\n", st.Muted.Render(fmt.Sprintf("… %s below (↓ reaches them)", model.Plural(len(f.Cands)-hi, "candidate"))))
	}
	if f.Cal != nil {
		for _, n := range f.Cal.Notes {
			b.WriteString(st.Muted.Render("  · "+n) + "\n")
		}
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

// params are the fitted constants: f, α, β, d0, δ, r90, τP, and with TTFT
// u, T0, κ; every decode family's law when there are several.
func params(b *strings.Builder, c *planner.Calibration, st themes.Styles) {
	p := c.Params
	line := fmt.Sprintf("  f %.5f  α %.3f ms  β %.2f µs  d0 %.1f µs", p.F, p.Alpha*1e3, p.Beta*1e6, p.D0*1e6)
	for _, l := range p.Decode {
		if l.DPAttn {
			line += fmt.Sprintf("  δ %.2f/%.2f", p.DeltaTokens, p.DeltaRequests)
			break
		}
	}
	b.WriteString(line + "\n")
	r90 := model.Dash
	switch {
	case p.R90Assumed:
		r90 = "1 (assumed)"
	case p.R90 > 0:
		r90 = fmt.Sprintf("%.3f", p.R90)
	}
	tau := "≥ " + model.Thousands(p.TauPLowerBound, 0)
	if p.TauP > 0 {
		tau = model.Thousands(p.TauP, 0)
	}
	line = fmt.Sprintf("  r90 %s  τP %s tok/s per prefill worker", r90, tau)
	if p.TTFTKind != "" && len(p.Prefill) > 0 {
		l := p.Prefill[0]
		line += fmt.Sprintf("  u %.3g  TTFT %.2f s + %.3g s per tok/s", p.U, l.T0, l.Kappa)
	}
	b.WriteString(line + "\n")
	if len(p.Decode) > 1 {
		for _, l := range p.Decode {
			name := l.Family
			if l.DPAttn {
				name = "DP attention (" + strings.Join(l.Shapes, ", ") + ")"
			}
			s := fmt.Sprintf("  %s: α %.3f ms  β %.2f µs", name, l.Alpha*1e3, l.Beta*1e6)
			if l.SlopeAssumed {
				s += " (one batch: slope from " + l.SlopeFrom + ")"
			}
			if l.AdmitExcess > 0 {
				s += fmt.Sprintf("  admission %.2f", l.AdmitExcess)
			}
			b.WriteString(s + "\n")
		}
	}
}

func pct(v *float64) string {
	if v == nil {
		return "–"
	}
	return fmt.Sprintf("%+.1f %%", *v)
}
