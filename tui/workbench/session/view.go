package session

import (
	"fmt"
	"strings"
	"time"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// maxOverlays bounds the overlays a session may restore.
const maxOverlays = 64

// applyYAndDate restores the y metric and the as-of date. A value this
// build does not read is named in the problems and the default stays.
func (f File) applyYAndDate(st *workbench.State) []string {
	var problems []string
	if f.YAxis != "" {
		if a, err := model.ParseYAxis(f.YAxis); err == nil {
			st.SetY(a)
		} else {
			problems = append(problems, fmt.Sprintf("y metric %q unknown: %s shown", clip(f.YAxis), st.Y.Name))
		}
	}
	asOf := f.AsOf
	if _, err := time.Parse("2006-01-02", asOf); asOf != "" && err != nil {
		problems = append(problems, fmt.Sprintf("as-of date %q is not YYYY-MM-DD: the latest runs shown", clip(asOf)))
		asOf = ""
	}
	st.SetAsOf(asOf, f.AllDates)
	return problems
}

// ApplyView shows the session's curve and overlays on the loaded data. It
// returns what came back ("curve …", "2 overlays (…)") and what did not:
// a curve or overlay no longer loaded is named, and the workbench's own
// choice stays in its place.
func (f File) ApplyView(st *workbench.State) (restored, missing []string) {
	if k := f.Curve; k != nil {
		switch {
		case !validKey(*k):
			missing = append(missing, "the curve's name is too long to be one")
		case !st.HasCurve(*k):
			missing = append(missing, fmt.Sprintf("curve %s is no longer loaded (%s shown)", k, st.Curve))
		case len(st.Curves) > 1: // with one curve there is nothing to choose
			st.SetCurve(*k)
			restored = append(restored, "curve "+k.String())
		}
	}
	if f.Overlays == nil {
		return restored, missing
	}
	all := *f.Overlays
	if len(all) > maxOverlays {
		missing = append(missing, fmt.Sprintf("%d overlays, only the first %d restored", len(all), maxOverlays))
		all = all[:maxOverlays]
	}
	var keep []model.CurveKey
	var gone []string
	for _, k := range all {
		switch {
		case !validKey(k):
			gone = append(gone, "one with a name too long")
		case !st.HasCurve(k):
			gone = append(gone, k.String())
		default:
			keep = append(keep, k)
		}
	}
	had := len(st.Overlays)
	st.SetOverlays(keep)
	if len(gone) > 0 {
		missing = append(missing, fmt.Sprintf("%s no longer loaded: %s", model.Plural(len(gone), "overlay"), model.FirstFew(gone, 2)))
	}
	switch {
	case len(st.Overlays) > 0:
		names := make([]string, len(st.Overlays))
		for i, o := range st.Overlays {
			names[i] = model.ShortName(st.Curve, o)
		}
		restored = append(restored, fmt.Sprintf("%s (%s)", model.Plural(len(names), "overlay"), model.FirstFew(names, 2)))
	case had > 0 && len(gone) == 0:
		restored = append(restored, "no overlays")
	}
	return restored, missing
}

// validKey bounds a restored curve's fields.
func validKey(k model.CurveKey) bool {
	for _, f := range k.Fields() {
		if len(f) > maxIDLen {
			return false
		}
	}
	return true
}

// clip shortens a value quoted in a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:39]) + "…"
	}
	return s
}

// Restored says what a session brought back ("3 marks, 1 planned
// point, axis mean-intvty, y tput-per-mw, as of 2025-12-05"); "" for an
// empty session.
func Restored(st *workbench.State) string {
	y := st.Y.Name != model.AxisTputPerGPU.Name
	dates := st.AsOf != "" || st.AllDates
	if len(st.Marks) == 0 && len(st.Planned) == 0 && len(st.Added) == 0 && st.X.Name == model.DefaultXAxis.Name && !st.LogX && !y && !dates {
		return "" // nothing but defaults: nothing to tell
	}
	parts := []string{model.Plural(len(st.Marks), "mark"), model.Plural(len(st.Planned), "planned point")}
	if len(st.Added) > 0 {
		parts = append(parts, model.Plural(len(st.Added), "measured point")+" to export")
	}
	parts = append(parts, "axis "+st.X.Name)
	if st.LogX {
		parts = append(parts, "log x")
	}
	if y {
		parts = append(parts, "y "+st.Y.Name)
	}
	switch {
	case st.AsOf != "" && st.AllDates:
		parts = append(parts, "every run as of "+st.AsOf)
	case st.AsOf != "":
		parts = append(parts, "as of "+st.AsOf)
	case st.AllDates:
		parts = append(parts, "every run")
	}
	return strings.Join(parts, ", ")
}
