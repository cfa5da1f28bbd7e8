package cli

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"

	"github.com/sweeptune/sweeptune/model"
)

// writeReportJSON prints the report with one compact line per point: as
// readable as indented JSON for a few points, and fast for 100,000. A
// point is model.Point's JSON plus on_frontier (and hull_vertex on the
// frontier); a projected run's provenance keeps its own length
// (projected_from_s) and measured metrics (raw), and a short run not
// projected says why (not_projected).
func writeReportJSON(w io.Writer, rep report) error {
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
	bw.WriteString("{\n  \"schema_version\": " + strconv.Itoa(schemaVersion) + ",\n  \"axis\": ")
	line("", rep.X.Name, ",\n  \"y_axis\": ")
	line("", rep.Y.Name, ",\n  \"curves\": [")
	var buf []byte
	for ci, c := range rep.Curves {
		if ci > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n    {\n      \"key\": ")
		line("", c.Key, ",\n      \"points\": [")
		projs := c.Projections()
		for pi := range c.Points {
			b, err := c.Points[pi].MarshalJSON()
			if err != nil {
				return err
			}
			buf = append(append(buf[:0], b[:len(b)-1]...), `,"on_frontier":`...)
			if c.OnFrontier[pi] {
				buf = append(buf, "true"...)
				if c.HullVertex[pi] {
					buf = append(buf, `,"hull_vertex":true`...)
				} else {
					buf = append(buf, `,"hull_vertex":false`...)
				}
			} else {
				buf = append(buf, "false"...)
			}
			if why := model.NotProjectedWhy(&c.Points[pi], projs); why != "" {
				buf = append(append(append(buf, `,"not_projected":"`...), why...), '"')
			}
			buf = append(buf, '}')
			if pi < len(c.Points)-1 {
				buf = append(buf, ',')
			}
			bw.WriteString("\n        ")
			bw.Write(buf)
		}
		if len(c.Points) > 0 {
			bw.WriteString("\n      ")
		}
		bw.WriteString("]")
		if c.RunLength != nil {
			bw.WriteString(",\n      \"run_length\": ")
			line("", c.RunLength, "")
		}
		bw.WriteString("\n    }")
	}
	if len(rep.Curves) > 0 {
		bw.WriteString("\n  ")
	}
	if len(rep.Published) > 0 {
		bw.WriteString("],\n  \"published\": ")
		line("", rep.Published, ",\n  \"warnings\": ")
	} else {
		bw.WriteString("],\n  \"warnings\": ")
	}
	line("", rep.Warnings, "\n}\n")
	return bw.Flush()
}
