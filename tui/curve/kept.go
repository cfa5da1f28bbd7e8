package curve

import "slices"

// kept is one of the pane's caches: at most maxCached entries, each
// derived from a view. Full, it drops the entry used least recently,
// another view's before a drawn view's (the shown curve's, the
// overlays'). It used to start again but for the drawn views' entries:
// the work ahead then made the curves ] and [ show again and again, and
// a ] typed while one was being made again made it on the key.
type kept[K viewKeyed, V any] struct {
	m     map[K]V
	used  map[K]uint64
	clock uint64
}

// get is k's entry, marked used now.
func (c *kept[K, V]) get(k K) (V, bool) {
	v, ok := c.m[k]
	if ok {
		c.clock++
		c.used[k] = c.clock
	}
	return v, ok
}

// put keeps v under k, drawn the serials of the views drawn last.
func (c *kept[K, V]) put(k K, v V, drawn []uint64) V {
	if c.m == nil {
		c.m, c.used = map[K]V{}, map[K]uint64{}
	}
	if _, ok := c.m[k]; !ok && len(c.m) >= maxCached {
		c.drop(c.leastUsed(drawn))
	}
	c.m[k] = v
	c.clock++
	c.used[k] = c.clock
	return v
}

// leastUsed is the entry to drop.
func (c *kept[K, V]) leastUsed(drawn []uint64) K {
	var out K
	found, outDrawn := false, false
	for k := range c.m {
		d := slices.Contains(drawn, k.viewSerial())
		if !found || (outDrawn && !d) || (outDrawn == d && c.used[k] < c.used[out]) {
			out, outDrawn, found = k, d, true
		}
	}
	return out
}

func (c *kept[K, V]) drop(k K) {
	delete(c.m, k)
	delete(c.used, k)
}

// dropUnless drops the entries whose key fails keep.
func (c *kept[K, V]) dropUnless(keep func(K) bool) {
	for k := range c.m {
		if !keep(k) {
			c.drop(k)
		}
	}
}

func (c *kept[K, V]) len() int { return len(c.m) }
