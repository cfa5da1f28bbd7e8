package demo

import "testing"

// BenchmarkDemoLoad loads the embedded demo, the start of every README
// example. Run with GOGC=off (and a bounded -benchtime) to see what a
// one-shot command pays: no collection, fresh memory for every run.
func BenchmarkDemoLoad(b *testing.B) {
	for b.Loop() {
		if ds := Load(); len(ds.Points) == 0 {
			b.Fatal("no points")
		}
	}
}
