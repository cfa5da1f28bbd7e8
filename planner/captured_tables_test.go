package planner

import (
	"slices"
	"testing"
)

// The written-out capture list is SGLang's ranges up to 1024.
func TestCapturedSizesAreSGLangs(t *testing.T) {
	want := []int{1, 2, 4, 8, 12}
	for b := 16; b <= 256; b += 8 {
		want = append(want, b)
	}
	for b := 272; b < 512; b += 16 {
		want = append(want, b)
	}
	for b := 512; b <= 1024; b += 32 {
		want = append(want, b)
	}
	if !slices.Equal(capturedSizes, want) {
		t.Errorf("capturedSizes = %v\nwant %v", capturedSizes, want)
	}
}
