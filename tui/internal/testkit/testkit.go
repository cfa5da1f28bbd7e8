// Package testkit holds what the workbench's tests share: styles with a
// fixed colour profile, the demo data and a large synthetic dataset.
package testkit

import (
	"fmt"
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/demo"
	"github.com/sweeptune/sweeptune/themes"
)

// Styles builds a theme's styles on a renderer with the given profile.
func Styles(theme string, p termenv.Profile) themes.Styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(p)
	return themes.New(theme, r)
}

// Demo is the embedded demo's points.
func Demo() []model.Point { return demo.Load().Points }

// Synthetic returns n points: the demo's points repeated with a
// deterministic ±4 % spread on every metric and distinct concurrencies,
// so IDs stay unique and the planner can still calibrate.
func Synthetic(n int) []model.Point {
	base := Demo()
	out := make([]model.Point, 0, n)
	spread := jitter(1)
	for i := 0; len(out) < n; i++ {
		p := base[i%len(base)]
		rep := i / len(base)
		if rep > 0 {
			p.Label = fmt.Sprintf("%s r%d", p.DisplayLabel(), rep)
			p.Knobs.Concurrency += rep
			spread(&p)
		}
		out = append(out, p)
	}
	model.AssignIDs(out)
	return out
}

// jitter returns a function that moves every metric of a point by a
// deterministic ±4 % (xorshift from seed: stable across runs).
func jitter(seed uint32) func(p *model.Point) {
	return func(p *model.Point) {
		var ms model.Metrics
		for _, m := range p.Metrics.Present() {
			seed ^= seed << 13
			seed ^= seed >> 17
			seed ^= seed << 5
			r := float64(seed%10000)/10000*0.08 - 0.04
			v, _ := p.Metrics.Get(m)
			ms.Set(m, v*(1+r))
		}
		p.Metrics = ms
	}
}

// Sizes are the pane sizes every golden matrix covers: narrow, medium, wide.
var Sizes = [][2]int{{40, 12}, {70, 22}, {120, 34}}

// Themes are the golden matrix' themes: every theme with colour off (what
// NO_COLOR users see, and the layout check), plus two with real colours.
var Themes = []struct {
	Name    string
	Profile termenv.Profile
}{
	{"none", termenv.Ascii},
	{"dark", termenv.Ascii},
	{"dark", termenv.ANSI256},
	{"high-contrast", termenv.ANSI},
}

// ProfileName is a short name for golden file names.
func ProfileName(p termenv.Profile) string {
	switch p {
	case termenv.Ascii:
		return "ascii"
	case termenv.ANSI:
		return "ansi"
	case termenv.ANSI256:
		return "ansi256"
	}
	return "truecolor"
}

// ByID returns the demo point with the ID, or panics (test data).
func ByID(pts []model.Point, id string) *model.Point {
	i := model.FindID(pts, id)
	if i < 0 {
		panic("no point " + id)
	}
	return &pts[i]
}

// SyntheticCurves returns n points over the given number of curves, as
// published API rows give them: each curve a copy of the demo's own curve
// on another hardware, scenario or framework, with a ±4 % spread; every
// other configuration measured on two dates (the later run the shown one).
func SyntheticCurves(n, curves int) []model.Point {
	var own []model.Point
	for _, p := range Demo() {
		if p.Source != model.SourceCompetitor {
			own = append(own, p)
		}
	}
	hws := []string{"gb300", "gb200", "b300", "b200", "h200", "h100", "mi355x", "mi325x", "mi300x", "tpuv7"}
	fws := []string{"dynamo-sglang", "dynamo-trt", "vllm", "sglang", "trt"}
	scs := []string{"1k1k", "1k8k", "8k1k", "agentic-coding"}
	spread := jitter(7)
	out := make([]model.Point, 0, n)
	per := (n + curves - 1) / curves
	for c := 0; c < curves && len(out) < n; c++ {
		key := model.CurveKey{Model: "deepseek-ai/DeepSeek-V4.1-Flash", Hardware: hws[c%len(hws)],
			Framework: fws[(c/len(hws))%len(fws)], Scenario: scs[(c/(len(hws)*len(fws)))%len(scs)], Precision: "fp4", Spec: "mtp"}
		if c >= len(hws)*len(fws)*len(scs) {
			key.Precision = fmt.Sprintf("fp%d", 4+c/(len(hws)*len(fws)*len(scs)))
		}
		for i := 0; i < per && len(out) < n; i++ {
			p := own[i%len(own)]
			rep := i / len(own)
			p.Curve = key
			p.Label = ""
			p.Knobs.Concurrency += rep / 2
			p.Prov.Date = "2026-01-10"
			if rep%2 == 1 {
				p.Prov.Date = "2026-02-27"
			}
			spread(&p)
			out = append(out, p)
		}
	}
	model.Derive(out, model.DefaultGPUSpecs())
	model.AssignIDs(out)
	return out
}
