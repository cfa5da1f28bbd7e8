package planner

import (
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// outsideKnobWords are knobs a curve records only in a point's label or
// recipe variant (no model.Knobs field carries them), so the model cannot
// tell points that differ in them apart (docs/planner.md, "A knob outside
// the model"). Matched case-insensitively.
var outsideKnobWords = []struct{ word, name string }{
	{"hicache", "HiCache"}, // SGLang's host-memory prefix cache on prefill
}

// outsideKnobs lists the knobs outside the model that pt's label or recipe
// names, in table order.
func outsideKnobs(pt *model.Point) []string {
	var out []string
	for _, k := range outsideKnobWords {
		for _, s := range [...]string{pt.Label, pt.Prov.RecipeVariant, pt.Prov.Recipe} {
			if s != "" && strings.Contains(strings.ToLower(s), k.word) {
				out = append(out, k.name)
				break
			}
		}
	}
	return out
}

// outsideKnobWarning says when pt differs from every fit point in a knob
// outside the model, naming the knob: on here and on no fit point, or off
// here and on every fit point. "" when some fit point has the same knobs.
func outsideKnobWarning(pt *model.Point, fit []model.Point) string {
	mine := outsideKnobs(pt)
	var on, every []string
	onAny := map[string]bool{}
	onAll := map[string]int{}
	for i := range fit {
		theirs := outsideKnobs(&fit[i])
		if strings.Join(theirs, "\x00") == strings.Join(mine, "\x00") {
			return ""
		}
		for _, k := range theirs {
			onAny[k] = true
			onAll[k]++
		}
	}
	for _, k := range mine {
		if !onAny[k] {
			on = append(on, k)
		}
	}
	for _, k := range outsideKnobWords {
		if n := onAll[k.name]; n == len(fit) && n > 0 && !containsString(mine, k.name) {
			every = append(every, k.name)
		}
	}
	var parts []string
	if len(on) > 0 {
		parts = append(parts, strings.Join(on, ", ")+" on here and on no fit point")
	}
	if len(every) > 0 {
		parts = append(parts, strings.Join(every, ", ")+" off here and on every fit point")
	}
	if len(parts) == 0 {
		parts = append(parts, "its combination ("+strings.Join(mine, ", ")+") on no fit point")
	}
	return "a knob outside the model: " + strings.Join(parts, "; ") + ". No knob field carries it (the point names it in its label or recipe), so the model cannot predict what it changes"
}

// outsideKnobNote notes a fit whose points differ among themselves in a
// knob outside the model; "" when they agree.
func outsideKnobNote(points []model.Point) string {
	if len(points) == 0 {
		return ""
	}
	first := strings.Join(outsideKnobs(&points[0]), ", ")
	for i := range points[1:] {
		if k := strings.Join(outsideKnobs(&points[i+1]), ", "); k != first {
			return "the fit mixes points that differ in a knob outside the model (" + nonEmpty(first, k) + "): the laws average over it"
		}
	}
	return ""
}

func nonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
