package render

import (
	"bufio"
	"slices"
	"unicode/utf8"
)

// cells is a table's cells worded into one buffer, row after row, where a
// Table holds a string per cell and a slice per row: the text report lays
// out a million rows from it with next to no garbage.
type cells struct {
	buf  []byte
	ends []int32 // where each cell ends in buf
	cols int     // cells per row
}

// reset empties c for a table of cols columns, keeping its memory, with
// room for the ends of rows rows and bytes bytes of text.
func (c *cells) reset(cols, rows, bytes int) {
	c.buf, c.ends, c.cols = slices.Grow(c.buf[:0], bytes), slices.Grow(c.ends[:0], rows*cols), cols
}

// add appends a whole cell.
func (c *cells) add(s string) {
	c.buf = append(c.buf, s...)
	c.end()
}

// end ends the cell written into buf since the last one ended.
func (c *cells) end() { c.ends = append(c.ends, int32(len(c.buf))) }

func (c *cells) rows() int { return len(c.ends) / c.cols }

// cell is row r's cell k.
func (c *cells) cell(r, k int) []byte {
	i := r*c.cols + k
	start := int32(0)
	if i > 0 {
		start = c.ends[i-1]
	}
	return c.buf[start:c.ends[i]]
}

// writePlain writes the table's lines as Table{Header: header, Right:
// right, Rows: c's rows}.Lines() reads in Doc.Plain: the header, the rule,
// the rows, each padded by runes and its trailing spaces cut. A row at a
// time, so no text of the whole table is made.
func (c *cells) writePlain(w *bufio.Writer, header []string, right []bool) error {
	var head cells // the header and the rule under it
	head.reset(len(header), 2, 0)
	widths := make([]int, len(header))
	for i, h := range header {
		head.add(h)
		widths[i] = utf8.RuneCountInString(h)
	}
	n := c.rows()
	for r := range n {
		for k := range min(c.cols, len(widths)) {
			widths[k] = max(widths[k], utf8.RuneCount(c.cell(r, k)))
		}
	}
	for _, w := range widths {
		for range w {
			head.buf = append(head.buf, "─"...)
		}
		head.end()
	}
	line := head.appendRow(nil, 0, widths, right)
	line = head.appendRow(line, 1, widths, right)
	for r := range n {
		if _, err := w.Write(line); err != nil {
			return err
		}
		line = c.appendRow(line[:0], r, widths, right)
	}
	_, err := w.Write(line)
	return err
}

// appendRow appends row r laid out as Table.row, and a newline.
func (c *cells) appendRow(dst []byte, r int, widths []int, right []bool) []byte {
	start := len(dst)
	for i, w := range widths {
		var s []byte
		if i < c.cols {
			s = c.cell(r, i)
		}
		pad := max(w-utf8.RuneCount(s), 0)
		if i > 0 {
			dst = append(dst, "  "...)
		}
		switch {
		case i < len(right) && right[i]:
			dst = appendSpaces(dst, pad)
			dst = append(dst, s...)
		case i < len(widths)-1:
			dst = append(dst, s...)
			dst = appendSpaces(dst, pad)
		default:
			dst = append(dst, s...)
		}
	}
	for len(dst) > start && dst[len(dst)-1] == ' ' {
		dst = dst[:len(dst)-1]
	}
	return append(dst, '\n')
}

func appendSpaces(dst []byte, n int) []byte {
	for range n {
		dst = append(dst, ' ')
	}
	return dst
}

// table is c's rows as a Table with header and right: a string a cell.
func (c *cells) table(header []string, right []bool) Table {
	t := Table{Header: header, Right: right, Rows: make([][]string, c.rows())}
	for r := range t.Rows {
		row := make([]string, c.cols)
		for k := range row {
			row[k] = string(c.cell(r, k))
		}
		t.Rows[r] = row
	}
	return t
}
