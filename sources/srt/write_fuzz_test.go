package srt

import (
	"bytes"
	"testing"
)

// Fuzz targets of the writer: an appended changelog keeps every byte that
// was there; an edited bundle keeps the block it inserts.

func FuzzAppendChangelog(f *testing.F) {
	seedFiles(f, "../../testdata/export/perf-changelog.excerpt.yaml",
		"../../../shared/formats/inferencex-config/perf-changelog.excerpt.yaml")
	f.Add([]byte("- config-keys: [a]\n  description: [x]\n  pr-link: u\n  |\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		e := ChangelogEntry{ConfigKeys: []string{"k"}, Description: []string{"d \" \\ x"}, PRLink: PlaceholderPRLink}
		out, err := AppendChangelog("c.yaml", data, e)
		if err == nil && !bytes.HasPrefix(out, data) {
			t.Fatal("append changed existing bytes")
		}
	})
}

func FuzzEditBundle(f *testing.F) {
	seedFiles(f, "../../testdata/export/disagg-dep16-hicache-variants.yaml")
	f.Add([]byte("schema: 2\nbase: {}\noverride_a:\n  x: 1\n\n\noverride_b: 2"))
	f.Add([]byte("override_a:\n\n ")) // once, the inserted block vanished
	f.Fuzz(func(t *testing.T, data []byte) {
		add := []NewOverride{{Key: "override_new", Text: "override_new:\n  name: n\n", Order: [3]int{2, 1, 5}}}
		out, err := EditBundle(string(data), nil, map[string]bool{"override_a": true}, add, map[string][3]int{"override_b": {1, 1, 1}})
		if err == nil && !bytes.Contains([]byte(out), []byte("override_new:\n  name: n\n")) {
			t.Fatal("inserted block missing")
		}
	})
}
