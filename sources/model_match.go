package sources

import (
	"strings"
)

// A recipe variant gives knobs only to results of its own model: a
// directory of recipes for many models runs many of them at the same
// concurrency, and a result joined to another model's recipe would get its
// GPUs, and so wrong per-GPU throughput, without a word.

// sameModel reports whether a result's model may be the one a recipe names:
// true when either is unknown, or when one name (lower case, last path part,
// "deepseek" spelt "ds" as InferenceX's prefixes do, punctuation dropped)
// contains the other, or both start alike and part where at most one goes on
// with a digit (dsr1-fp8 and DeepSeek-R1-0528, but not Qwen3-0.6B and
// Qwen3.5: another version). A false "no" is said (no GPU count); a false
// "yes" would not be.
func sameModel(result string, recipe []string) bool {
	r := modelKey(result)
	if r == "" || len(recipe) == 0 {
		return true
	}
	for _, name := range recipe {
		k := modelKey(name)
		if k == "" || strings.Contains(r, k) || strings.Contains(k, r) {
			return true
		}
		if n := commonPrefix(r, k); n >= 4 && !(isDigit(r[n]) && isDigit(k[n])) {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func modelKey(name string) string {
	s := strings.ToLower(strings.TrimSpace(name))
	s = strings.TrimPrefix(s, "hf:")
	s = strings.TrimRight(s, "/")
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	s = strings.ReplaceAll(s, "deepseek", "ds")
	var b strings.Builder
	for _, c := range s {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
