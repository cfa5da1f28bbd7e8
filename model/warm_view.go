package model

// WarmViewBlock is how many points a pass over a view's points asks for
// at once (WarmIDs) before it works on them.
const WarmViewBlock = 32

// WarmIDs reads the first and last byte of each point's ID, a block of
// points at once: a pass that works through each ID's bytes in turn
// waits on two misses an ID (the point, then the bytes, which lie
// anywhere); these reads are all on their way at once.
//
//go:noinline
func WarmIDs(refs []*Point) {
	n := 0
	for _, p := range refs {
		if id := p.ID; len(id) > 0 {
			n += int(id[0]) + int(id[len(id)-1])
		}
	}
	warmSink.Add(int64(n))
}
