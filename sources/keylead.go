package sources

import "encoding/binary"

// A member's lead is every byte between the value before it (or the
// object's '{') and its own value: the comma, the spaces, the quoted key,
// the colon. Rows of one file repeat their leads byte for byte, so a
// member whose bytes start with the lead remembered at its position is
// that key, found in a few word comparisons (keyLead.at) instead of a
// look for spaces, the comma, the quotes and the colon one at a time.
// The bytes being those of a member the fast path read before (a plain
// key, each separator where the grammar has it), reading them again gives
// the same key.

// maxLead is the longest lead remembered; a longer one (much indenting)
// is read as before.
const maxLead = 64

// keyLead is a remembered lead: its bytes, the first eight bytes of each
// of its words (the last word ending with the lead: it overlaps the one
// before), and where the key starts in it.
type keyLead struct {
	text   string
	words  [maxLead / 8]uint64
	nWords int
	keyOff int
}

func newKeyLead(text string, keyOff int) keyLead {
	l := keyLead{text: text, keyOff: keyOff}
	n := len(text)
	if n < 8 {
		var b [8]byte
		copy(b[:], text)
		l.words[0], l.nWords = binary.LittleEndian.Uint64(b[:]), 1
		return l
	}
	for off := 0; off < n-8; off += 8 {
		l.words[l.nWords] = binary.LittleEndian.Uint64([]byte(text[off : off+8]))
		l.nWords++
	}
	l.words[l.nWords] = binary.LittleEndian.Uint64([]byte(text[n-8:]))
	l.nWords++
	return l
}

// at reports that data[p:] starts with the lead (never for no lead).
func (l *keyLead) at(data []byte, p int) bool {
	n := len(l.text)
	switch {
	case n == 0:
		return false
	case p+n+8 > len(data): // near the end: the words would read past it
		return p+n <= len(data) && string(data[p:p+n]) == l.text
	case n < 8:
		return binary.LittleEndian.Uint64(data[p:])&(1<<(8*n)-1) == l.words[0]
	}
	last := l.nWords - 1
	for k := 0; k < last; k++ {
		if binary.LittleEndian.Uint64(data[p+8*k:]) != l.words[k] {
			return false
		}
	}
	return binary.LittleEndian.Uint64(data[p+n-8:]) == l.words[last]
}

// remember keeps data[from:to] as the lead, the key at keyAt, unless it
// is the lead already or too long to keep.
func (l *keyLead) remember(data []byte, from, keyAt, to int) {
	if to-from > maxLead || (string(data[from:to]) == l.text && l.keyOff == keyAt-from) {
		return
	}
	*l = newKeyLead(string(data[from:to]), keyAt-from)
}
