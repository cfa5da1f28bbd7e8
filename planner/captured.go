package planner

// capturedSizes is SGLang's default decode CUDA-graph capture list without
// speculative decoding, from sgl-project/sglang
// python/sglang/srt/server_args.py, ServerArgs._generate_cuda_graph_batch_sizes:
//
//	[1, 2, 4, 8, 12] + range(16, 257, 8) + range(272, 512, 16) + range(512, max_bs+1, 32)
//
// listed here up to 1024. (With a speculative algorithm SGLang captures a
// finer list at small sizes, e.g. 18; a cap there is not rounded by SnapCap
// callers who pass an exact measured BS.)
var capturedSizes = func() []int {
	s := []int{1, 2, 4, 8, 12}
	for b := 16; b <= 256; b += 8 {
		s = append(s, b)
	}
	for b := 272; b < 512; b += 16 {
		s = append(s, b)
	}
	for b := 512; b <= 1024; b += 32 {
		s = append(s, b)
	}
	return s
}()

// CapturedSizes returns a copy of the captured CUDA-graph batch sizes.
func CapturedSizes() []int { return append([]int(nil), capturedSizes...) }

// SnapCap rounds bs UP to a captured size: a cap between two graphs pads to
// the larger one anyway. Sizes past the list are returned unchanged; bs < 1 gives 1.
func SnapCap(bs int) int {
	if bs < 1 {
		return 1
	}
	lo, hi := 0, len(capturedSizes)
	for lo < hi {
		m := (lo + hi) / 2
		if capturedSizes[m] < bs {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(capturedSizes) {
		return bs
	}
	return capturedSizes[lo]
}
