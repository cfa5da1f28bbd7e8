package intern

import (
	"hash/maphash"
	"math/bits"
	"slices"

	"github.com/sweeptune/sweeptune/internal/mem"
)

// SixStrings is a key of six strings, read through Fields (a curve's
// key: model, scenario, hardware, framework, precision, spec).
type SixStrings interface {
	comparable
	Fields() [6]string
}

// Keys numbers keys of six strings in order of first appearance. The
// loaders share the few distinct strings of a key between its users (one
// model, hardware … string for thousands of rows), so a key is first
// looked for by the identity of its six strings (where their bytes are
// and how many): an open-addressed table, no byte of a string read. Only
// a key of strings not seen in that form is looked for by value, in a
// second table, and its form is added to the first: equal keys of other
// strings get the same number. Both tables hold numbers, not keys (a key
// is 96 bytes): a million one-point curves have a million forms and a
// million keys, and tables of keys, half empty, would cost more than
// their points. Each form's strings are kept once, in an array beside
// the keys, so that a hit compares them where they lie, with no call
// through K's methods.
type Keys[K SixStrings] struct {
	keys   []K
	forms  [][6]string // every form's strings, the keys' own and equal keys' of other strings
	slots  []formSlot  // the forms; a power of two, at most half used
	used   int
	values []valueSlot // the keys by value; a power of two, at most half used
}

// formSlot is a form: the key's number + 1 (0 for an empty slot) and
// where its strings are, forms[form].
type formSlot struct {
	hash uint64
	n    int32
	form int32
}

// valueSlot is a key by value: a part of its value's hash and its number + 1.
type valueSlot struct {
	hash uint32
	n    int32
}

// NewKeys is an empty numbering. Its tables start small (a short
// command's few files share a handful of key forms) and double as forms
// come.
func NewKeys[K SixStrings]() *Keys[K] {
	return &Keys[K]{slots: make([]formSlot, 8), values: make([]valueSlot, 8)}
}

// Keys are the keys by number; the caller does not write them.
func (c *Keys[K]) Keys() []K { return c.keys }

// identityHash hashes the identity of f's strings.
func identityHash(f *[6]string) uint64 {
	h := At(f[0])*0x9E3779B97F4A7C15 ^ At(f[1])*0xC2B2AE3D27D4EB4F ^
		At(f[2])*0x165667B19E3779F9 ^ At(f[3])*0x27D4EB2F165667C5 ^
		At(f[4])*0x85EBCA77C2B2AE63 ^ At(f[5])*0xFF51AFD7ED558CCD ^
		uint64(len(f[0])^len(f[1])<<8^len(f[2])<<16^len(f[3])<<24^len(f[4])<<32^len(f[5])<<40)*0xC4CEB9FE1A85EC53
	return h ^ h>>29
}

// valueSeed seeds valueHash: a process's own, so no file can choose keys
// that collide.
var valueSeed = maphash.MakeSeed()

// valueHash hashes f's bytes.
func valueHash(f *[6]string) uint64 {
	h := maphash.String(valueSeed, f[0])
	for _, s := range f[1:] {
		h = (h ^ maphash.String(valueSeed, s)) * 0x9E3779B97F4A7C15
	}
	return h ^ h>>32
}

// sameStrings reports whether a and b are made of the same strings (so
// equal): the same lengths at the same places.
func sameStrings(a, b *[6]string) bool {
	return len(a[0]) == len(b[0]) && len(a[1]) == len(b[1]) && len(a[2]) == len(b[2]) &&
		len(a[3]) == len(b[3]) && len(a[4]) == len(b[4]) && len(a[5]) == len(b[5]) &&
		At(a[0]) == At(b[0]) && At(a[1]) == At(b[1]) && At(a[2]) == At(b[2]) &&
		At(a[3]) == At(b[3]) && At(a[4]) == At(b[4]) && At(a[5]) == At(b[5])
}

// Of is k's number; f is k.Fields(), which the caller reads (a direct
// call, where the table's would go through the type's dictionary at every
// point).
func (c *Keys[K]) Of(k *K, f *[6]string) int32 {
	h := identityHash(f)
	mask := uint64(len(c.slots) - 1)
	for i := h & mask; c.slots[i].n != 0; i = (i + 1) & mask {
		if sl := &c.slots[i]; sl.hash == h && sameStrings(&c.forms[sl.form], f) {
			return sl.n - 1
		}
	}
	n := c.byValue(k, f)
	c.forms = append(c.forms, *f)
	c.put(formSlot{hash: h, n: n + 1, form: int32(len(c.forms) - 1)})
	return n
}

// byValue is k's number, found by value or given as the next one.
func (c *Keys[K]) byValue(k *K, f *[6]string) int32 {
	vh := valueHash(f)
	mask := uint64(len(c.values) - 1)
	i := vh & mask
	for ; c.values[i].n != 0; i = (i + 1) & mask {
		if v := c.values[i]; v.hash == uint32(vh>>32) && c.keys[v.n-1] == *k {
			return v.n - 1
		}
	}
	n := int32(len(c.keys))
	c.keys = append(c.keys, *k)
	if 2*len(c.keys) > len(c.values) {
		c.resizeValues(2 * len(c.values))
	} else {
		c.values[i] = valueSlot{uint32(vh >> 32), n + 1}
	}
	return n
}

// resizeValues makes the value table size slots (a power of two larger
// than twice the keys) and puts every key in it again.
func (c *Keys[K]) resizeValues(size int) {
	c.values = mem.WritePages(make([]valueSlot, size))
	mask := uint64(len(c.values) - 1)
	for n := range c.keys {
		f := c.keys[n].Fields()
		vh := valueHash(&f)
		i := vh & mask
		for c.values[i].n != 0 {
			i = (i + 1) & mask
		}
		c.values[i] = valueSlot{uint32(vh >> 32), int32(n) + 1}
	}
}

// put adds a slot, doubling the table when it would be half full.
func (c *Keys[K]) put(sl formSlot) {
	if 2*(c.used+1) > len(c.slots) {
		c.resizeSlots(2 * len(c.slots))
	}
	mask := uint64(len(c.slots) - 1)
	i := sl.hash & mask
	for c.slots[i].n != 0 {
		i = (i + 1) & mask
	}
	c.slots[i] = sl
	c.used++
}

// resizeSlots makes the form table size slots (a power of two larger
// than twice the forms) and puts every form in it again.
func (c *Keys[K]) resizeSlots(size int) {
	old := c.slots
	c.slots, c.used = mem.WritePages(make([]formSlot, size)), 0
	for i := range old {
		if old[i].n != 0 {
			c.put(old[i])
		}
	}
}

// Reserve makes room for n keys at once: the keys' and forms' arrays and
// both tables grown once, not doubled again and again, each doubling a
// copy.
func (c *Keys[K]) Reserve(n int) {
	c.keys = slices.Grow(c.keys, n-len(c.keys))
	c.forms = slices.Grow(c.forms, n-len(c.forms))
	size := 1 << bits.Len(uint(2*n))
	if size > len(c.values) {
		c.resizeValues(size)
	}
	if size > len(c.slots) {
		c.resizeSlots(size)
	}
}
