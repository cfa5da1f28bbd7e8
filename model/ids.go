package model

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// AssignIDs gives every point of one dataset a stable, readable ID derived
// from its knobs (docs/architecture.md), unique over the dataset:
//   - a configuration on a second curve gets the fields its curve differs in
//     from the first curve that used the ID: agg-tp4-c4@8k1k, agg-tp8-c16@b200;
//   - a configuration of one curve measured by one source on several dates
//     carries the date of each measurement: agg-tp8-c16@2025-12-05 (runs of
//     different sources are told apart by their source, below);
//   - what is still a duplicate gets @<source> appended, and -2, -3 … if
//     that is taken too.
//
// The first point loaded keeps the bare ID, so IDs do not shift when more
// files of other configurations are added after it.
func AssignIDs(points []Point) {
	n := len(points)
	// Base IDs and curves are interned: lookups with string(buf) do not
	// allocate, so 100,000 points of a few hundred configurations cost a
	// few hundred strings.
	baseOf := make([]int32, n)
	curveOf := make([]int32, n)
	baseIdx := map[string]int32{}
	var bases []string
	curveIdx := map[CurveKey]int32{}
	var keys []CurveKey
	var buf []byte
	for i := range points {
		p := &points[i]
		if p.Knobs.Mode == "" {
			buf = append(buf[:0], idPart(p.Label)...)
		} else {
			buf = p.Knobs.appendBaseID(buf[:0])
		}
		b, ok := baseIdx[string(buf)]
		if !ok {
			b = int32(len(bases))
			bases = append(bases, string(buf))
			baseIdx[bases[b]] = b
		}
		baseOf[i] = b
		ci, ok := curveIdx[p.Curve]
		if !ok {
			ci = int32(len(keys))
			curveIdx[p.Curve] = ci
			keys = append(keys, p.Curve)
		}
		curveOf[i] = ci
	}
	// Which configurations of a curve were measured on more than one date,
	// and which curve used each base ID first.
	type config struct {
		curve, base int32
		source      Source
	}
	type dates struct {
		first string
		multi bool
	}
	seen := map[config]int32{} // → index into cfgDates
	var cfgDates []dates
	cfgOf := make([]int32, n)       // -1 for an undated point
	datedCfg := map[[2]int32]bool{} // (curve, base) some source measured on several dates
	owner := make([]int32, len(bases))
	for b := range owner {
		owner[b] = -1
	}
	for i := range points {
		c := config{curveOf[i], baseOf[i], points[i].Source}
		if owner[c.base] < 0 {
			owner[c.base] = c.curve
		}
		cfgOf[i] = -1
		d := points[i].Prov.Date
		if d == "" {
			continue
		}
		e, ok := seen[c]
		if !ok {
			e = int32(len(cfgDates))
			seen[c] = e
			cfgDates = append(cfgDates, dates{first: d})
		} else if s := &cfgDates[e]; !s.multi && s.first != d {
			s.multi = true
			datedCfg[[2]int32{c.curve, c.base}] = true
		}
		cfgOf[i] = e
	}
	tags := map[[2]int32]string{}
	taken := make(map[string]bool, n)
	next := make(map[string]*int) // next suffix number to try per "<id>@<source>"
	for i := range points {
		p := &points[i]
		base := bases[baseOf[i]]
		buf = append(buf[:0], base...)
		if o := owner[baseOf[i]]; o != curveOf[i] {
			k := [2]int32{o, curveOf[i]}
			tag, ok := tags[k]
			if !ok {
				tag = curveTag(keys[o], keys[curveOf[i]])
				tags[k] = tag
			}
			buf = append(append(buf, '@'), tag...)
		}
		dateTagged := false
		if p.Prov.Date != "" && cfgDates[cfgOf[i]].multi {
			buf = append(append(buf, '@'), p.Prov.Date...)
			dateTagged = true
		}
		// Beside dated runs of another source, a run carries its source: the
		// bare ID never names one measurement among several.
		if taken[string(buf)] || (!dateTagged && datedCfg[[2]int32{curveOf[i], baseOf[i]}]) {
			buf = append(append(buf, '@'), p.Source...)
			if taken[string(buf)] {
				// The stem's counter is looked up without building its
				// string: one string per stem, not one per repeated run.
				stem := len(buf)
				nx := next[string(buf)]
				if nx == nil {
					nx = new(int)
					next[string(buf)] = nx
				}
				n := max(*nx, 2)
				for buf = strconv.AppendInt(append(buf[:stem], '-'), int64(n), 10); taken[string(buf)]; buf = strconv.AppendInt(append(buf[:stem], '-'), int64(n), 10) {
					n++
				}
				*nx = n + 1
			}
		}
		id := base // the bare ID shares the interned string
		if string(buf) != base {
			id = string(buf)
		}
		taken[id] = true
		p.ID = id
	}
}

// curveTag names what curve k has that curve of does not: the fields that
// differ, in key order (scenario 8k1k, hardware b200, framework vllm …).
func curveTag(of, k CurveKey) string {
	parts := diffFields(of, k)
	for i := range parts {
		parts[i] = idPart(parts[i])
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

// idPart is Slug capped at MaxIDRunes. Only the first few hundred bytes of
// the label are looked at, so a long label costs nothing.
func idPart(s string) string {
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
