package render

import (
	"bufio"
	"io"

	"github.com/sweeptune/sweeptune/internal/par"
)

// reportBatch is how many curves WriteReport words at once, on every
// core, before it writes them in order; reportBatchPoints ends a batch
// sooner, once its curves hold that many points (a batch's cells stand
// in memory until they are written).
const (
	reportBatch       = 64
	reportBatchPoints = 1 << 16
)

// WriteReport writes Report(curves, o).Plain() to w a batch of curves at
// a time, each batch worded on every core: a report of 100,000 curves
// (a plot each) no longer stands whole in memory, twice (its lines, then
// its text), before the first byte is written. A curve's table is worded
// into one buffer, kept from batch to batch, and laid out from it a row
// at a time as it is written: a million rows leave next to no garbage.
func WriteReport(w io.Writer, curves []ReportCurve, o ReportOptions) error {
	if len(curves) == 0 {
		_, err := io.WriteString(w, Report(nil, o).Plain())
		return err
	}
	rivals := newReportRivals(curves)
	bw := bufio.NewWriterSize(w, 1<<16)
	parts := make([]reportPart, reportBatch)
	fns := make([]func(), 0, reportBatch)
	blanks := 0 // held back: Plain drops the document's trailing blank lines
	for lo := 0; lo < len(curves); {
		hi, points := lo, 0
		for hi < len(curves) && hi-lo < reportBatch && (hi-lo < 2 || points < reportBatchPoints) {
			points += len(curves[hi].Points)
			hi++
		}
		batch := curves[lo:hi]
		lo = hi
		fns = fns[:0]
		for i := range batch {
			fns = append(fns, func() { parts[i].word(batch[i], rivals, o) })
		}
		par.Do(fns...)
		for i := range batch {
			// a curve's part starts with its key's line: never blank
			for range blanks {
				bw.WriteByte('\n')
			}
			if err := parts[i].write(bw); err != nil {
				return err
			}
			blanks = parts[i].blanks
		}
	}
	return bw.Flush()
}

// reportPart is one curve's part of the report, worded, to be written:
// reportCurveDoc(rc, rivals, o).Plain() but its trailing blank lines,
// which it counts. Its memory is kept for the next curve.
type reportPart struct {
	key    string
	table  cells
	header []string
	right  []bool
	tail   []byte // the lines after the table, up to the last not blank
	blanks int    // the blank lines after them
}

func (p *reportPart) word(rc ReportCurve, rivals reportRivals, o ReportOptions) {
	p.key = rc.Key.String()
	var onX, onXY int
	p.header, p.right, onX, onXY = pointsTableCells(&p.table, rc, o.X, o.Y)
	// the first line stands for the table's last, which is never blank:
	// Doc.Blank reads it
	tail := Doc{Lines: []Line{{P("")}}}
	reportCurveTail(&tail, rc, rivals, o, onX, onXY)
	lines := tail.Lines[1:]
	n := len(lines)
	for n > 0 && len(lines[n-1]) == 0 {
		n--
	}
	p.tail = p.tail[:0]
	for _, l := range lines[:n] {
		for _, s := range l {
			p.tail = append(p.tail, s.Text...)
		}
		p.tail = append(p.tail, '\n')
	}
	p.blanks = len(lines) - n
}

func (p *reportPart) write(w *bufio.Writer) error {
	w.WriteString(p.key)
	w.WriteByte('\n')
	if err := p.table.writePlain(w, p.header, p.right); err != nil {
		return err
	}
	_, err := w.Write(p.tail)
	return err
}
