package fastrows

import "encoding/binary"

// A member's lead is every byte between the value before it (or the
// object's '{') and its own value: the comma, the spaces, the quoted key,
// the colon. Rows of one file repeat their leads byte for byte, so a
// member whose bytes start with the lead remembered at its position is
// that key, found in four word comparisons (keyLead.at) instead of a
// look for spaces, the comma, the quotes and the colon one at a time.
// The bytes being those of a member the fast path read before (a plain
// key, each separator where the grammar has it), reading them again gives
// the same key.

// leadWords is the lead length compared in words (four); longer leads,
// up to maxLead, are compared as strings, and longer ones not kept.
const (
	leadWords = 4
	maxLead   = 64
)

// keyLead is a remembered lead: its bytes, its first 32 as words with a
// mask of the bytes that are the lead's, and where the key starts in it.
type keyLead struct {
	text   string
	words  [leadWords]uint64
	masks  [leadWords]uint64
	keyOff int
}

func newKeyLead(text string, keyOff int) keyLead {
	l := keyLead{text: text, keyOff: keyOff}
	var b, m [8 * leadWords]byte
	copy(b[:], text)
	for i := range min(len(text), len(m)) {
		m[i] = 0xff
	}
	for k := range leadWords {
		l.words[k] = binary.LittleEndian.Uint64(b[8*k:])
		l.masks[k] = binary.LittleEndian.Uint64(m[8*k:])
	}
	return l
}

// at reports that data[p:] starts with the lead (never for no lead): its
// bytes compared in four words, all of them, masked, with no branch but
// the one that sends a lead longer than the words, or the last bytes of
// data, to atOther.
func (l *keyLead) at(data []byte, p int) bool {
	if uint(len(l.text)-1) >= 8*leadWords || p < 0 || p > len(data)-8*leadWords {
		return l.atOther(data, p)
	}
	d := (*[8 * leadWords]byte)(data[p:])
	x := (binary.LittleEndian.Uint64(d[0:])^l.words[0])&l.masks[0] |
		(binary.LittleEndian.Uint64(d[8:])^l.words[1])&l.masks[1] |
		(binary.LittleEndian.Uint64(d[16:])^l.words[2])&l.masks[2] |
		(binary.LittleEndian.Uint64(d[24:])^l.words[3])&l.masks[3]
	return x == 0
}

// atOther is at for no lead, a lead longer than the words, or the last
// bytes of data.
func (l *keyLead) atOther(data []byte, p int) bool {
	n := len(l.text)
	return n > 0 && p >= 0 && p+n <= len(data) && string(data[p:p+n]) == l.text
}

// remember keeps data[from:to] as the lead, the key at keyAt, unless it
// is the lead already or too long to keep.
func (l *keyLead) remember(data []byte, from, keyAt, to int) {
	if to-from > maxLead || (string(data[from:to]) == l.text && l.keyOff == keyAt-from) {
		return
	}
	*l = newKeyLead(string(data[from:to]), keyAt-from)
}
