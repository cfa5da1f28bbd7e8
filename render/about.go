package render

import (
	"fmt"
	"strconv"
)

// Build is what a binary knows of its own build: its module version and,
// when it was built from a checkout with VCS stamping, the commit.
type Build struct {
	Version  string `json:"version"`  // module version; "(devel)" from a checkout
	Revision string `json:"revision"` // commit hash; "unknown" without VCS info
	Time     string `json:"time"`     // commit time (RFC 3339); "unknown" without VCS info
	Modified *bool  `json:"modified"` // uncommitted changes; null without VCS info
	Go       string `json:"go"`       // the Go toolchain
}

// BuildText is `sweeptune --version`: the version line, then one line per fact.
func BuildText(name string, b Build) Doc {
	var d Doc
	d.Add(S(Bold, name), P(" "+b.Version))
	mod := "unknown"
	if b.Modified != nil {
		mod = strconv.FormatBool(*b.Modified)
	}
	for _, kv := range [][2]string{{"revision", b.Revision}, {"time", b.Time}, {"modified", mod}, {"go", b.Go}} {
		d.Add(S(Muted, fmt.Sprintf("%-10s", kv[0])), P(kv[1]))
	}
	return d
}

// Place is one file or directory sweeptune reads or writes.
type Place struct {
	Name   string `json:"name"`   // what it is: config, state, session, published-cache
	Path   string `json:"path"`   // "" when the platform has none
	Exists bool   `json:"exists"` // on disk now
	About  string `json:"about"`  // what lives there
}

// PlacesText is `sweeptune paths`: one table row per place.
func PlacesText(places []Place) Doc {
	t := Table{Header: []string{"what", "path", "exists", "holds"}}
	for _, p := range places {
		path, exists := p.Path, "no"
		if path == "" {
			path = "(none on this platform)"
		}
		if p.Exists {
			exists = "yes"
		}
		t.AddRow(p.Name, path, exists, p.About)
	}
	var d Doc
	d.Table(t)
	return d
}
