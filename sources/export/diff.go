package export

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/sources/srt"
)

// A small line diff (Myers' O(ND) algorithm) printing unified hunks, so the
// dry run shows exactly the lines export would change.

type editOp byte

const (
	opKeep editOp = ' '
	opDel  editOp = '-'
	opAdd  editOp = '+'
)

type edit struct {
	op   editOp
	line string
}

// maxEditDistance bounds the work on two unrelated files; past it the
// middle is shown as one replacement, which is still a correct diff.
const (
	maxEditDistance = 4000
	maxTraceCells   = 1 << 24
)

// diffLines returns the edit script turning a into b.
func diffLines(a, b []string) []edit {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var out []edit
	for _, l := range a[:pre] {
		out = append(out, edit{opKeep, l})
	}
	out = append(out, myers(a[pre:len(a)-suf], b[pre:len(b)-suf])...)
	for _, l := range a[len(a)-suf:] {
		out = append(out, edit{opKeep, l})
	}
	return out
}

func myers(a, b []string) []edit {
	n, m := len(a), len(b)
	max := n + m
	if max == 0 {
		return nil
	}
	offset := max + 1
	v := make([]int, 2*max+3)
	var trace [][]int
	found := -1
	for d := 0; d <= max && d <= maxEditDistance && (d+1)*len(v) <= maxTraceCells; d++ {
		// Step d reads and the walk back uses v[offset-d-1 : offset+d+2]
		// only: that much is kept of v before the step.
		lo := offset - d - 1
		trace = append(trace, slices.Clone(v[lo:lo+2*d+3]))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[offset+k-1] < v[offset+k+1]) {
				x = v[offset+k+1]
			} else {
				x = v[offset+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[offset+k] = x
			if x >= n && y >= m {
				found = d
				break
			}
		}
		if found >= 0 {
			break
		}
	}
	if found < 0 {
		out := make([]edit, 0, n+m)
		for _, l := range a {
			out = append(out, edit{opDel, l})
		}
		for _, l := range b {
			out = append(out, edit{opAdd, l})
		}
		return out
	}
	// Walk back through the snapshots (trace[d] holds v[offset-d-1:] before
	// step d: v[offset+i] is pv[i+d+1]).
	var rev []edit
	x, y := n, m
	for d := found; d > 0; d-- {
		pv := trace[d]
		k := x - y
		var prevK int
		if k == -d || (k != d && pv[k-1+d+1] < pv[k+1+d+1]) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := pv[prevK+d+1]
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x--
			y--
			rev = append(rev, edit{opKeep, a[x]})
		}
		if x == prevX {
			y--
			rev = append(rev, edit{opAdd, b[y]})
		} else {
			x--
			rev = append(rev, edit{opDel, a[x]})
		}
	}
	for x > 0 && y > 0 {
		x--
		y--
		rev = append(rev, edit{opKeep, a[x]})
	}
	out := make([]edit, len(rev))
	for i := range rev {
		out[i] = rev[len(rev)-1-i]
	}
	return out
}

// UnifiedDiff prints a unified diff of old → new with three lines of
// context, headed --- a/name +++ b/name. Equal inputs give "".
func UnifiedDiff(name, old, new string) string {
	if old == new {
		return ""
	}
	edits := diffLines(srt.SplitLines(old), srt.SplitLines(new))
	const ctx = 3
	var b strings.Builder
	name = strings.TrimPrefix(name, "/")
	fmt.Fprintf(&b, "--- a/%s\n+++ b/%s\n", name, name)
	// Line numbers before each edit.
	aLine, bLine := make([]int, len(edits)+1), make([]int, len(edits)+1)
	for i, e := range edits {
		aLine[i+1], bLine[i+1] = aLine[i], bLine[i]
		if e.op != opAdd {
			aLine[i+1]++
		}
		if e.op != opDel {
			bLine[i+1]++
		}
	}
	for i := 0; i < len(edits); {
		if edits[i].op == opKeep {
			i++
			continue
		}
		start := max(i-ctx, 0)
		end := i
		// Extend the hunk while the next change is within 2×ctx keeps.
		for end < len(edits) {
			if edits[end].op != opKeep {
				end++
				continue
			}
			j := end
			for j < len(edits) && edits[j].op == opKeep {
				j++
			}
			if j == len(edits) || j-end > 2*ctx {
				end = min(end+ctx, len(edits))
				break
			}
			end = j
		}
		aN, bN := aLine[end]-aLine[start], bLine[end]-bLine[start]
		fmt.Fprintf(&b, "@@ -%s +%s @@\n", hunkRange(aLine[start], aN), hunkRange(bLine[start], bN))
		for _, e := range edits[start:end] {
			b.WriteByte(byte(e.op))
			b.WriteString(e.line)
			if !strings.HasSuffix(e.line, "\n") {
				b.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return b.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
