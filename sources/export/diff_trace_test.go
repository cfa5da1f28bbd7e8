package export

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// myersWhole is myers as it was, keeping the whole of v at every step.
func myersWhole(a, b []string) []edit {
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
		snap := make([]int, len(v))
		copy(snap, v)
		trace = append(trace, snap)
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
	// Walk back through the snapshots (trace[d] holds v before step d).
	var rev []edit
	x, y := n, m
	for d := found; d > 0; d-- {
		pv := trace[d]
		k := x - y
		var prevK int
		if k == -d || (k != d && pv[offset+k-1] < pv[offset+k+1]) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := pv[offset+prevK]
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

// myers keeps a step's window of v only, and finds the same edit script as
// keeping all of it, on random line lists that share most lines.
func TestMyersTraceWindowSameScript(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	words := []string{"a\n", "b\n", "c\n", "d\n", "  e: 1\n", "\n"}
	gen := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = words[r.IntN(len(words))]
		}
		return out
	}
	for range 3000 {
		a := gen(r.IntN(30))
		b := slices.Clone(a)
		for range r.IntN(8) {
			switch i := r.IntN(len(b) + 1); r.IntN(3) {
			case 0:
				b = slices.Insert(b, i, words[r.IntN(len(words))])
			case 1:
				if i < len(b) {
					b = slices.Delete(b, i, i+1)
				}
			default:
				if i < len(b) {
					b[i] = words[r.IntN(len(words))]
				}
			}
		}
		if r.IntN(4) == 0 {
			b = gen(r.IntN(30))
		}
		if got, want := myers(a, b), myersWhole(a, b); !slices.Equal(got, want) {
			t.Fatalf("myers(%q, %q) = %v, keeping all of v gives %v", a, b, got, want)
		}
	}
}
