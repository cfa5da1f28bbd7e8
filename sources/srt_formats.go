package sources

import (
	"bytes"
	"strings"

	"github.com/sweeptune/sweeptune/internal/lazyre"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// The srt-slurm dialect's three formats in the registry: each sniffed here,
// read by sources/srt, and gathered into the dataset.

// indentedKeyRe finds recipe blocks nested in a base:.
var (
	indentedKeyRe = lazyre.New(`(?m)^[ \t]+(roles|resources|backend|engine)[ \t]*:`)
	flowBaseRe    = lazyre.New(`(?m)^base:[ \t]*\{.*\b(roles|resources|backend|engine)[ \t]*:`)
)

func init() {
	register(format{name: "srt-slurm recipe", priority: 35, sniff: sniffRecipe, parse: parseRecipeInto, recipe: true})
}

// sniffRecipe looks at the top-level keys: roles (schema 2), resources with
// backend/engine/model (schema 1 and 2, block or flow style), or a base:
// holding recipe blocks.
func sniffRecipe(data []byte) bool {
	if h := head(data, 1); len(h) > 0 && (h[0] == '{' || h[0] == '[') {
		return false
	}
	keys := topLevelKeys(data, "roles", "resources", "backend", "engine", "model", "base")
	switch {
	case keys["roles"]:
		return true
	case keys["resources"] && (keys["backend"] || keys["engine"] || keys["model"]):
		return true
	case keys["base"]:
		return indentedKeyRe.Match(data) || flowBaseRe.Match(data)
	}
	return false
}

// topLevelKeys reports which of the wanted keys start a line at column 0.
func topLevelKeys(data []byte, want ...string) map[string]bool {
	found := map[string]bool{}
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		for _, w := range want {
			if len(line) > len(w) && string(line[:len(w)]) == w && (line[len(w)] == ':' || line[len(w)] == ' ') {
				rest := strings.TrimLeft(string(line[len(w):]), " \t")
				if strings.HasPrefix(rest, ":") {
					found[w] = true
				}
			}
		}
	}
	return found
}

func parseRecipeInto(path string, data []byte, ds *Dataset) {
	vs, warns := srt.ParseRecipe(path, data)
	ds.Variants = append(ds.Variants, vs...)
	ds.Warnings = append(ds.Warnings, warns...)
}

var masterRe = lazyre.New(`(?m)^\s+-?\s*search-space:`)

var scenariosRe = lazyre.New(`(?m)^\s+scenarios:`)

func init() {
	register(format{name: "InferenceX master config", priority: 36, sniff: sniffMaster, parse: parseMasterInto})
}

func sniffMaster(data []byte) bool {
	if h := head(data, 1); len(h) > 0 && (h[0] == '{' || h[0] == '[' || h[0] == '-') {
		return false
	}
	// the literals first: each pattern needs its own, and a scan for bytes
	// is much cheaper than the patterns on a file that is not a master
	return bytes.Contains(data, []byte("scenarios:")) && bytes.Contains(data, []byte("search-space:")) &&
		scenariosRe.Match(data) && masterRe.Match(data)
}

// A master config gives no points; it is read so that broken files are reported.
func parseMasterInto(path string, data []byte, ds *Dataset) {
	_, warns, err := srt.ParseMaster(path, data)
	ds.Warnings = append(ds.Warnings, warns...)
	if err != nil {
		ds.Warnf(path, "", "%v", err)
	}
}

var changelogRe = lazyre.New(`(?m)^\s*-\s+config-keys:`)

func init() {
	register(format{name: "perf-changelog", priority: 37, sniff: sniffChangelog, parse: parseChangelogInto})
}

func sniffChangelog(data []byte) bool {
	if h := head(data, 1); len(h) > 0 && (h[0] == '{' || h[0] == '[') {
		return false
	}
	h := head(data, 8192)
	return bytes.Contains(h, []byte("config-keys:")) && changelogRe.Match(h)
}

// A changelog gives no points; it is read so that broken files are
// reported, and kept for the history view.
func parseChangelogInto(path string, data []byte, ds *Dataset) {
	entries, warns := srt.ParseChangelog(path, data)
	ds.Warnings = append(ds.Warnings, warns...)
	ds.Changelogs = append(ds.Changelogs, srt.ChangelogFile{Path: path, Entries: entries})
}
