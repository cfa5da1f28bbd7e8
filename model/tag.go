package model

// Tag is what a point's marker shows beyond its coordinates, in a byte: its
// source (one of Sources, or none of them) and whether it is suspect. A
// view's pass keeps one per point beside the point's ID, so that the plot
// makes the shown curve's markers without reading the points a second
// time (docs/workbench-speed.md).
type Tag uint8

const (
	tagSourceBits Tag = 0x07 // the source's place in Sources; tagOtherSource for none
	tagSuspect    Tag = 0x80
	// tagOtherSource stands for a source that is none of Sources.
	tagOtherSource Tag = tagSourceBits
)

// TagOf is p's tag.
func TagOf(p *Point) Tag {
	t := tagOtherSource
	for i, s := range Sources {
		if p.Source == s {
			t = Tag(i)
			break
		}
	}
	if p.Suspect() {
		t |= tagSuspect
	}
	return t
}

// SourceIndex is the point's source's place in Sources; -1 for a source
// that is none of them.
func (t Tag) SourceIndex() int {
	if i := t & tagSourceBits; i != tagOtherSource {
		return int(i)
	}
	return -1
}

// Suspect is Point.Suspect of the tagged point.
func (t Tag) Suspect() bool { return t&tagSuspect != 0 }
