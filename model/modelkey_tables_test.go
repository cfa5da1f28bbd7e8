package model

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// withoutPrecision does what the pattern it replaces did, on every short
// name over the letters that matter and on longer random ones.
func TestWithoutPrecisionIsThePattern(t *testing.T) {
	re := regexp.MustCompile(`(?i)-(?:fp4|fp8|mxfp4|nvfp4)(?:-.*)?$`)
	check := func(s string) {
		t.Helper()
		if got, want := withoutPrecision(s), re.ReplaceAllString(s, ""); got != want {
			t.Fatalf("withoutPrecision(%q) = %q, the pattern gives %q", s, got, want)
		}
	}
	for _, s := range []string{"", "dsr1", "dsr1-fp8", "deepseek-r1-0528-nvfp4-v2", "x-fp4", "x-fp48", "x-mxfp4-a-b", "-fp4", "a-fp4-\nb", "a-fp4\n", "a-nvfp4-fp8", "a--fp4"} {
		check(s)
	}
	letters := "-fp48mxnv\n"
	var walk func(prefix []byte)
	walk = func(prefix []byte) {
		check(string(prefix))
		if len(prefix) == 6 {
			return
		}
		for i := 0; i < len(letters); i++ {
			walk(append(prefix, letters[i]))
		}
	}
	walk(nil)
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, r.IntN(24))
		for i := range b {
			b[i] = (letters + "ab1")[r.IntN(len(letters)+3)]
		}
		check(string(b))
	}
}

// Each MODEL_TO_KEY name's lower-case form is written beside it.
func TestModelToKeyLowerIsLower(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range modelToKey {
		if e.lower != strings.ToLower(e.name) {
			t.Errorf("%q: lower %q, want %q", e.name, e.lower, strings.ToLower(e.name))
		}
		if seen[e.name] {
			t.Errorf("%q twice", e.name)
		}
		seen[e.name] = true
	}
}
