package points

import (
	"strings"

	"github.com/sweeptune/sweeptune/internal/par"
	"github.com/sweeptune/sweeptune/model"
)

// matched is one filter's matches in a view: the indices q keeps, in order.
type matched struct {
	q   query
	idx []int
}

// narrows reports whether every point new keeps, old keeps too, so new's
// matches can be read from old's instead of the whole view: new has old's
// terms and more, or its last term is a free-text one (not negated) whose
// text holds old's last term's text (typing a letter onto the last word).
func narrows(old, new query) bool {
	n := len(old.terms)
	if n > len(new.terms) {
		return false
	}
	for i := 0; i < n-1; i++ {
		if !sameTerm(&old.terms[i], &new.terms[i]) {
			return false
		}
	}
	if n == 0 {
		return true
	}
	o, w := &old.terms[n-1], &new.terms[n-1]
	if sameTerm(o, w) {
		return true
	}
	// A longer free text: a haystack holding it holds every part of it.
	return o.field == nil && w.field == nil && !o.neg && !w.neg && strings.Contains(w.text, o.text)
}

func sameTerm(a, b *term) bool { return *a == *b }

// matchingIn is the indices of all's points q keeps, in order (the same
// rows as matching): read from prev's matches when q narrows prev's
// query, and with hay (all's haystack, or nil) for the free text.
func matchingIn(all []*model.Point, q query, x, y model.Axis, prev *matched, hay *haystack) []int {
	var from []int // nil: every point
	n := len(all)
	if prev != nil && narrows(prev.q, q) {
		from, n = prev.idx, len(prev.idx)
	}
	if from == nil && hay == nil {
		return matching(all, q, x, y)
	}
	keep := func(i int) bool { return q.match(all[i], x, y) }
	if hay != nil {
		keep = func(i int) bool { return hay.match(&q, i, all[i], x, y) }
	}
	idx := make([]int, 0, n)
	var upper []int
	par.Halves(n, 8192, func(lo, hi int) {
		out := &idx
		if lo > 0 {
			upper = make([]int, 0, hi-lo)
			out = &upper
		}
		for j := lo; j < hi; j++ {
			i := j
			if from != nil {
				i = from[j]
			}
			if keep(i) {
				*out = append(*out, i)
			}
		}
	})
	return append(idx, upper...)
}
