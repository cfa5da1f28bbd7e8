package export

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// lcsLength is the length of a longest common subsequence of a and b,
// by the textbook table: what a shortest edit script keeps.
func lcsLength(a, b []string) int {
	row := make([]int, len(b)+1)
	for i := range a {
		prev := 0 // the table's value up and to the left
		for j := range b {
			cur := row[j+1]
			if a[i] == b[j] {
				row[j+1] = prev + 1
			} else {
				row[j+1] = max(row[j+1], row[j])
			}
			prev = cur
		}
	}
	return row[len(b)]
}

// checkScript reports what is wrong with script as a shortest edit script
// from a to b: its kept and deleted lines must spell a, its kept and added
// lines b, and it must keep as many lines as a longest common subsequence.
func checkScript(a, b []string, script []edit) string {
	var from, to []string
	kept := 0
	for _, e := range script {
		switch e.op {
		case opKeep:
			from, to = append(from, e.line), append(to, e.line)
			kept++
		case opDel:
			from = append(from, e.line)
		case opAdd:
			to = append(to, e.line)
		}
	}
	switch {
	case !slices.Equal(from, a):
		return "its kept and deleted lines are not the old text"
	case !slices.Equal(to, b):
		return "its kept and added lines are not the new text"
	case kept != lcsLength(a, b):
		return "it is not a shortest script"
	}
	return ""
}

// myers keeps a step's window of v only, and still finds a shortest edit
// script (checked against a longest common subsequence found by the
// textbook table), on random line lists that share most lines.
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
		if got := myers(a, b); checkScript(a, b, got) != "" {
			t.Fatalf("myers(%q, %q) = %v: %s", a, b, got, checkScript(a, b, got))
		}
	}
}
