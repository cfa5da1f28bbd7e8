package points

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/themes"
)

// maxDetailLabel caps a label in the details, after the record: long
// enough to read any real one whole, short enough to wrap at once.
const maxDetailLabel = 1000

// Details is a point's full record: knobs, metrics and provenance.
func Details(p *model.Point, marked bool, st themes.Styles) string {
	if p == nil {
		return st.Muted.Render("no point selected")
	}
	var b strings.Builder
	line := func(k, v string) { fmt.Fprintf(&b, "  %-22s %s\n", k, v) }
	head := fmt.Sprintf("%s  (%s)", p.ID, p.DisplayLabel())
	if marked {
		head += "  × marked for removal"
	}
	b.WriteString(st.Bold.Render(head) + "\n")
	b.WriteString(st.Accent.Render("knobs") + "\n")
	k := p.Knobs
	line("mode", string(k.Mode))
	line("GPUs", fmt.Sprint(p.GPUs()))
	if k.Mode == model.ModeAgg {
		line("agg worker", role(k.Prefill))
	} else {
		line("prefill", role(k.Prefill))
		line("decode", role(k.Decode))
	}
	line("decode CUDA-graph BS", known(k.DecodeBS))
	line("max-running-requests", known(k.MaxRunningRequests))
	line("decode extra slots", known(k.DecodeExtraSlots))
	line("DP balancing", model.OrDash(k.Balance))
	line("concurrency", known(k.Concurrency))
	if k.SpecDecoding != "" {
		acc := "acceptance unknown"
		if k.AcceptanceLength > 0 {
			acc = fmt.Sprintf("acceptance %.2f", k.AcceptanceLength)
		}
		line("spec decoding", fmt.Sprintf("%s (%s)", k.SpecDecoding, acc))
	}
	b.WriteString(st.Accent.Render("metrics") + "\n")
	for _, m := range p.Metrics.Present() {
		v, _ := p.Metrics.Get(m)
		if p.Prov.Projected() {
			line(m.Name(), render.ProjectedMark+" "+value(v)+" "+m.Unit())
			continue
		}
		line(m.Name(), value(v)+" "+m.Unit())
	}
	b.WriteString(st.Accent.Render("provenance") + "\n")
	line("source", string(p.Source))
	line("curve", p.Curve.String())
	line("file", model.OrDash(p.Prov.File))
	recipe := "– (no recipe joined)"
	if p.Prov.Recipe != "" {
		recipe = p.Prov.Recipe
		if p.Prov.RecipeVariant != "" {
			recipe += " · " + p.Prov.RecipeVariant
		}
	}
	line("recipe", recipe)
	line("run", model.OrDash(p.Prov.RunURL))
	line("date", model.OrDash(p.Prov.Date))
	dur := "–"
	if p.Prov.DurationS > 0 {
		dur = fmt.Sprintf("%.0f s", p.Prov.DurationS)
		if p.Prov.ShortRun() {
			dur += " (short run, not projected: on no frontier)"
		}
	}
	if p.Prov.Projected() {
		dur = fmt.Sprintf("%s projected from a %.0f s run (metrics above)", dur, p.Prov.ProjectedFromS)
	}
	line("duration", dur)
	if raw := p.Prov.Raw; raw != nil {
		for _, m := range raw.Present() {
			v, _ := raw.Get(m)
			line("measured "+m.Name(), value(v)+" "+m.Unit())
		}
	}
	line("image", model.OrDash(p.Prov.Image))
	if n := utf8.RuneCountInString(p.Label); n > model.MaxLabelRunes {
		// The head shows it cut; here it is at length (--json has it all).
		line("label", fmt.Sprintf("(%s characters) %s", model.Thousands(float64(n), 0), model.Ellipsize(p.Label, maxDetailLabel)))
	}
	return strings.TrimRight(b.String(), "\n")
}

func role(r model.Role) string {
	s := fmt.Sprintf("%d × %s (%s each", r.Workers, strings.ToUpper(r.Parallelism()), model.Plural(r.GPUs, "GPU"))
	if r.Nodes > 0 {
		s += ", " + model.Plural(r.Nodes, "node")
	}
	return s + ")"
}

func known(v int) string {
	if v == 0 {
		return "–"
	}
	return model.Thousands(float64(v), 0)
}

func value(v float64) string {
	if v >= 1000 {
		return model.Thousands(v, 0)
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.3f", v), "0"), ".")
}
