package plan

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/frame"
)

// Input is what the pane draws; Render is pure over it.
type Input struct {
	Fit     Fit
	Knobs   model.Knobs
	Field   int
	Editing bool
	Edit    string
	Pred    planner.Prediction
	PredErr error
	Seeded  bool
}

// Render draws the planner in w×h cells.
func Render(in Input, st themes.Styles, w, h int) string {
	var b strings.Builder
	if in.Fit.Err != nil {
		b.WriteString(st.Bad.Render("no calibration: "+in.Fit.Err.Error()) + "\n")
		b.WriteString(st.Muted.Render("the planner needs measured disaggregated points (Np, C, BS, balancing, tput/GPU, mean interactivity)"))
		return strings.Join(frame.FitWrap(b.String(), w, h), "\n")
	}
	k := in.Knobs
	vals := [numFields]string{
		fmt.Sprint(k.Prefill.Workers), fmt.Sprint(k.DecodeBS), fmt.Sprint(k.Concurrency), model.OrDash(k.Balance),
	}
	notes := [numFields]string{
		fmt.Sprintf("× %s (%d GPUs each)", strings.ToUpper(k.Prefill.Parallelism()), k.Prefill.GPUs),
		fmt.Sprintf("MRR %d · captured sizes", k.MaxRunningRequests),
		"clients in flight",
		"DP attention load balance",
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
	fmt.Fprintf(&b, "  %s\n", st.Bold.Render(fmt.Sprintf("%s · %s · %d GPUs", k.ShortLabel(), k.BaseID(), k.GPUs())))
	prediction(&b, in, st)
	calibration(&b, in.Fit, st)
	b.WriteString(st.Muted.Render("a adds to the plan · s seeds from the selected point · enter types a value"))
	return strings.Join(frame.FitWrap(b.String(), w, h), "\n")
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
	fmt.Fprintf(b, "%s %s\n", st.Accent.Render("prediction · regime"), regime)
	p90 := "–"
	if p.P90Intvty > 0 {
		p90 = fmt.Sprintf("%.1f", p.P90Intvty)
	}
	fmt.Fprintf(b, "  tput/GPU %s   mean %.1f   p90 %s tok/s/user\n", model.Thousands(p.TputPerGPU, 0), p.MeanIntvty, p90)
	q := ""
	if p.QueueAt != "" {
		q = fmt.Sprintf("   queue %.0f at %s", p.Queue, p.QueueAt)
	}
	fmt.Fprintf(b, "  decode batch b̄ %.1f  max %.1f%s\n", p.DecodeBatchMean, p.DecodeBatchMax, q)
	knee, rec := "–", "–"
	if p.KneeConcurrency > 0 {
		knee = model.Thousands(p.KneeConcurrency, 0)
	}
	if p.RecommendedDecodeBS > 0 {
		rec = fmt.Sprint(p.RecommendedDecodeBS)
	}
	fmt.Fprintf(b, "  knee C* %s   recommended cap %s   headroom %.2f\n", knee, rec, p.Headroom)
	if p.CapBinds && p.FreeCapTputPerGPU > 0 {
		fmt.Fprintf(b, "  free cap would give %s at mean %.1f\n", model.Thousands(p.FreeCapTputPerGPU, 0), p.FreeCapMeanIntvty)
	}
	for _, w := range p.Warnings {
		b.WriteString(st.Warn.Render("  ! "+w) + "\n")
	}
}

func calibration(b *strings.Builder, f Fit, st themes.Styles) {
	fmt.Fprintf(b, "%s\n", st.Accent.Render(fmt.Sprintf("calibration · %d points · %s backtest on %d: |tput| %.1f %%  |mean intvty| %.1f %%",
		len(f.Points), f.Method, f.Tested, f.MeanAbs.Tput, f.MeanAbs.Mean)))
	const shown = 6
	for i, r := range f.Rows {
		if i == shown {
			fmt.Fprintf(b, "  %s\n", st.Muted.Render(fmt.Sprintf("… %d more", len(f.Rows)-shown)))
			break
		}
		fmt.Fprintf(b, "  %s  tput %s  mean %s\n", r.ID, pct(r.ErrorPct.TputPerGPU), pct(r.ErrorPct.MeanIntvty))
	}
}

func pct(v *float64) string {
	if v == nil {
		return "–"
	}
	return fmt.Sprintf("%+.1f %%", *v)
}
