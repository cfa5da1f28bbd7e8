package export

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/srt"
)

// apply rebuilds both sides from an edit script.
func apply(edits []edit) (a, b string) {
	var sa, sb strings.Builder
	for _, e := range edits {
		if e.op != opAdd {
			sa.WriteString(e.line)
		}
		if e.op != opDel {
			sb.WriteString(e.line)
		}
	}
	return sa.String(), sb.String()
}

func TestUnifiedDiff(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n"
	new := "a\nb\nc\nD\ne\nf\ng\nh\ni\nj\nk\nl\n"
	want := `--- a/x.yaml
+++ b/x.yaml
@@ -1,7 +1,7 @@
 a
 b
 c
-d
+D
 e
 f
 g
@@ -9,3 +9,4 @@
 i
 j
 k
+l
`
	if got := UnifiedDiff("x.yaml", old, new); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if UnifiedDiff("x", old, old) != "" {
		t.Error("equal inputs must give no diff")
	}
}

func TestUnifiedDiffNoNewline(t *testing.T) {
	got := UnifiedDiff("f", "x", "x\ny\n")
	want := "--- a/f\n+++ b/f\n@@ -1 +1,2 @@\n-x\n\\ No newline at end of file\n+x\n+y\n"
	if got != want {
		t.Errorf("got %q", got)
	}
}

func TestDiffMinimal(t *testing.T) {
	a := srt.SplitLines("x\na\nb\nc\ny\n")
	b := srt.SplitLines("a\nb\nz\nc\n")
	edits := diffLines(a, b)
	n := 0
	for _, e := range edits {
		if e.op != opKeep {
			n++
		}
	}
	// LCS is a,b,c: 2 deletions (x, y) and 1 insertion (z).
	if n != 3 {
		t.Errorf("%d changes, want 3: %v", n, edits)
	}
}

func FuzzDiff(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nc\nd\n")
	f.Add("", "x")
	f.Add("same\n", "same\n")
	f.Fuzz(func(t *testing.T, a, b string) {
		ga, gb := apply(diffLines(srt.SplitLines(a), srt.SplitLines(b)))
		if ga != a || gb != b {
			t.Fatalf("edit script does not rebuild the inputs")
		}
		_ = UnifiedDiff("f", a, b)
	})
}
