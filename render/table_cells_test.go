package render

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"testing"
)

// A table laid out from its cells is the Table's lines as Doc.Plain
// writes them: cells of wide, multi-byte, invalid and empty text, trailing
// spaces (cut at the row's end only), right- and left-aligned columns.
func TestTableCellsAreTableLines(t *testing.T) {
	words := []string{"", " ", "a", "ab ", "12,345", "≈ 1,033,760", "–", "×✓─", "\xff\xfe", "frontier, hull vertex", "  x", "naïve"}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		cols := 1 + rng.IntN(6)
		tab := Table{Header: make([]string, cols), Right: make([]bool, rng.IntN(cols+1))}
		for k := range tab.Header {
			tab.Header[k] = words[rng.IntN(len(words))]
		}
		for k := range tab.Right {
			tab.Right[k] = rng.IntN(2) == 0
		}
		var c cells
		c.reset(cols, 0, 0)
		for range rng.IntN(20) {
			row := make([]string, cols)
			for k := range row {
				row[k] = words[rng.IntN(len(words))]
				c.add(row[k])
			}
			tab.Rows = append(tab.Rows, row)
		}
		var d Doc
		d.Table(tab)
		d.Add(P("end")) // Plain would drop a last row that is blank
		want := d.Plain()
		var got bytes.Buffer
		w := bufio.NewWriter(&got)
		if err := c.writePlain(w, tab.Header, tab.Right); err != nil {
			t.Fatal(err)
		}
		w.WriteString("end\n")
		w.Flush()
		if got.String() != want {
			t.Fatalf("trial %d: laid out from cells\n%q\nTable.Lines\n%q", trial, got.String(), want)
		}
	}
}
