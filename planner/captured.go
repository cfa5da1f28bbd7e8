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
//
// Written out (TestCapturedSizesAreSGLangs checks them against the ranges
// above): a list built by appending is work at every run's start-up.
var capturedSizes = []int{
	1, 2, 4, 8, 12,
	16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256,
	272, 288, 304, 320, 336, 352, 368, 384, 400, 416, 432, 448, 464, 480, 496,
	512, 544, 576, 608, 640, 672, 704, 736, 768, 800, 832, 864, 896, 928, 960, 992, 1024,
}

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
