package parity

import (
	"strings"
	"testing"
)

func TestChangelogAppendAtThePhysicalEnd(t *testing.T) {
	old := []byte("- config-keys:\n  - a\n  description:\n  - one\n")
	entry := "- config-keys:\n  - b\n  description:\n  - two\n"
	cases := []struct {
		name string
		new  string
		want string // "" when clean, else a phrase of the finding
	}{
		{"appended after one newline", string(old) + "\n" + entry, ""},
		{"appended without the empty line", string(old) + entry, `not "\n- config-keys:"`},
		{"inserted before the history's end", "- config-keys:\n  - b\n" + string(old), "byte 19 of the 44 already there changes (line 2)"},
		{"ends in an empty line", string(old) + "\n" + entry + "\n", "end in an empty line"},
	}
	for _, c := range cases {
		fs := CheckChangelogAppend("perf-changelog.yaml", old, []byte(c.new))
		switch {
		case c.want == "" && len(fs) > 0:
			t.Errorf("%s: %v", c.name, fs)
		case c.want != "" && (len(fs) == 0 || !strings.Contains(fs[0].Text, c.want)):
			t.Errorf("%s: %v, want %q", c.name, fs, c.want)
		case c.want != "" && (fs[0].Kind != KindChangelogEnd || fs[0].File != "perf-changelog.yaml"):
			t.Errorf("%s: %+v", c.name, fs[0])
		}
	}
}

func TestChangelogFileEndsReadyForAnAppend(t *testing.T) {
	if fs := CheckChangelogFile("c.yaml", []byte("- config-keys:\n  - a\n")); len(fs) != 0 {
		t.Errorf("clean file: %v", fs)
	}
	fs := CheckChangelogFile("c.yaml", []byte("- config-keys:\n  - a\n\n"))
	if len(fs) != 1 || !strings.Contains(fs[0].Text, "line 3") {
		t.Errorf("trailing empty line: %v", fs)
	}
	fs = CheckChangelogFile("c.yaml", []byte("- config-keys:\n\t- a"))
	if len(fs) != 2 {
		t.Errorf("no newline and a tab: %v", fs)
	}
}
