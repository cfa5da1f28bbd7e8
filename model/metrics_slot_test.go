package model

import "testing"

// Every metric has a slot of its own, the y axes and the interactivities
// in the first eight (beside the presence mask), and each value comes back
// from its own slot.
func TestMetricSlotsArePermutation(t *testing.T) {
	var seen [NumMetrics]bool
	for m := Metric(0); m < NumMetrics; m++ {
		if seen[slot[m]] {
			t.Fatalf("slot %d given twice", slot[m])
		}
		seen[slot[m]] = true
	}
	for _, m := range append([]Metric{MeanIntvty, MedianIntvty, P90Intvty}, func() (ms []Metric) {
		for _, a := range YAxes {
			ms = append(ms, a.Metric)
		}
		return ms
	}()...) {
		if slot[m] >= 8 {
			t.Errorf("metric %d at slot %d: not among the first eight", m, slot[m])
		}
	}
	var ms Metrics
	for m := Metric(0); m < NumMetrics; m++ {
		ms.Set(m, float64(m)+0.5)
	}
	for m := Metric(0); m < NumMetrics; m++ {
		if v, ok := ms.Get(m); !ok || v != float64(m)+0.5 {
			t.Fatalf("metric %d: got %v %v", m, v, ok)
		}
	}
}
