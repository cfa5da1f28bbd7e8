package model

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// curveTag names what curve k has that curve of does not: the fields that
// differ, in key order (scenario 8k1k, hardware b200, framework vllm …).
func curveTag(of, k CurveKey) string {
	parts := diffFields(of, k)
	for i := range parts {
		parts[i] = IDPart(parts[i])
	}
	if len(parts) == 0 {
		return Unknown
	}
	return strings.Join(parts, "-")
}

// diffFields are k's fields that differ from of's, in key order, without
// the ones k leaves unknown.
func diffFields(of, k CurveKey) []string {
	a, b := of.Fields(), k.Fields()
	var parts []string
	for i := range b {
		if a[i] != b[i] && b[i] != "" {
			parts = append(parts, b[i])
		}
	}
	return parts
}

// ShortName names curve k beside curve of by what differs: "b200 · vllm";
// the full name when nothing known differs.
func ShortName(of, k CurveKey) string {
	if parts := diffFields(of, k); len(parts) > 0 {
		return strings.Join(parts, " · ")
	}
	return k.String()
}

// FindID returns the index of the point with the ID, or -1.
func FindID(points []Point, id string) int {
	for i := range points {
		if points[i].ID == id {
			return i
		}
	}
	return -1
}

// MaxIDRunes caps each part of an ID derived from data (a label, a curve
// field): a 1 MB label must not make a 1 MB ID. A longer part is cut with
// an ellipsis; the full label stays in the point (details, --json).
const MaxIDRunes = 64

// MaxLabelRunes caps a label as shown (DisplayLabel).
const MaxLabelRunes = 80

// IDPart is Slug capped at MaxIDRunes. Only the first few hundred bytes of
// the label are looked at, so a long label costs nothing.
func IDPart(s string) string {
	if len(s) > 4*MaxIDRunes {
		s = s[:4*MaxIDRunes] + "…" // a cut rune becomes a dash, like any other
	}
	return Ellipsize(Slug(s), MaxIDRunes)
}

// Ellipsize cuts s to at most n runes, the last one "…" when it was cut.
func Ellipsize(s string, n int) string {
	if len(s) <= n {
		return s
	}
	count := 0
	for i := range s {
		if count == n-1 {
			if utf8.RuneCountInString(s[i:]) <= 1 {
				return s
			}
			return s[:i] + "…"
		}
		count++
	}
	return s
}

// Slug turns a label into an ID: lower case, runs of other characters as one "-".
func Slug(label string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(label) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.TrimSuffix(b.String(), "-")
	if s == "" {
		return "point"
	}
	return s
}

// UnknownIDs lists IDs that name no point for an error message, each
// followed by the runs it may mean when points carry it with an "@…"
// suffix: the date, source or curve that tells a configuration's runs apart
// ("x (runs of it: x@2026-10-29, x@local; name one)").
func UnknownIDs(points []Point, ids []string) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = id
		var runs []string
		for j := range points {
			if strings.HasPrefix(points[j].ID, id+"@") {
				runs = append(runs, points[j].ID)
			}
		}
		if len(runs) > 0 {
			sort.Strings(runs)
			parts[i] += " (runs of it: " + strings.Join(runs, ", ") + "; name one)"
		}
	}
	return strings.Join(parts, ", ")
}
