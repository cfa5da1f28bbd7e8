package render

import (
	"strings"
	"unicode/utf8"
)

// Table is aligned text columns: a header, a rule and the rows. Right
// right-aligns a column (numbers). Cells pad by runes, so ─, × and ✓ count
// as one cell each. A row's Class styles the whole row.
type Table struct {
	Header []string
	Right  []bool
	Rows   [][]string
	// RowClass, when set, gives row i its class (a NOT-covered verdict).
	RowClass []Class
}

// AddRow appends a row of cells.
func (t *Table) AddRow(cells ...string) { t.Rows = append(t.Rows, cells) }

// Lines renders the table: header (bold), rule (muted), rows.
func (t Table) Lines() []Line {
	widths := make([]int, len(t.Header))
	for i, h := range t.Header {
		widths[i] = utf8.RuneCountInString(h)
	}
	for _, r := range t.Rows {
		for i := range r {
			if i < len(widths) {
				widths[i] = max(widths[i], utf8.RuneCountInString(r[i]))
			}
		}
	}
	out := make([]Line, 0, len(t.Rows)+2)
	out = append(out, Line{S(Bold, t.row(t.Header, widths))})
	rule := make([]string, len(widths))
	for i, w := range widths {
		rule[i] = strings.Repeat("─", w)
	}
	out = append(out, Line{S(Muted, t.row(rule, widths))})
	for i, r := range t.Rows {
		c := Plain
		if i < len(t.RowClass) {
			c = t.RowClass[i]
		}
		out = append(out, Line{S(c, t.row(r, widths))})
	}
	return out
}

// Table appends the table's lines to d.
func (d *Doc) Table(t Table) { d.Lines = append(d.Lines, t.Lines()...) }

func (t Table) row(cells []string, widths []int) string {
	var b strings.Builder
	for i, w := range widths {
		cell := ""
		if i < len(cells) {
			cell = cells[i]
		}
		pad := strings.Repeat(" ", max(w-utf8.RuneCountInString(cell), 0))
		if i > 0 {
			b.WriteString("  ")
		}
		switch {
		case i < len(t.Right) && t.Right[i]:
			b.WriteString(pad + cell)
		case i < len(widths)-1:
			b.WriteString(cell + pad)
		default:
			b.WriteString(cell)
		}
	}
	return strings.TrimRight(b.String(), " ")
}
