package intern

import (
	"slices"
	"strings"
)

// Numbering numbers a load's dates, 0 for none: a point's date kept as
// 4 bytes, not a 16-byte string, and two dates compared as numbers. A
// load's dates are a few strings shared by many points (the parser
// interns them), so a date is looked for first by where its bytes lie,
// in a small table: the same bytes at the same place are the same date,
// and the map is asked only when the table does not know the string.
type Numbering struct {
	index map[string]int32
	Texts []string // by number; texts[0] is ""
	seen  [256]struct {
		d   string // the date's bytes, where they were seen (kept alive here)
		num int32
	}
}

func NewNumbering() *Numbering {
	return &Numbering{index: map[string]int32{"": 0}, Texts: []string{""}}
}

// Of is d's number.
func (dn *Numbering) Of(d string) int32 {
	if d == "" {
		return 0
	}
	s := &dn.seen[(At(d)>>3^uint64(len(d)))&255]
	if Same(s.d, d) {
		return s.num
	}
	num, ok := dn.index[d]
	if !ok {
		num = int32(len(dn.Texts))
		dn.index[d] = num
		dn.Texts = append(dn.Texts, d)
	}
	s.d, s.num = d, num
	return num
}

// Ranks is each number's place among the dates in ascending order (the
// strings' order; "" first): two dates compare as their ranks do.
func (dn *Numbering) Ranks() []int32 {
	byText := make([]int32, len(dn.Texts))
	for i := range byText {
		byText[i] = int32(i)
	}
	slices.SortFunc(byText, func(a, b int32) int { return strings.Compare(dn.Texts[a], dn.Texts[b]) })
	rank := make([]int32, len(dn.Texts))
	for r, num := range byText {
		rank[num] = int32(r)
	}
	return rank
}
