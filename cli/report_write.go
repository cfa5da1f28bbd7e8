package cli

import (
	"bufio"
	"encoding/json"
	"io"
)

// writeReportJSON prints the report with one compact line per point: as
// readable as indented JSON for a few points, and fast for 100,000.
func writeReportJSON(w io.Writer, rep reportJSON) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	line := func(indent string, v any, tail string) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		bw.WriteString(indent)
		bw.Write(b)
		bw.WriteString(tail)
		return nil
	}
	bw.WriteString("{\n  \"axis\": ")
	line("", rep.Axis, ",\n  \"curves\": [")
	for ci, c := range rep.Curves {
		if ci > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n    {\n      \"key\": ")
		line("", c.Key, ",\n      \"points\": [")
		for pi := range c.Points {
			sep := ","
			if pi == len(c.Points)-1 {
				sep = ""
			}
			if err := line("\n        ", c.Points[pi], sep); err != nil {
				return err
			}
		}
		if len(c.Points) > 0 {
			bw.WriteString("\n      ")
		}
		bw.WriteString("]\n    }")
	}
	if len(rep.Curves) > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("],\n  \"warnings\": ")
	line("", rep.Warnings, "\n}\n")
	return bw.Flush()
}
