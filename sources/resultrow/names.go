package resultrow

import (
	"strconv"
	"strings"
)

// SeqScenario names a fixed-length scenario as InferenceX does: 1k1k, 8k1k.
func SeqScenario(isl, osl int) string {
	if isl <= 0 || osl <= 0 {
		return ""
	}
	return seqLen(isl) + seqLen(osl)
}

func seqLen(n int) string {
	if n%1024 == 0 {
		return strconv.Itoa(n/1024) + "k"
	}
	if n%1000 == 0 {
		return strconv.Itoa(n/1000) + "k"
	}
	return strconv.Itoa(n)
}

// NormHardware drops the runner decorations of result files
// ("cluster:h100-dgxc" → "h100") so local results share the published
// curve's hardware name.
func NormHardware(hw string) string {
	hw = strings.TrimPrefix(hw, "cluster:")
	if i := strings.IndexByte(hw, '-'); i > 0 {
		hw = hw[:i]
	}
	return hw
}
