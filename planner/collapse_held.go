package planner

import "github.com/sweeptune/sweeptune/model"

// heldCollapses answers DetectCollapses of a then b without b[skip], for
// every skip of one backtest. Each configuration's points are grouped and
// sorted once, and only the held-out point's configuration is searched
// again, without it: a search over every point per held-out point was
// quadratic (a curve of 41,000 configurations never finished its backtest).
type heldCollapses struct {
	b      []model.Point
	keyOfB []string                  // b[i]'s configuration; "" when no collapse can take it
	groups map[string][]*model.Point // each configuration's points by concurrency
	base   []Collapse                // DetectCollapses of a then b
}

func newHeldCollapses(a, b []model.Point) *heldCollapses {
	h := &heldCollapses{b: b, keyOfB: make([]string, len(b)), groups: map[string][]*model.Point{}}
	var order []string
	add := func(pt *model.Point) string {
		if !collapseCandidate(pt) {
			return ""
		}
		k := knobsKey(pt.Knobs)
		if _, ok := h.groups[k]; !ok {
			order = append(order, k)
		}
		h.groups[k] = append(h.groups[k], pt)
		return k
	}
	for i := range a {
		add(&a[i])
	}
	for i := range b {
		h.keyOfB[i] = add(&b[i])
	}
	for _, k := range order {
		g := h.groups[k]
		sortByConcurrency(g) // stable: without one point, the others keep their order
		if c, ok := kneeOf(g, nil, k); ok {
			h.base = append(h.base, c)
		}
	}
	return h
}

// without is DetectCollapses of a then b without b[skip], up to the order
// of its collapses, which name each configuration once and are looked up
// by it (collapseFor).
func (h *heldCollapses) without(skip int) []Collapse {
	k := h.keyOfB[skip]
	if k == "" {
		return h.base
	}
	c, ok := kneeOf(h.groups[k], &h.b[skip], k)
	at := -1
	for i := range h.base {
		if h.base[i].key == k {
			at = i
			break
		}
	}
	switch {
	case at < 0 && !ok:
		return h.base
	case at >= 0 && ok && h.base[at] == c:
		return h.base
	}
	out := make([]Collapse, 0, len(h.base)+1)
	for i := range h.base {
		if i != at {
			out = append(out, h.base[i])
		}
	}
	if ok {
		out = append(out, c)
	}
	return out
}
