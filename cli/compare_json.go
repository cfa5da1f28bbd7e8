package cli

import (
	"bytes"
	"io"

	"github.com/sweeptune/sweeptune/model"
)

// compareDoc is compare --json's document.
type compareDoc struct {
	Axis   string              `json:"axis"`
	YAxis  string              `json:"y_axis"`
	Points []model.PointGain   `json:"points"`
	Noise  []compareCurveNoise `json:"noise"`
}

type compareCurveNoise struct {
	Curve model.CurveKey     `json:"curve"`
	Noise *model.MetricNoise `json:"noise"` // the y metric's spread; null: none known
}

// writeCompareDoc writes what writeDoc(w, doc, warnings) writes with the
// curves' gains as doc's points, the gains appended one by one into a
// buffer passed on a megabyte at a time (each curve's member made once for
// its gains, model.GainsIndented): at a million points writeDoc's
// whole-document marshal and indent cost most of the command's CPU, and
// three copies of the document besides the gains gathered in one list. The
// rest of the document (axes, noise, warnings) goes through writeDoc.
func writeCompareDoc(w io.Writer, doc compareDoc, curves []model.CurveGains, warnings []string) error {
	doc.Points = []model.PointGain{}
	n := 0
	for _, c := range curves {
		for i := range c.Gains {
			if !c.Gains[i].FiniteJSON() {
				for _, c := range curves {
					doc.Points = append(doc.Points, c.Gains...)
				}
				return writeDoc(w, doc, warnings) // its error, as before
			}
		}
		n += len(c.Gains)
	}
	// The document without its points, split where they go.
	var rest bytes.Buffer
	if err := writeDoc(&rest, doc, warnings); err != nil {
		return err
	}
	const empty = `"points": []`
	at := bytes.Index(rest.Bytes(), []byte(empty))
	if n == 0 || at < 0 {
		_, err := w.Write(rest.Bytes())
		return err
	}
	at += len(empty) - 1
	if _, err := w.Write(rest.Bytes()[:at]); err != nil {
		return err
	}
	// A megabyte of gains whose strings were all written as they are is
	// printable ASCII: the terminal filter would pass it as it is, and is
	// told so (escapedWriter) instead of reading it again.
	ew, canSkip := w.(escapedWriter)
	gi := model.GainsIndented{Prefix: "    ", Indent: "  "}
	buf := make([]byte, 0, 1<<20+4096)
	plain := true
	flush := func() error {
		var err error
		if plain && canSkip {
			_, err = ew.WriteEscaped(buf)
		} else {
			_, err = w.Write(buf)
		}
		buf, plain = buf[:0], true
		return err
	}
	for _, c := range curves {
		for i := range c.Gains {
			buf = append(buf, "\n    "...)
			var p bool
			buf, _, p = gi.Append(buf, &c.Gains[i])
			plain = plain && p
			if n--; n > 0 {
				buf = append(buf, ',')
			}
			if len(buf) >= 1<<20 {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	buf = append(buf, "\n  "...)
	if err := flush(); err != nil {
		return err
	}
	_, err := w.Write(rest.Bytes()[at:])
	return err
}
