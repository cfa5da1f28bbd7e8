package render

import (
	"bufio"
	"io"

	"github.com/sweeptune/sweeptune/model"
)

// WriteCompare writes Compare(…).Plain() to w, each curve's table of gains
// worded into one buffer (kept from curve to curve) and laid out from it
// a row at a time as it is written, not made into a string a cell and a
// line a row and then one text: a million gains leave next to no garbage.
func WriteCompare(w io.Writer, other string, x, y model.Axis, curves []model.CurveGains, noise map[model.CurveKey]model.Noise, projs []model.Projection) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var c cells
	var err error
	written := 0 // d's lines already written: the first stands for a table's last once one is
	d := compareDoc(other, x, y, curves, noise, projs, func(d *Doc, cg model.CurveGains, mn model.MetricNoise) []float64 {
		header, right, shortS := compareCells(&c, cg, x, y, mn)
		// the lines before the table end with the curve's name: none of
		// them is a trailing blank line that Plain would drop
		writeLines(bw, d.Lines[written:])
		if err == nil {
			err = c.writePlain(bw, header, right)
		}
		// the table's last line is never blank, which Doc.Blank reads
		d.Lines, written = append(d.Lines[:0], Line{P("")}), 1
		return shortS
	})
	if err != nil {
		return err
	}
	lines := d.Lines[written:]
	for len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	writeLines(bw, lines)
	return bw.Flush()
}

// writeLines writes lines as Doc.Plain writes them.
func writeLines(w *bufio.Writer, lines []Line) {
	for _, l := range lines {
		for _, s := range l {
			w.WriteString(s.Text)
		}
		w.WriteByte('\n')
	}
}
