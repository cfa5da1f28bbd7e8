package model

// WarmViewBlock is how many points a pass over a view asks for at once
// (WarmView) before it works on them.
const WarmViewBlock = 32

// WarmView reads a word of each cache line a pass over a view reads of
// each point all[i] of at (the run's length, the ID and source, the
// suspicion, the metrics present and the first metrics). A curve's points
// lie a page apart in a dump whose curves interleave; a pass whose work
// on a point is long asks for the next point only when done with this
// one, while these reads, short and independent, are all on their way at
// once. The sum means nothing; it is kept so that the reads stay.
//
//go:noinline
func WarmView(all []Point, at []int) {
	n := 0
	for _, i := range at {
		n += warmViewPoint(&all[i])
	}
	warmSink.Add(int64(n))
}

func warmViewPoint(p *Point) int {
	n := int(p.Prov.DurationS) + len(p.ID) + len(p.Source) + int(p.Metrics.has) + int(p.Metrics.vals[1]) + int(p.Metrics.vals[7])
	if p.Suspicion != nil {
		n++
	}
	return n
}

// WarmIDs reads the first and last byte of each point's ID, as WarmView
// reads the points: a pass that works through each ID's bytes in turn
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
