package srt

import (
	"path/filepath"
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

// ModelName turns a local model path into its Hugging Face name
// (…/models--openai--gpt-oss-120b/snapshots/… → openai/gpt-oss-120b).
func ModelName(id string) string {
	for _, part := range strings.Split(filepath.ToSlash(id), "/") {
		if rest, ok := strings.CutPrefix(part, "models--"); ok {
			return strings.Replace(rest, "--", "/", 1)
		}
	}
	if strings.HasPrefix(id, "/") {
		return filepath.Base(strings.TrimRight(id, "/"))
	}
	return id
}
