package fastrows

import "encoding/binary"

// recentStrs remembers the strings the interner gave lately, one per
// slot, found by a hash of the field and the bytes' ends and length: a
// row's hardware, model, framework, precision and date are each one of a
// few values, and a dump that mixes its curves row by row asks the
// interner's map for most of them (a hash of the whole string and a
// probe, three times the cost). A slot's string is compared whole before
// it is used, so a collision costs only a miss.
type recentStrs [recentSlots]string

// recentSlots is the table's size: a power of two, room for the values of
// a dump's few string fields many times over.
const recentSlots = 512

// slot is where the value raw of field id is looked for and kept.
func (r *recentStrs) slot(id int8, raw []byte) *string {
	var head, tail uint64
	if n := len(raw); n >= 8 {
		head = binary.LittleEndian.Uint64(raw)
		tail = binary.LittleEndian.Uint64(raw[n-8:])
	} else {
		for i, c := range raw {
			head |= uint64(c) << (8 * i)
		}
	}
	h := (head ^ tail*0x9e3779b97f4a7c15 ^ uint64(len(raw))<<48 ^ uint64(uint8(id))<<56) * 0xff51afd7ed558ccd
	return &r[h>>(64-9)]
}
