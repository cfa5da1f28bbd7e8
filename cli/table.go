package cli

import (
	"strings"
	"unicode/utf8"
)

// textTable renders rows as aligned text columns. right[i] right-aligns column i
// (numbers). Cells are padded by display width, not bytes.
func textTable(header []string, rows [][]string, right []bool) string {
	widths := make([]int, len(header))
	for i, h := range header {
		widths[i] = utf8.RuneCountInString(h)
	}
	for _, r := range rows {
		for i := range r {
			if i < len(widths) {
				widths[i] = max(widths[i], utf8.RuneCountInString(r[i]))
			}
		}
	}
	var b strings.Builder
	line := func(cells []string) {
		for i := range widths {
			cell := ""
			if i < len(cells) {
				cell = cells[i]
			}
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell))
			if i > 0 {
				b.WriteString("  ")
			}
			if i < len(right) && right[i] {
				b.WriteString(pad + cell)
			} else if i < len(widths)-1 {
				b.WriteString(cell + pad)
			} else {
				b.WriteString(cell)
			}
		}
		b.WriteString("\n")
	}
	line(header)
	rule := make([]string, len(header))
	for i, w := range widths {
		rule[i] = strings.Repeat("─", w)
	}
	line(rule)
	for _, r := range rows {
		line(r)
	}
	return b.String()
}
