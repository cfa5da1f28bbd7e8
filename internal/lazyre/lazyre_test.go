package lazyre

import "testing"

// Compiled on first use only, once, and the forwarded methods answer as
// the compiled pattern does.
func TestCompiledOnFirstUseOnce(t *testing.T) {
	r := New(`c(\d+)`)
	if r.re != nil {
		t.Fatal("compiled before use")
	}
	if !r.MatchString("c16") || r.Match([]byte("x")) {
		t.Error("MatchString/Match")
	}
	first := r.re
	if got := r.FindStringSubmatch("3p c700"); len(got) != 2 || got[1] != "700" {
		t.Errorf("FindStringSubmatch = %q", got)
	}
	if r.re != first {
		t.Error("compiled twice")
	}
	if got := r.FindString("a c4 b"); got != "c4" {
		t.Errorf("FindString = %q", got)
	}
	if got := r.FindAllStringSubmatch("c1 c2", -1); len(got) != 2 || got[1][1] != "2" {
		t.Errorf("FindAllStringSubmatch = %q", got)
	}
	if got := r.ReplaceAllString("c8", "n$1"); got != "n8" {
		t.Errorf("ReplaceAllString = %q", got)
	}
}

func TestInvalidPatternPanicsOnUse(t *testing.T) {
	r := New(`(`)
	defer func() {
		if recover() == nil {
			t.Error("no panic on an invalid pattern")
		}
	}()
	r.MatchString("x")
}
