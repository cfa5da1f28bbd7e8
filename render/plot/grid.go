package plot

import "strings"

// grid is a fixed-size rune canvas with a class per cell.
type grid struct {
	runes  [][]rune
	class  [][]uint8
	weight []uint8 // per cell: the weight of the marker drawn there, 0 none
	w      int
}

func newGrid(w, h int) *grid {
	g := &grid{runes: make([][]rune, h), class: make([][]uint8, h), weight: make([]uint8, w*h), w: w}
	for r := range g.runes {
		g.runes[r] = []rune(strings.Repeat(" ", w))
		g.class[r] = make([]uint8, w)
	}
	return g
}

func (g *grid) set(r, c int, ch rune, class uint8) {
	if r < 0 || r >= len(g.runes) || c < 0 || c >= len(g.runes[r]) {
		return
	}
	g.runes[r][c] = ch
	g.class[r][c] = class
}

func (g *grid) text(r, c int, s string, class uint8) {
	for _, ch := range s {
		g.set(r, c, ch, class)
		c++
	}
}

// overlay copies an asciigraph rendering onto the grid: the axis and labels
// from the first series, the line cells of every series with its class.
func (g *grid) overlay(out string, prefix int, axisDone bool, class uint8, bodyRows int) {
	for r, line := range strings.Split(out, "\n") {
		if r >= bodyRows {
			break
		}
		for c, ch := range []rune(line) {
			if c < prefix {
				if !axisDone {
					g.set(r, c, ch, ClassAxis)
				}
				continue
			}
			if ch != ' ' {
				g.set(r, c, ch, class)
			}
		}
	}
}

// yAxis draws labels and the axis when no series had a line to draw.
func (g *grid) yAxis(prefix, bodyRows int, sc *scale) {
	for r := 0; r < bodyRows && r <= sc.h; r++ {
		v := sc.ymax - float64(r)*(sc.ymax-sc.ymin)/float64(max(sc.h, 1))
		l := yLabel(v)
		g.text(r, prefix-2-len([]rune(l)), l, ClassAxis)
		g.set(r, prefix-1, '┤', ClassAxis)
	}
}

func (g *grid) canvas() Canvas {
	c := Canvas{Lines: make([]string, len(g.runes)), Class: g.class}
	for r, row := range g.runes {
		c.Lines[r] = string(row)
	}
	return c
}

// claim reports whether a marker of weight wt may be drawn at (r, c): the
// cell holds no marker of more weight. The cell is then the marker's.
func (g *grid) claim(r, c int, wt uint8) bool {
	if r < 0 || r >= len(g.runes) || c < 0 || c >= g.w {
		return false
	}
	i := r*g.w + c
	if g.weight[i] > wt {
		return false
	}
	g.weight[i] = wt
	return true
}
