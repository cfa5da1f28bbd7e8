package model

import "testing"

// A tag gives back the source's place in Sources (-1 for any other) and
// whether the point is suspect, admitted or not.
func TestTagOf(t *testing.T) {
	sources := append(append([]Source(nil), Sources...), "", "elsewhere")
	for _, src := range sources {
		for _, sus := range []*Suspicion{nil, {Rule: RuleImplausible}, {Rule: RuleErrors, Admitted: true}} {
			p := Point{Source: src, Suspicion: sus}
			tag := TagOf(&p)
			want := -1
			for i, s := range Sources {
				if s == src {
					want = i
				}
			}
			if tag.SourceIndex() != want || tag.Suspect() != p.Suspect() {
				t.Fatalf("source %q, suspicion %v: tag gives source %d, suspect %v; want %d, %v", src, sus, tag.SourceIndex(), tag.Suspect(), want, p.Suspect())
			}
		}
	}
}
