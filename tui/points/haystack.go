package points

import (
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// haystack is a view's free text packed in one buffer: per point its ID
// and label folded as containsFold folds them (ASCII letters only) and its
// source, split by NUL bytes. A filter's letter then reads one sequential
// buffer instead of three strings lying apart from each point.
type haystack struct {
	serial uint64        // the view it was made from
	ready  chan struct{} // closed once buf and offs are made
	text   string
	offs   []int32 // point i's text is text[offs[i]:offs[i+1]]
}

// newHaystack makes view's haystack on a goroutine of its own, off the
// key that asks for it (the filter's /), so the letters typed next find it.
func newHaystack(serial uint64, view []*model.Point) *haystack {
	h := &haystack{serial: serial, ready: make(chan struct{})}
	go func() {
		defer close(h.ready)
		n := 0
		for _, p := range view {
			n += len(p.ID) + len(p.Label) + len(p.Source) + 2
		}
		if n >= 1<<31 {
			return // offsets would overflow: the plain read serves
		}
		var b strings.Builder
		b.Grow(n)
		offs := make([]int32, 1, len(view)+1)
		for _, p := range view {
			writeFolded(&b, p.ID)
			b.WriteByte(0)
			writeFolded(&b, p.Label)
			b.WriteByte(0)
			b.WriteString(string(p.Source))
			offs = append(offs, int32(b.Len()))
		}
		h.text, h.offs = b.String(), offs
	}()
	return h
}

func writeFolded(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
}

// of is h made for the view of serial with n points, waited for; nil when
// h is not that view's or could not be made.
func (h *haystack) of(serial uint64, n int) *haystack {
	if h == nil || h.serial != serial {
		return nil
	}
	<-h.ready
	if len(h.offs) != n+1 {
		return nil
	}
	return h
}

// match is q.match for point i of the haystack's view: a free-text term
// reads the haystack (a text holding no NUL cannot span two of a point's
// parts, so it is found in one of them exactly when holds finds it).
func (h *haystack) match(q *query, i int, p *model.Point, x, y model.Axis) bool {
	for k := range q.terms {
		t := &q.terms[k]
		var ok bool
		if t.field == nil && !strings.ContainsRune(t.text, 0) {
			ok = strings.Contains(h.text[h.offs[i]:h.offs[i+1]], t.text)
		} else {
			ok = t.holds(p, x, y)
		}
		if ok == t.neg {
			return false
		}
	}
	return true
}
