package model

import "testing"

// Every metric has a slot of its own, the y axes and the interactivities
// among HotMetrics (the first slots) (beside the presence mask), and each value comes back
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
		if int(slot[m]) >= len(HotMetrics) {
			t.Errorf("metric %s at slot %d: not among HotMetrics, so not read fast", m.Name(), slot[m])
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

// HotMetrics hold the first slots in the order they are named, each once:
// which metrics are fast is that list, whatever the constants' order.
func TestHotMetricsTakeTheFirstSlots(t *testing.T) {
	seen := map[Metric]bool{}
	for i, m := range HotMetrics {
		if seen[m] || int(slot[m]) != i {
			t.Fatalf("%s: slot %d, want %d (named once)", m.Name(), slot[m], i)
		}
		seen[m] = true
	}
	if len(HotMetrics) > int(NumMetrics) {
		t.Fatalf("%d hot metrics of %d metrics", len(HotMetrics), NumMetrics)
	}
}
