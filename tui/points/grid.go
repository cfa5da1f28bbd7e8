package points

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/sweeptune/sweeptune/themes"
)

// grid is the table: bubbles' table key map and columns, but it renders
// only the visible rows, one string per row. bubbles' table renders twice
// the height through lipgloss cell by cell on every cursor move, about
// 2 ms per move at 60 rows, which broke the 10 ms key-press budget with
// 10,000 points.
type grid struct {
	keys   table.KeyMap
	cols   []table.Column
	n      int                 // rows
	row    func(int) table.Row // row r's cells, made when drawn
	cursor int
	offset int
	height int // body rows (header excluded)
	// first draws column 0 of a row at render time (marks, cursor), so a
	// mark or a cursor move touches no row data.
	first func(row int, cursor bool) string
	// slugs name the shown curve as IDs' curve tags do (tagSlugs).
	slugs []string
	// idCells are the rows' IDs as the point column shows them, made when
	// first drawn at width idW ("" not yet).
	idCells *lazyCells[string]
	idW     int
}

// SetRows says the table has n rows (g.row gives each).
func (g *grid) SetRows(n int) {
	g.n = n
	g.idCells = newLazyCells[string](n)
	g.SetCursor(g.cursor)
}

// idCell is row r's ID fitted to w cells (cellID), cached.
func (g *grid) idCell(r, w int) string {
	if w != g.idW || g.idCells == nil || g.idCells.Len() != g.n {
		g.idCells, g.idW = newLazyCells[string](g.n), w
	}
	c := g.idCells.at(r)
	if *c == "" {
		*c = cellID(g.row(r)[colID], g.slugs, w)
	}
	return *c
}

// SetCursor moves the cursor, scrolling as little as possible.
func (g *grid) SetCursor(c int) {
	g.cursor = min(max(c, 0), max(g.n-1, 0))
	if g.cursor < g.offset {
		g.offset = g.cursor
	}
	if h := max(g.height, 1); g.cursor >= g.offset+h {
		g.offset = g.cursor - h + 1
	}
	g.offset = max(min(g.offset, g.n-g.height), 0)
}

func (g *grid) Cursor() int { return g.cursor }

// Update moves the cursor; it reports whether the key was a table key.
func (g *grid) Update(msg tea.KeyMsg) bool {
	k, h := g.keys, max(g.height, 1)
	switch {
	case key.Matches(msg, k.LineUp):
		g.SetCursor(g.cursor - 1)
	case key.Matches(msg, k.LineDown):
		g.SetCursor(g.cursor + 1)
	case key.Matches(msg, k.PageUp):
		g.SetCursor(g.cursor - h)
	case key.Matches(msg, k.PageDown):
		g.SetCursor(g.cursor + h)
	case key.Matches(msg, k.HalfPageUp):
		g.SetCursor(g.cursor - h/2)
	case key.Matches(msg, k.HalfPageDown):
		g.SetCursor(g.cursor + h/2)
	case key.Matches(msg, k.GotoTop):
		g.SetCursor(0)
	case key.Matches(msg, k.GotoBottom):
		g.SetCursor(g.n - 1)
	default:
		return false
	}
	return true
}

// View is the header and the visible rows; the cursor row is styled and,
// for colourless terminals, carries › in its first cell.
func (g *grid) View(st themes.Styles) string {
	var b strings.Builder
	b.WriteString(st.TableHeader.Render(g.line(func(i int) string { return g.cols[i].Title })))
	end := min(g.offset+g.height, g.n)
	for r := g.offset; r < end; r++ {
		row, rr := g.row(r), r
		line := g.line(func(i int) string {
			switch {
			case i == 0 && g.first != nil:
				return g.first(rr, rr == g.cursor)
			case i == colID:
				return g.idCell(rr, g.cols[colID].Width)
			}
			return row[i]
		})
		b.WriteByte('\n')
		if r == g.cursor {
			b.WriteString(st.TableSelected.Render(line))
		} else {
			b.WriteString(st.TableCell.Render(line))
		}
	}
	return b.String()
}

// line lays out one row's cells in their column widths, a space apart.
func (g *grid) line(cell func(i int) string) string {
	var b strings.Builder
	for i, c := range g.cols {
		if c.Width <= 0 {
			continue
		}
		v := cell(i)
		w := ansi.StringWidth(v)
		if w > c.Width {
			v = ansi.Truncate(v, c.Width-1, "") + "…"
			w = c.Width
		}
		b.WriteString(v)
		b.WriteString(strings.Repeat(" ", c.Width-w+1))
	}
	return b.String()
}
