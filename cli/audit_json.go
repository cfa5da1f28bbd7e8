package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/sweeptune/sweeptune/audit"
	"github.com/sweeptune/sweeptune/internal/par"
)

// writeAuditDoc is writeDoc of the audit, its rows marshalled and indented
// on both cores: the same bytes (a row is indented as it stands in the
// document, two levels in), and a thousand rows (5 MB) are no longer one
// core's work at the end of the command.
func writeAuditDoc(w io.Writer, a *audit.Audit, warnings []string) error {
	if len(a.Rows) == 0 {
		return writeDoc(w, a, warnings)
	}
	head := *a
	head.Rows = nil // "rows": null, where the rows go
	var doc bytes.Buffer
	if err := writeDoc(&doc, &head, warnings); err != nil {
		return err
	}
	const slot = "\n  \"rows\": null"
	at := bytes.Index(doc.Bytes(), []byte(slot))
	if at < 0 {
		return errors.New("--json: the audit's rows have no place")
	}
	var halves [2]bytes.Buffer
	var errs [2]error
	par.Halves(len(a.Rows), 64, func(lo, hi int) {
		h := min(lo, 1)
		for i := lo; i < hi && errs[h] == nil; i++ {
			b, err := json.Marshal(&a.Rows[i])
			if err != nil {
				errs[h] = err
				break
			}
			if i > lo {
				halves[h].WriteString(",")
			}
			halves[h].WriteString("\n    ")
			errs[h] = json.Indent(&halves[h], b, "    ", "  ")
		}
	})
	if err := errors.Join(errs[0], errs[1]); err != nil {
		return err
	}
	var out bytes.Buffer
	out.Grow(doc.Len() + halves[0].Len() + halves[1].Len() + 16)
	out.Write(doc.Bytes()[:at])
	out.WriteString("\n  \"rows\": [")
	out.Write(halves[0].Bytes())
	if halves[1].Len() > 0 {
		out.WriteString(",")
		out.Write(halves[1].Bytes())
	}
	out.WriteString("\n  ]")
	out.Write(doc.Bytes()[at+len(slot):])
	_, err := w.Write(out.Bytes())
	return err
}
