package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner/ledger"
)

// Scorecard is the text of a scorecard: per scored prediction the predicted
// and measured metrics and the signed error (predicted − measured) /
// measured; per curve and per regime the mean and largest |error|, the bias
// and the count; the predictions still waiting for a run; each curve's
// refit and the parameters that moved. source names the ledger.
func Scorecard(sc ledger.Scorecard, source string) Doc {
	d, empty := scorecardHead(sc, source, "the ledger holds no prediction")
	if empty {
		return d
	}
	curves := map[model.CurveKey]bool{}
	var order []model.CurveKey
	for _, m := range sc.Matched {
		if !curves[m.Record.Curve] {
			curves[m.Record.Curve] = true
			order = append(order, m.Record.Curve)
		}
	}
	for _, c := range order {
		d.Blank()
		d.Add(S(Bold, c.String()))
		t := Table{Header: []string{"prediction", "recorded", "regime", "run", "metric", "predicted", "measured", "error"},
			Right: []bool{false, false, false, false, false, true, true, true}}
		for _, m := range sc.Matched {
			if m.Record.Curve != c {
				continue
			}
			first := true
			for _, run := range m.Runs {
				for j, e := range run.Errors {
					pred, at, regime, name := "", "", "", ""
					if j == 0 {
						name = runName(run)
					}
					if first {
						pred, at, regime = m.Record.ID+" "+m.Record.Label, m.Record.At.Format("2006-01-02 15:04"), m.Record.Regime
						first = false
					}
					t.AddRow(pred, at, regime, name, e.Metric.Name(),
						model.FormatValue(e.Metric, e.Predicted), model.FormatValue(e.Metric, e.Measured), SignedPct(e.ErrPct))
				}
			}
			for _, u := range m.Unscored {
				t.AddRow("", "", "", u.ID, "not scored: "+u.Reason, "", "", "")
			}
		}
		d.Table(t)
	}
	if len(sc.ByCurve) > 0 {
		d.Blank()
		d.Add(S(Accent, "errors per curve"), S(Muted, " (error = (predicted − measured) / measured; bias > 0: the model predicts high)"))
		t := Table{Header: []string{"curve", "metric", "runs", "mean |error|", "max |error|", "bias"},
			Right: []bool{false, false, true, true, true, true}}
		for _, g := range sc.ByCurve {
			name := g.Curve.String()
			for i, s := range g.Metrics {
				if i > 0 {
					name = ""
				}
				t.AddRow(name, s.Metric.Name(), strconv.Itoa(s.Count), Pct(s.MeanAbsPct), Pct(s.MaxAbsPct), SignedPct(s.BiasPct))
			}
		}
		d.Table(t)
		d.Blank()
		d.Add(S(Accent, "errors per regime"))
		t = Table{Header: []string{"regime", "metric", "runs", "mean |error|", "max |error|", "bias"},
			Right: []bool{false, false, true, true, true, true}}
		for _, g := range sc.ByRegime {
			name := model.OrDash(g.Regime)
			for i, s := range g.Metrics {
				if i > 0 {
					name = ""
				}
				t.AddRow(name, s.Metric.Name(), strconv.Itoa(s.Count), Pct(s.MeanAbsPct), Pct(s.MaxAbsPct), SignedPct(s.BiasPct))
			}
		}
		d.Table(t)
		scorecardClasses(&d, sc.ByClass)
	}
	if len(sc.Waiting) > 0 {
		d.Blank()
		d.Add(S(Accent, "waiting for a run"), S(Muted, " ("+model.Plural(len(sc.Waiting), "prediction")+")"))
		t := Table{Header: []string{"prediction", "recorded", "config", "tput-per-gpu", "mean-intvty", "curve"},
			Right: []bool{false, false, false, true, true, false}}
		for _, r := range sc.Waiting {
			t.AddRow(r.ID+" "+r.Label, r.At.Format("2006-01-02 15:04"), r.Config,
				predicted(r, model.TputPerGPU), predicted(r, model.MeanIntvty), r.Curve.String())
		}
		d.Table(t)
	}
	for _, rf := range sc.Refits {
		d.Blank()
		d.Add(S(Accent, "refit with the new measurements"), S(Muted, " · "+rf.Curve.String()))
		if len(rf.Missing) > 0 {
			d.Add(S(Warn, "fit points of "+rf.From+" not loaded: "+strings.Join(rf.Missing, ", ")+" (load their files to refit on them)"))
		}
		if rf.Err != "" {
			d.Add(S(Bad, "refit failed: "+rf.Err))
			continue
		}
		d.Add(P("on "), S(Plain, strings.Join(rf.Points, ", ")))
		if len(rf.Moves) == 0 {
			d.Addf(Muted, "%s recorded no parameters (an older record): nothing to compare", rf.From)
			continue
		}
		d.Add(S(Muted, "parameters against "+rf.From+"'s:"))
		t := Table{Header: []string{"parameter", "recorded", "refit", "change"}, Right: []bool{false, true, true, true}}
		var rows []Class
		for _, mv := range rf.Moves {
			change := SignedPct(mv.ChangePct)
			if mv.Before == 0 {
				change = "new"
			}
			t.AddRow(mv.Param, sig(mv.Before), sig(mv.After), change)
			c := Muted
			if mv.Before == 0 || math.Abs(mv.ChangePct) >= 1 {
				c = Plain
			}
			rows = append(rows, c)
		}
		t.RowClass = rows
		d.Table(t)
		if moved := ledger.Moved(rf.Moves, 1); len(moved) > 0 {
			names := make([]string, len(moved))
			for i, mv := range moved {
				names[i] = mv.Param
			}
			d.Add(S(Muted, "moved by more than 1 %: "), P(strings.Join(names, ", ")))
		} else {
			d.Add(S(Good, "no parameter moved by more than 1 %"))
		}
	}
	return d
}

func runName(r ledger.Run) string {
	var what []string
	what = append(what, string(r.Source))
	if r.Date != "" {
		what = append(what, r.Date)
	}
	if r.DurationS > 0 {
		what = append(what, strconv.FormatFloat(r.DurationS, 'f', -1, 64)+" s")
	}
	if r.Projected {
		what = append(what, "projected")
	}
	if r.CapUnknown {
		what = append(what, "decode BS not stated")
	}
	return r.ID + " (" + strings.Join(what, ", ") + ")"
}

func predicted(r ledger.Record, m model.Metric) string {
	if v, ok := r.Metric(m); ok {
		return model.FormatValue(m, v)
	}
	return model.Dash
}

// Pct is an unsigned percentage: 2.03 %.
func Pct(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) + " %" }

// sig prints a parameter with six significant digits.
func sig(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

// ScorecardBrief is the scorecard in a narrow pane: one line per scored
// run (prediction ← run: signed errors), the curve's bias, the waiting
// count and the parameters the refit moved by more than 1 %.
func ScorecardBrief(sc ledger.Scorecard, source string) Doc {
	d, empty := scorecardHead(sc, source, "no prediction recorded yet: a records the planned point")
	if empty {
		return d
	}
	for _, m := range sc.Matched {
		for _, run := range m.Runs {
			l := Line{P(m.Record.Label), S(Muted, " ← "+runName(run)+": ")}
			for i, e := range run.Errors {
				if i > 0 {
					l = append(l, S(Muted, ", "))
				}
				l = append(l, P(e.Metric.Name()+" "), S(errClass(e.ErrPct), SignedPct(e.ErrPct)))
			}
			d.Add(l...)
		}
	}
	for _, g := range sc.ByCurve {
		l := Line{S(Muted, "bias:")}
		for _, s := range g.Metrics {
			l = append(l, P(fmt.Sprintf(" %s %s (mean |error| %s, %s)", s.Metric.Name(), SignedPct(s.BiasPct), Pct(s.MeanAbsPct), model.Plural(s.Count, "run"))))
		}
		d.Add(l...)
	}
	for _, r := range sc.Waiting {
		d.Add(S(Muted, "waiting: "), P(r.Label), S(Muted, " ("+r.At.Format("2006-01-02")+", "+r.Config+")"))
	}
	for _, rf := range sc.Refits {
		switch {
		case rf.Err != "":
			d.Add(S(Muted, "refit: "), S(Warn, rf.Err))
		case len(ledger.Moved(rf.Moves, 1)) == 0:
			d.Add(S(Muted, "refit: "), S(Good, "no parameter moved by more than 1 %"))
		default:
			l := Line{S(Muted, "refit moves:")}
			for _, mv := range ledger.Moved(rf.Moves, 1) {
				l = append(l, P(" "+mv.Param+" "+SignedPct(mv.ChangePct)))
			}
			d.Add(l...)
		}
	}
	return d
}

// errClass colours a prediction error: within 5 % good, within 15 % a
// caveat, beyond bad.
func errClass(pct float64) Class {
	switch a := math.Abs(pct); {
	case a <= 5:
		return Good
	case a <= 15:
		return Warn
	}
	return Bad
}

// scorecardHead is the scorecard's first line: how many predictions were
// scored and wait, from source; with none at all, none says so and empty
// is true.
func scorecardHead(sc ledger.Scorecard, source, none string) (d Doc, empty bool) {
	d.Add(S(Accent, "scorecard"), S(Muted, fmt.Sprintf(" · %s scored, %s waiting · %s",
		model.Plural(len(sc.Matched), "prediction"), model.Plural(len(sc.Waiting), "prediction"), source)))
	if len(sc.Matched) == 0 && len(sc.Waiting) == 0 {
		d.Add(S(Muted, none))
		return d, true
	}
	return d, false
}

// scorecardClasses lists the runs inside each trust class's stated band;
// nothing when no record carries a class (records made before classes).
func scorecardClasses(d *Doc, groups []ledger.Group) {
	var lines []string
	for _, g := range groups {
		if g.Class == "" {
			continue
		}
		switch b := g.Band; {
		case b == nil:
			lines = append(lines, fmt.Sprintf("  %s: no tested band (an upper bound, or unknown)", g.Class))
		default:
			lines = append(lines, fmt.Sprintf("  %s: band ±%.1f %% throughput, ±%.1f %% mean interactivity; inside it %d of %d and %d of %d runs",
				g.Class, b.TputPct, b.IntvtyPct, b.TputInside, b.TputRuns, b.IntvtyInside, b.IntvtyRuns))
		}
	}
	if len(lines) == 0 {
		return
	}
	d.Blank()
	d.Add(S(Accent, "trust bands per prediction class"))
	for _, l := range lines {
		d.Add(P(l))
	}
}
