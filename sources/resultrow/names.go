package resultrow

import "strings"

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
