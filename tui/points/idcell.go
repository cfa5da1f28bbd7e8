package points

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/frame"
)

// A point ID is <shape>-c<C> and then, where needed, @<curve tag>, @<date>
// and @<source> (model.AssignIDs). The table shows one curve, so a curve
// tag (agg-tp8-c16@qwen-qwen3-5-397b-a17b-fp8) is the same on every row
// and tells nothing the curve's name does not. A narrow ID column gives up,
// in this order: the curve tag, the middle of the shape (dep2-dep16), and
// for a dated ID the source; the head of the shape (3p1d, agg-tp4), BS,
// concurrency and date stay.

// tagSlugs are curve k's fields as a curve tag writes them, in key order.
func tagSlugs(k model.CurveKey) []string {
	var out []string
	for _, f := range k.Fields() {
		if f != "" {
			out = append(out, model.Slug(f))
		}
	}
	return out
}

// isTag reports whether seg is some of slugs, in order, joined by "-".
func isTag(seg string, slugs []string) bool {
	for i, s := range slugs {
		if seg == s {
			return true
		}
		// seg is s, "-" and more tags (no string built for the test)
		if len(seg) > len(s)+1 && seg[len(s)] == '-' && seg[:len(s)] == s && isTag(seg[len(s)+1:], slugs[i+1:]) {
			return true
		}
	}
	return false
}

// idParts is an ID taken apart for shortening.
type idParts struct {
	base   string   // <shape>-c<C>
	head   string   // the shape's head: 3p1d, agg-tp4
	mid    []string // the shape's middle: dep2, dep16 ("" head: none)
	knobs  string   // b<BS>-c<C>
	tagged bool     // a curve tag naming the shown curve followed base
	rest   string   // what follows the tag (@2025-12-05@published)
	dates  string   // the @<date> segments of rest
}

func parseID(id string, slugs []string) idParts {
	segs := strings.Split(id, "@")
	p := idParts{base: segs[0]}
	segs = segs[1:]
	if len(segs) > 0 && (segs[0] == model.Unknown || isTag(segs[0], slugs)) {
		p.tagged = true
		segs = segs[1:]
	}
	for _, s := range segs {
		p.rest += "@" + s
		if isDate(s) {
			p.dates += "@" + s
		}
	}
	toks := strings.Split(p.base, "-")
	keep := 1
	if toks[0] == "agg" {
		keep = 2
	}
	end := len(toks)
	for end > keep && isKnob(toks[end-1]) {
		end--
	}
	if end < len(toks) && end > keep { // a shape with a middle: elidable
		p.head = strings.Join(toks[:keep], "-")
		p.mid = toks[keep:end]
		p.knobs = strings.Join(toks[end:], "-")
	}
	return p
}

// isKnob is a b<BS> or c<C> token.
func isKnob(t string) bool {
	if len(t) < 2 || t[0] != 'b' && t[0] != 'c' {
		return false
	}
	for _, r := range t[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// isDate is a segment that starts with YYYY-MM-DD.
func isDate(s string) bool {
	if len(s) < 10 {
		return false
	}
	for i := 0; i < 10; i++ { // bytes: any byte of a longer rune is neither
		if c := s[i]; i == 4 || i == 7 {
			if c != '-' {
				return false
			}
		} else if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// shortBases are the base with its middle elided, longest first:
// 9p1d-…-dep16-b192-c7480, 9p1d-…-b192-c7480, 9p1d-…b192-c7480,
// 9p1d…b192-c7480.
func (p idParts) shortBases() []string {
	if p.head == "" {
		return nil
	}
	var out []string
	for k := len(p.mid) - 1; k >= 0; k-- {
		out = append(out, p.head+"-…-"+strings.Join(append(p.mid[len(p.mid)-k:len(p.mid):len(p.mid)], p.knobs), "-"))
	}
	return append(out, p.head+"-…"+p.knobs, p.head+"…"+p.knobs)
}

// forms are the ways to write the ID, from whole to short.
func (p idParts) forms(id string) []string {
	out := []string{id}
	if p.tagged {
		out = append(out, p.base+"@…"+p.rest, p.base+p.rest)
	}
	short := p.shortBases()
	for _, b := range short {
		out = append(out, b+p.rest)
	}
	if p.dates != "" && p.dates != p.rest {
		// The source goes before the date; "@…" still tells a twin
		// measured the same day from the first.
		for _, b := range append([]string{p.base}, short...) {
			out = append(out, b+p.dates+"@…")
		}
	}
	return out
}

// essential is the shortest form that still reads well: the shape's head,
// BS, concurrency and the dates, or the source when there is no date
// (9p1d-…-b192-c7480@2025-12-05, 3p1d-…-b24-c1228@published).
func (p idParts) essential() string {
	if p.dates != "" {
		return p.shortBase() + p.dates
	}
	return p.shortBase() + p.rest
}

// shortBase is the base with its middle as "-…-": 9p1d-…-b192-c7480.
func (p idParts) shortBase() string {
	if p.head == "" {
		return p.base
	}
	return p.head + "-…-" + p.knobs
}

// cellID fits a point ID in w cells: the first of its forms that fits, or
// the essential one cut in the middle (frame.ShortenID) so its end stays.
func cellID(id string, slugs []string, w int) string {
	if ansi.StringWidth(id) <= w {
		return id
	}
	p := parseID(id, slugs)
	for _, f := range p.forms(id)[1:] {
		if ansi.StringWidth(f) <= w {
			return f
		}
	}
	return frame.ShortenID(p.essential(), w)
}

// neededWidth is the width the ID column asks for before optional columns
// show: what keeps every point's shape head, BS, concurrency and date
// (9p1d-…-b192-c7480@2025-12-05), 22 to 30 cells, and never more than the
// widest whole ID.
//
// A large view's IDs (a curve nothing measured: 41,700 of them at a
// million rows) are measured on both cores, each half its own maxima.
func neededWidth(pts []*model.Point, slugs []string) int {
	var need, widest [2]int
	par.Halves(len(pts), 8192, func(lo, hi int) {
		h := min(lo, 1) // the first half at 0, the second at 1
		need[h], widest[h] = idMaxima(pts[lo:hi], slugs)
	})
	return columnWidth(max(need[0], need[1]), max(widest[0], widest[1]))
}

// idMaxima is the widest shape and the widest whole ID of pts, each
// exact below widthCap (past it the column's width no longer moves).
func idMaxima(pts []*model.Point, slugs []string) (need, widest int) {
	for i := range pts {
		if i%model.WarmViewBlock == 0 {
			// the next IDs asked for at once: a view's points lie a page
			// apart at a million, and each ID's bytes elsewhere again
			model.WarmIDs(pts[i:min(i+model.WarmViewBlock, len(pts))])
		}
		id := pts[i].ID
		if len(id) <= need {
			continue // no form of it is wider (need ≤ widest)
		}
		n, w := idNeeds(id, slugs)
		need, widest = max(need, n), max(widest, w)
		if need >= widthCap && widest >= widthCap {
			break // the width is 30 whatever the rest are
		}
	}
	return need, widest
}

// essentialWidth is the width of parseID(id, slugs)'s shortBase()+dates,
// worked out without taking the ID apart into strings, for an ID of
// printable ASCII (one cell a byte, "…" one cell); ok is false for any
// other ID (neededWidth then parses it).
func essentialWidth(id string, slugs []string) (w int, ok bool) {
	// One pass over the bytes: the base (up to the first "@") with the
	// places of its dashes, then each "@" segment: the first may be the
	// curve tag (left out), the dated ones count.
	var cuts [64]int // the base's dashes
	n, i := 0, 0
	for ; i < len(id) && id[i] != '@'; i++ {
		switch c := id[i]; {
		case c < 0x20 || c > 0x7e:
			return 0, false
		case c == '-':
			if n == len(cuts) {
				return 0, false
			}
			cuts[n] = i
			n++
		}
	}
	base := id[:i]
	for first := true; i < len(id); first = false {
		j := i + 1
		for ; j < len(id) && id[j] != '@'; j++ {
			if c := id[j]; c < 0x20 || c > 0x7e {
				return 0, false
			}
		}
		seg := id[i+1 : j]
		i = j
		if first && (seg == model.Unknown || isTag(seg, slugs)) {
			continue
		}
		if isDate(seg) {
			w += 1 + len(seg)
		}
	}
	// The base's tokens (split at "-"): the head is one (two after "agg"),
	// the knobs the b<BS>/c<C> tokens at the end after a middle.
	tok := func(t int) string { // token t of n+1
		lo, hi := 0, len(base)
		if t > 0 {
			lo = cuts[t-1] + 1
		}
		if t < n {
			hi = cuts[t]
		}
		return base[lo:hi]
	}
	keep := 1
	if tok(0) == "agg" {
		keep = 2
	}
	end := n + 1
	for end > keep && isKnob(tok(end-1)) {
		end--
	}
	if end < n+1 && end > keep && cuts[keep-1] > 0 { // an empty head: shortBase is the base
		// head (tokens before keep) + "-…-" + knobs (tokens from end)
		return w + cuts[keep-1] + 3 + len(base) - (cuts[end-1] + 1), true
	}
	return w + len(base), true
}
