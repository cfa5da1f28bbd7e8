package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// NoiseSpread is a spread as every gain and margin quotes it:
// "±0.87 %, 5 pairs", or "±2.00 %, assumed (--noise)" without pairs.
func NoiseSpread(mn model.MetricNoise) string {
	s := "±" + strconv.FormatFloat(mn.SpreadPct, 'f', 2, 64) + " %, "
	if mn.Assumed {
		return s + "assumed (--noise)"
	}
	return s + model.Plural(mn.Pairs, "pair")
}

// WithinNoise is the flag on a gain or margin no larger than the noise:
// "within noise (±0.87 %, 5 pairs)".
func WithinNoise(mn model.MetricNoise) string { return "within noise (" + NoiseSpread(mn) + ")" }

// NoiseVerdict is the flag for a difference of pct on metric m: the
// WithinNoise text when it is within, "" when it is larger or no noise is
// known.
func NoiseVerdict(n model.Noise, m model.Metric, pct float64) string {
	if within, mn, known := n.Within(m, pct); known && within {
		return WithinNoise(mn)
	}
	return ""
}

// NoiseLines say a curve's run-to-run noise per metric, or that none is
// known: "run-to-run noise: tput-per-gpu ±0.87 %, 5 pairs (5 twins); …".
func NoiseLines(n model.Noise) []Line {
	if !n.Known() {
		l := Line{S(Muted, "run-to-run noise: "), S(Warn, "none known")}
		if n.DefaultPct > 0 {
			l = append(l, S(Muted, fmt.Sprintf(" (no configuration measured twice); ±%.2f %% assumed (--noise)", n.DefaultPct)))
		} else {
			l = append(l, S(Muted, " (no configuration measured twice; --noise PCT sets one)"))
		}
		return []Line{l}
	}
	out := []Line{{S(Muted, "run-to-run noise:")}}
	for _, mn := range n.Metrics {
		var kinds []string
		for _, k := range mn.Kinds() {
			kinds = append(kinds, strconv.Itoa(mn.ByKind[k])+" "+k)
		}
		out = append(out, Line{P("  " + mn.Metric.Name() + " "), P(NoiseSpread(mn)), S(Muted, " ("+strings.Join(kinds, ", ")+")")})
	}
	if n.DefaultPct > 0 {
		out = append(out, Line{S(Muted, fmt.Sprintf("  other metrics ±%.2f %% assumed (--noise)", n.DefaultPct))})
	}
	return out
}

// ProjectionLines say a curve's run-length factors and what they projected.
func ProjectionLines(p model.Projection) []Line {
	var out []Line
	if len(p.Factors) == 0 {
		out = append(out, Line{S(Muted, "run length: "), S(Warn, "no configuration measured at both a short length and "+secs(p.SteadyS))})
	} else {
		out = append(out, Line{S(Muted, "run-length factors to "+secs(p.SteadyS)+":")})
		for _, f := range p.Factors {
			out = append(out, Line{P(fmt.Sprintf("  %s from %s × %.4g", f.Metric.Name(), secs(f.ShortS), f.Factor)),
				S(Muted, fmt.Sprintf(" (spread %.2f %%, %s)", f.SpreadPct, model.Plural(f.Pairs, "pair")))})
		}
	}
	for _, r := range p.Projected {
		l := Line{P("  " + r.ID + " "), S(Warn, "projected from "+secs(r.Point.Prov.ProjectedFromS))}
		if len(r.Dropped) > 0 {
			l = append(l, S(Muted, " (no factor, left out: "+strings.Join(r.Dropped, ", ")+")"))
		}
		out = append(out, l)
	}
	for _, s := range p.Unprojected {
		out = append(out, Line{P("  " + s.ID + " "), S(Warn, "left out: "+s.Reason)})
	}
	return out
}

func secs(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) + " s" }

// ReviewNoiseLines say what of a review is within run-to-run noise: the y
// metric's spread (or that none is known), each line-test margin and gain
// no larger than it (re-tunes say so in --json: a twin's delta is the noise
// itself), the short runs left out of the kept curve and, when asked, the
// run-length projection.
func ReviewNoiseLines(r model.CurveReview) []Line {
	var out []Line
	mn, known := r.YNoise()
	if known {
		out = append(out, Line{S(Muted, "run-to-run noise of "+r.Y.Name+": "), P(NoiseSpread(mn))})
	} else {
		out = append(out, Line{S(Muted, "run-to-run noise of "+r.Y.Name+": "), S(Warn, "none known"),
			S(Muted, " (no configuration measured twice; --noise PCT sets one)")})
	}
	for _, v := range r.Removed {
		if v.WithinNoise {
			out = append(out, Line{P("  " + v.ID + ": "), S(Warn, fmt.Sprintf("line-test gap %s is %s", SignedPct(v.GapPct), WithinNoise(mn)))})
		}
	}
	for _, g := range r.Gains {
		if g.WithinNoise {
			out = append(out, Line{P("  " + g.ID + ": "), S(Warn, fmt.Sprintf("gain %s is %s", SignedPct(g.GainPct), WithinNoise(mn)))})
		}
	}
	// The points left out of the kept curve are listed once, at the end of
	// the review (ReviewLeftOut).
	if r.Projection != nil {
		out = append(out, ProjectionLines(*r.Projection)...)
	}
	return out
}

// CurveNoiseLine says one metric's run-to-run spread on a curve, or that
// none is known: "run-to-run noise of tput-per-gpu: ±0.87 %, 5 pairs".
func CurveNoiseLine(n model.Noise, m model.Metric) Line {
	if mn, ok := n.For(m); ok {
		return Line{S(Muted, "run-to-run noise of "+m.Name()+": "), P(NoiseSpread(mn))}
	}
	return Line{S(Muted, "run-to-run noise of "+m.Name()+": "), S(Warn, "none known"),
		S(Muted, " (no configuration measured twice; --noise PCT sets one)")}
}
