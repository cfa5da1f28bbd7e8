package render

import (
	"bufio"
	"io"
	"strings"

	"github.com/sweeptune/sweeptune/internal/par"
)

// reportBatch is how many curves WriteReport words at once, on every
// core, before it writes them in order.
const reportBatch = 64

// WriteReport writes Report(curves, o).Plain() to w a batch of curves at
// a time, each batch worded on every core: a report of 100,000 curves
// (a plot each) no longer stands whole in memory, twice (its lines, then
// its text), before the first byte is written.
func WriteReport(w io.Writer, curves []ReportCurve, o ReportOptions) error {
	if len(curves) == 0 {
		_, err := io.WriteString(w, Report(nil, o).Plain())
		return err
	}
	rivals := newReportRivals(curves)
	bw := bufio.NewWriterSize(w, 1<<16)
	type part struct {
		text   string // the curve's lines up to its last that is not blank
		blanks int    // the blank lines after it
	}
	parts := make([]part, reportBatch)
	fns := make([]func(), 0, reportBatch)
	blanks := 0 // held back: Plain drops the document's trailing blank lines
	for lo := 0; lo < len(curves); lo += reportBatch {
		batch := curves[lo:min(lo+reportBatch, len(curves))]
		fns = fns[:0]
		for i := range batch {
			fns = append(fns, func() {
				d := reportCurveDoc(batch[i], rivals, o)
				n := len(d.Lines)
				for n > 0 && len(d.Lines[n-1]) == 0 {
					n--
				}
				parts[i] = part{d.Plain(), len(d.Lines) - n}
			})
		}
		par.Do(fns...)
		for i := range batch {
			if parts[i].text == "" {
				blanks += parts[i].blanks
				continue
			}
			bw.WriteString(strings.Repeat("\n", blanks))
			if _, err := bw.WriteString(parts[i].text); err != nil {
				return err
			}
			blanks = parts[i].blanks
		}
	}
	return bw.Flush()
}
