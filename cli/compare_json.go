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

// writeCompareDoc writes what writeDoc(w, doc, warnings) writes, the points
// appended one by one into a buffer passed on a megabyte at a time: at a
// million points writeDoc's whole-document marshal and indent cost most of
// the command's CPU and three copies of the document. The rest of the
// document (axes, noise, warnings) goes through writeDoc's own steps.
func writeCompareDoc(w io.Writer, doc compareDoc, warnings []string) error {
	for i := range doc.Points {
		if !doc.Points[i].FiniteJSON() {
			return writeDoc(w, doc, warnings) // its error, as before
		}
	}
	// The document without its points, split where they go.
	points := doc.Points
	doc.Points = []model.PointGain{}
	var rest bytes.Buffer
	if err := writeDoc(&rest, doc, warnings); err != nil {
		return err
	}
	const empty = `"points": []`
	at := bytes.Index(rest.Bytes(), []byte(empty))
	if len(points) == 0 || at < 0 {
		_, err := w.Write(rest.Bytes())
		return err
	}
	at += len(empty) - 1
	buf := append(make([]byte, 0, 1<<20+4096), rest.Bytes()[:at]...)
	for i := range points {
		buf = append(buf, "\n    "...)
		buf, _ = points[i].AppendJSONIndented(buf, "    ", "  ")
		if i < len(points)-1 {
			buf = append(buf, ',')
		}
		if len(buf) >= 1<<20 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	buf = append(append(buf, "\n  "...), rest.Bytes()[at:]...)
	_, err := w.Write(buf)
	return err
}
