package model

import (
	"strconv"
	"strings"
)

// AssignIDs gives every point of one dataset a stable ID derived from its
// knobs. A duplicate gets @<source> appended, and -2, -3 … if that is taken
// too; the first point loaded keeps the bare ID so IDs do not shift when
// more files are added after it.
func AssignIDs(points []Point) {
	taken := make(map[string]bool, len(points))
	next := make(map[string]int) // next suffix number to try per "<id>@<source>"
	var buf []byte
	for i := range points {
		p := &points[i]
		if p.Knobs.Mode == "" {
			buf = append(buf[:0], Slug(p.Label)...)
		} else {
			buf = p.Knobs.appendBaseID(buf[:0])
		}
		// Lookups with string(buf) do not allocate; only the final ID does.
		if taken[string(buf)] {
			buf = append(append(buf, '@'), p.Source...)
			if taken[string(buf)] {
				base := string(buf)
				n := max(next[base], 2)
				for buf = strconv.AppendInt(append(buf[:len(base)], '-'), int64(n), 10); taken[string(buf)]; buf = strconv.AppendInt(append(buf[:len(base)], '-'), int64(n), 10) {
					n++
				}
				next[base] = n + 1
			}
		}
		id := string(buf)
		taken[id] = true
		p.ID = id
	}
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
