package export

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// isStaleTemp does what the pattern it replaces did.
func TestIsStaleTempIsThePattern(t *testing.T) {
	re := regexp.MustCompile(`^\..+\.tmp-[0-9]+$`)
	check := func(s string) {
		t.Helper()
		if got, want := isStaleTemp(s), re.MatchString(s); got != want {
			t.Fatalf("isStaleTemp(%q) = %v, the pattern says %v", s, got, want)
		}
	}
	for _, s := range []string{"", ".a.tmp-1", "..tmp-1", ".a.tmp-", "a.tmp-1", ".recipe.yaml.tmp-123456", ".a\n.tmp-1", ".a.tmp-1\n", ".a.tmp-1x", ".a.tmp-.tmp-2", ". .tmp-0"} {
		check(s)
	}
	letters := ".tmp-1\na"
	var walk func(prefix []byte)
	walk = func(prefix []byte) {
		check(string(prefix))
		if len(prefix) == 7 {
			return
		}
		for i := 0; i < len(letters); i++ {
			walk(append(prefix, letters[i]))
		}
	}
	walk(nil)
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		b := make([]byte, r.IntN(20))
		for i := range b {
			b[i] = (letters + "9x")[r.IntN(len(letters)+2)]
		}
		check(string(b))
	}
}
