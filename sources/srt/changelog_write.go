package srt

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Appending to perf-changelog.yaml. InferenceX CI compares the historical
// bytes, so the new entry goes after the last byte and nothing before it
// changes. Its check (validate_raw_change) wants the entry to start right
// after the file when the file ends in "\n\n", else after one "\n": so a
// file ending in spaces, or in a line of spaces, gets one newline, never a
// rewrite of what it ends with (docs/export.md).

// PlaceholderPRLink stands in until the pull request exists: the form
// InferenceX's validate_added_pr_link accepts on a pull request's run.
const PlaceholderPRLink = "https://github.com/SemiAnalysisAI/InferenceX/pull/XXX"

// PRLink is the link of InferenceX pull request n.
func PRLink(n int) string {
	return fmt.Sprintf("https://github.com/SemiAnalysisAI/InferenceX/pull/%d", n)
}

// renderChangelogEntry writes one entry at the list's indentation.
func renderChangelogEntry(e ChangelogEntry, indent int) string {
	pad := strings.Repeat(" ", indent)
	var b strings.Builder
	list := func(key string, items []string, quote func(string) string) {
		if len(items) == 0 {
			return
		}
		fmt.Fprintf(&b, "%s  %s:\n", pad, key)
		for _, it := range items {
			fmt.Fprintf(&b, "%s    - %s\n", pad, quote(it))
		}
	}
	plain := func(s string) string { return yamlScalarStyle(s, nil) }
	b.WriteString(pad + "- config-keys:\n")
	for _, k := range e.ConfigKeys {
		fmt.Fprintf(&b, "%s    - %s\n", pad, plain(k))
	}
	list("scenario-type", e.ScenarioType, plain)
	list("description", e.Description, QuoteDQ)
	fmt.Fprintf(&b, "%s  pr-link: %s\n", pad, e.PRLink)
	return b.String()
}

// AppendChangelog returns old with the entry appended at the physical end.
// It fails unless the result parses, keeps every earlier entry, and has the
// new entry last: old is always a byte prefix of the result.
func AppendChangelog(path string, old []byte, e ChangelogEntry) ([]byte, error) {
	before, warns := ParseChangelog(path, old)
	if len(warns) > 0 {
		return nil, fmt.Errorf("%s does not parse as a changelog before the edit: %s", path, warns[0])
	}
	indent, err := changelogIndent(old)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	out := bytes.Clone(old)
	if len(bytes.TrimSpace(out)) > 0 && !bytes.HasSuffix(out, []byte("\n\n")) {
		out = append(out, '\n')
	}
	out = append(out, renderChangelogEntry(e, indent)...)
	after, warns := ParseChangelog(path, out)
	if len(warns) > 0 {
		return nil, fmt.Errorf("appending to %s would break it: %s", path, warns[0])
	}
	if len(after) != len(before)+1 {
		return nil, fmt.Errorf("appending to %s gives %d entries, want %d", path, len(after), len(before)+1)
	}
	got := after[len(after)-1]
	got.Line = 0
	if !reflect.DeepEqual(got, e) {
		return nil, fmt.Errorf("appending to %s: the last entry does not read back as written", path)
	}
	return out, nil
}

// changelogIndent is the column of the list's dashes (0 in InferenceX).
func changelogIndent(data []byte) (int, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return 0, err
	}
	if len(doc.Content) == 0 || len(doc.Content[0].Content) == 0 {
		return 0, nil
	}
	seq := doc.Content[0]
	if seq.Style&yaml.FlowStyle != 0 {
		return 0, fmt.Errorf("a flow-style list cannot be appended to")
	}
	first := seq.Content[0]
	return max(first.Column-3, 0), nil
}

// SanitizeLine keeps a description line on one line.
func SanitizeLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
