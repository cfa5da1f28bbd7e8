package render

import (
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// The validity gate's words (docs/review.md, "Suspect points"): one line
// per suspect point naming its rule and what its run or curve showed, and
// what the view did with it.

// maxSuspectLines bounds the per-point lines; the summary counts the rest.
const maxSuspectLines = 20

// SuspectNotes are the view's warnings about its suspect points: each
// point with its rule and reason, then what was done with them.
func SuspectNotes(points []model.Point, included bool) []string {
	return SuspectNotesInOrder(points, nil, included)
}

// SuspectNotesInOrder is SuspectNotes of points loaded in another order:
// order[k] is the k-th loaded point's place in points (nil for in order),
// and the suspect points are named in load order.
func SuspectNotesInOrder(points []model.Point, order []int32, included bool) []string {
	n, byRule := model.SuspectSummary(points)
	if n == 0 {
		return nil
	}
	var out []string
	for k := range points {
		i := k
		if order != nil {
			i = int(order[k])
		}
		p := &points[i]
		if !p.Suspect() {
			continue
		}
		if len(out) == maxSuspectLines {
			out = append(out, fmt.Sprintf("… and %d more suspect points", n-maxSuspectLines))
			break
		}
		file := ""
		if p.Prov.File != "" {
			file = " (" + p.Prov.File + ")"
		}
		out = append(out, fmt.Sprintf("%s%s is suspect, rule %s: %s", p.ID, file, p.Suspicion.Rule, p.Suspicion.Why))
	}
	rules := make([]string, len(byRule))
	for i, r := range byRule {
		rules[i] = fmt.Sprintf("%s %d", r.Rule, r.N)
	}
	what := fmt.Sprintf("%d suspect points", n)
	if n == 1 {
		what = "1 suspect point"
	}
	if included {
		out = append(out, fmt.Sprintf("%s (%s) brought into frontiers, hulls, reviews and fits by --include-suspect", what, strings.Join(rules, ", ")))
	} else {
		out = append(out, fmt.Sprintf("%s (%s) shown but kept out of frontiers, hulls, reviews and fits; --include-suspect brings them in", what, strings.Join(rules, ", ")))
	}
	return out
}

// SuspectMark is a point's mark in a table's frontier column: "suspect
// (rule)", or "" for a point nothing is wrong with.
func SuspectMark(p *model.Point) string {
	if !p.Suspect() {
		return ""
	}
	if p.Suspicion.Admitted {
		return "suspect (" + p.Suspicion.Rule + "), included"
	}
	return "suspect (" + p.Suspicion.Rule + ")"
}
