package model

// curveNumbers numbers curve keys in order of first appearance. A key is
// first looked for in a small table indexed by a hash of a few bytes of
// each field (its length, first, middle and last byte), checked by
// comparing the whole key, and only then in the map: a million points of
// a thousand curves hash a few bytes each instead of six whole strings.
type curveNumbers struct {
	index map[CurveKey]int32
	keys  []CurveKey
	slots []curveSlot // nil for a few points: the map alone
}

type curveSlot struct {
	key CurveKey
	n   int32 // the key's number + 1; 0 for an empty slot
}

// newCurveNumbers is ready for about n points.
func newCurveNumbers(n int) *curveNumbers {
	c := &curveNumbers{index: map[CurveKey]int32{}}
	if n >= 1<<12 {
		c.slots = make([]curveSlot, 1<<12)
	}
	return c
}

func quickHash(s string, h uint32) uint32 {
	h = (h ^ uint32(len(s))) * 16777619
	if len(s) > 0 {
		h = (h ^ uint32(s[0])) * 16777619
		h = (h ^ uint32(s[len(s)/2])) * 16777619
		h = (h ^ uint32(s[len(s)-1])) * 16777619
	}
	return h
}

// of is k's number.
func (c *curveNumbers) of(k *CurveKey) int32 {
	var sl *curveSlot
	if c.slots != nil {
		h := uint32(2166136261)
		h = quickHash(k.Model, h)
		h = quickHash(k.Scenario, h)
		h = quickHash(k.Hardware, h)
		h = quickHash(k.Framework, h)
		h = quickHash(k.Precision, h)
		h = quickHash(k.Spec, h)
		sl = &c.slots[(h^h>>16)&uint32(len(c.slots)-1)]
		if sl.n > 0 && sl.key == *k {
			return sl.n - 1
		}
	}
	n, ok := c.index[*k]
	if !ok {
		n = int32(len(c.keys))
		c.index[*k] = n
		c.keys = append(c.keys, *k)
	}
	if sl != nil {
		sl.key, sl.n = *k, n+1
	}
	return n
}
