package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/sweeptune/sweeptune/sources"
)

// schemaVersion is the version of every --json shape. Fields are only ever
// added under one version; a field that changes meaning or goes bumps it.
const schemaVersion = 1

// writeDoc prints v, a JSON object, indented as one --json document:
// "schema_version" first, v's own fields in their order, then "warnings"
// (never null) unless warnings is nil because v carries its own.
func writeDoc(w io.Writer, v any, warnings []string) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = bytes.TrimSpace(b)
	if len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}' {
		return fmt.Errorf("--json: %T is not a JSON object", v)
	}
	var doc bytes.Buffer
	fmt.Fprintf(&doc, `{"schema_version":%d`, schemaVersion)
	if inner := bytes.TrimSpace(b[1 : len(b)-1]); len(inner) > 0 {
		doc.WriteByte(',')
		doc.Write(inner)
	}
	if warnings != nil {
		ws, err := json.Marshal(warnings)
		if err != nil {
			return err
		}
		doc.WriteString(`,"warnings":`)
		doc.Write(ws)
	}
	doc.WriteByte('}')
	var out bytes.Buffer
	if err := json.Indent(&out, doc.Bytes(), "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err = w.Write(out.Bytes())
	return err
}

// loadWarnings are a load's notices and warnings, then the view's notes, as
// --json's "warnings" (what stderr says, one string each; never nil).
func loadWarnings(ds *sources.Dataset, notes []string) []string {
	out := []string{}
	if ds != nil {
		out = append(out, ds.Notices...)
		for _, w := range ds.Warnings {
			out = append(out, w.Exact()) // JSON keeps the values exact
		}
	}
	return append(out, notes...)
}
