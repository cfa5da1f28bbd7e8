package parity

import (
	"bytes"
	"fmt"
)

// The changelog rules of InferenceX's utils/validate_perf_changelog.py
// (validate_raw_change): a new entry is appended after the file's last
// byte, the history left byte for byte; it starts right after the file
// when the file ends in an empty line, else after one newline; the file
// ends in exactly one newline.

// CheckChangelogAppend judges a change from old to new contents of the
// changelog at path: the new entries must sit at the physical end.
func CheckChangelogAppend(path string, old, new []byte) []Finding {
	var out []Finding
	bad := func(key, text string) {
		out = append(out, Finding{Kind: KindChangelogEnd, Severity: Error, File: path, Key: key, Text: text})
	}
	if bytes.Equal(old, new) {
		return nil
	}
	if !bytes.HasPrefix(new, old) {
		n := commonPrefix(old, new)
		bad("(history)", fmt.Sprintf("byte %d of the %d already there changes (line %d): the entry must be appended after the last byte, the history left as it is",
			n, len(old), bytes.Count(old[:n], []byte("\n"))+1))
		return out
	}
	suffix := new[len(old):]
	want := "\n- config-keys:"
	if bytes.HasSuffix(old, []byte("\n\n")) || len(old) == 0 {
		want = "- config-keys:"
	}
	if !bytes.HasPrefix(suffix, []byte(want)) {
		bad("(end)", fmt.Sprintf("the appended text starts %q, not %q: InferenceX wants one empty line between the history and the entry",
			head(suffix, 20), want))
	}
	if bytes.HasSuffix(new, []byte("\n\n")) {
		bad("(end)", "the file would end in an empty line: the last entry must end with one newline")
	} else if !bytes.HasSuffix(new, []byte("\n")) {
		bad("(end)", "the file would not end with a newline")
	}
	return out
}

// CheckChangelogFile judges a changelog as it stands: an entry appended to
// it by the rules above must be able to land at its end.
func CheckChangelogFile(path string, data []byte) []Finding {
	var out []Finding
	bad := func(key, text string) {
		out = append(out, Finding{Kind: KindChangelogEnd, Severity: Error, File: path, Key: key, Text: text})
	}
	switch {
	case len(data) == 0:
		return nil
	case !bytes.HasSuffix(data, []byte("\n")):
		bad("(end)", "the file does not end with a newline (InferenceX's validator refuses it)")
	case bytes.HasSuffix(data, []byte("\n\n")):
		lines := bytes.Count(data, []byte("\n"))
		bad("(end)", fmt.Sprintf("the file ends in an empty line (line %d): its last entry must end with one newline", lines))
	}
	if i := bytes.IndexByte(data, '\r'); i >= 0 {
		bad(fmt.Sprintf("line %d", bytes.Count(data[:i], []byte("\n"))+1), "a CR character: InferenceX's validator refuses CR")
	}
	if i := bytes.IndexByte(data, '\t'); i >= 0 {
		bad(fmt.Sprintf("line %d", bytes.Count(data[:i], []byte("\n"))+1), "a tab: InferenceX's validator refuses tabs")
	}
	return out
}

func commonPrefix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

func head(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}
