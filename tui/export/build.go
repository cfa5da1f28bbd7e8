// Package export is the export pane: the override blocks, master rows and
// changelog entry the plan would write, as a scrollable preview; w writes
// them after a confirmation, t sets where they go.
package export

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/tui/workbench/session"
)

// Config is where an export writes: the tui command's flags, then what the
// user set in the pane (t), remembered in the session.
type Config struct {
	RecipePath    string
	MasterPath    string
	ChangelogPath string
	ConfigKeys    []string
	PRLink        string
	Image         string // the image the points ran (export --image)
	RouterVersion string // the Dynamo version beside it (export --router-version)
	// Replace overwrites overrides whose key or name exists already.
	Replace bool
}

// Fill takes each target that c leaves empty from other (the flags first,
// then the session).
func (c Config) Fill(other Config) Config {
	pick := func(a, b string) string {
		if a != "" {
			return a
		}
		return b
	}
	c.RecipePath = pick(c.RecipePath, other.RecipePath)
	c.MasterPath = pick(c.MasterPath, other.MasterPath)
	c.ChangelogPath = pick(c.ChangelogPath, other.ChangelogPath)
	c.PRLink = pick(c.PRLink, other.PRLink)
	c.Image = pick(c.Image, other.Image)
	c.RouterVersion = pick(c.RouterVersion, other.RouterVersion)
	if len(c.ConfigKeys) == 0 {
		c.ConfigKeys = slices.Clone(other.ConfigKeys)
	}
	c.Replace = c.Replace || other.Replace
	return c
}

// Work is what the export is built from: the loaded points, the plan, the
// marks, the measured points added as they are.
type Work struct {
	Loaded, Planned []model.Point
	Marks, Added    []string
	WithPlanned     bool
	AsOf            string          // the workbench's date (@): removals are judged as of it
	Flips           map[string]bool // the review pane's kept-curve toggles (K)
	// Accepted is the workbench's accepted selection (A), if any: it goes
	// with the request while the request's sets are still its own.
	Accepted *model.SelectionSet
}

// Request turns the work into an export request. A planned point with the
// knobs of a measured one exports that measured point (same override);
// others export as planned points. Measured points added with a export as
// measured, their MRR as it ran. Marks whose points are not loaded
// (orphans) cannot be reviewed and are left out.
func Request(cfg Config, w Work) export.ExportRequest {
	pts := append([]model.Point(nil), w.Loaded...)
	var add []string
	for _, p := range w.Planned {
		if base := p.Knobs.BaseID(); model.FindID(w.Loaded, base) >= 0 {
			add = append(add, base)
			continue
		}
		pts = append(pts, p)
		add = append(add, p.ID)
	}
	var explicit []string
	for _, id := range w.Added {
		if model.FindID(w.Loaded, id) >= 0 && !slices.Contains(add, id) {
			add = append(add, id)
			explicit = append(explicit, id)
		}
	}
	var remove []string
	for _, id := range w.Marks {
		if model.FindID(w.Loaded, id) >= 0 {
			remove = append(remove, id)
		}
	}
	req := export.ExportRequest{
		Points: pts, Add: add, Remove: remove,
		MasterPath: cfg.MasterPath, ChangelogPath: cfg.ChangelogPath,
		ConfigKeys: cfg.ConfigKeys, PRLink: cfg.PRLink, WithPlanned: w.WithPlanned,
		Replace: cfg.Replace, ExplicitMRR: explicit, Image: cfg.Image, RouterVersion: cfg.RouterVersion, AsOf: w.AsOf,
	}
	// Several recipes make one change set (the form takes a comma list).
	for _, r := range strings.Split(cfg.RecipePath, ",") {
		if r = strings.TrimSpace(r); r != "" {
			req.RecipePaths = append(req.RecipePaths, r)
		}
	}
	req.Keep, req.KeepWhy = keptBy(w, pts, remove)
	if a := w.Accepted; a != nil && sameSet(a.Add, add) && sameSet(a.Remove, remove) {
		req.Selection = a
	}
	return req
}

// sameSet reports whether two ID lists hold the same IDs.
func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, id := range a {
		if !slices.Contains(b, id) {
			return false
		}
	}
	return true
}

// keptBy is the kept curve the review pane's toggles make (nil: the
// default), judged on the rule's axes as the export judges, and why each
// point is out as the review pane says it (the default's reason, or
// taken out by hand), so the PR body never says "not in --keep" of a
// list the user did not write.
func keptBy(w Work, pts []model.Point, remove []string) ([]string, []model.LeftOut) {
	if len(w.Flips) == 0 || len(remove) == 0 {
		return nil, nil
	}
	i := model.FindID(pts, remove[0])
	if i < 0 {
		return nil, nil
	}
	curve := pts[i].Curve
	rev, keep, err := model.ReviewWithFlips(model.ReviewRequest{Points: pts, Curve: &curve, Remove: remove,
		X: model.AxisMeanIntvty, Y: model.AxisTputPerGPU, WithPlanned: w.WithPlanned, AsOf: w.AsOf,
		IsRival: func(p *model.Point) bool { return p.Curve != curve }}, w.Flips)
	if err != nil || keep == nil {
		return nil, nil
	}
	return keep, rev.LeftOut
}

// FromTargets is the session's saved targets as a Config.
func FromTargets(t session.Targets) Config {
	return Config{RecipePath: t.Recipe, MasterPath: t.Master, ChangelogPath: t.Changelog,
		ConfigKeys: t.ConfigKeys, PRLink: t.PRLink, Image: t.Image, RouterVersion: t.RouterVersion, Replace: t.Replace}
}

// Targets is the Config as the session saves it (nil when nothing is set).
func (c Config) Targets() *session.Targets {
	if c.RecipePath == "" && c.MasterPath == "" && c.ChangelogPath == "" && len(c.ConfigKeys) == 0 && c.PRLink == "" && c.Image == "" && c.RouterVersion == "" && !c.Replace {
		return nil
	}
	// Paths are kept absolute: the next start may be in another directory.
	return &session.Targets{Recipe: abs(c.RecipePath), Master: abs(c.MasterPath), Changelog: abs(c.ChangelogPath),
		ConfigKeys: c.ConfigKeys, PRLink: c.PRLink, Image: c.Image, RouterVersion: c.RouterVersion, Replace: c.Replace}
}

func abs(path string) string {
	if path == "" {
		return ""
	}
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return path
}
