// Package export is the export pane: the override blocks, master rows and
// changelog entry the plan would write, as a scrollable preview; w writes
// them after a confirmation.
package export

import (
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/export"
)

// Config is where an export writes (the tui command's flags).
type Config struct {
	RecipePath    string
	MasterPath    string
	ChangelogPath string
	ConfigKeys    []string
	PRLink        string
}

// Request turns the loaded points, the plan and the marks into an export
// request. A planned point with the knobs of a measured one exports that
// measured point (same override); others export as planned points.
func Request(cfg Config, loaded, planned []model.Point, marks []string, withPlanned bool) export.ExportRequest {
	pts := append([]model.Point(nil), loaded...)
	var add []string
	for _, p := range planned {
		if base := p.Knobs.BaseID(); model.FindID(loaded, base) >= 0 {
			add = append(add, base)
			continue
		}
		pts = append(pts, p)
		add = append(add, p.ID)
	}
	return export.ExportRequest{
		Points: pts, Add: add, Remove: append([]string(nil), marks...),
		RecipePath: cfg.RecipePath, MasterPath: cfg.MasterPath, ChangelogPath: cfg.ChangelogPath,
		ConfigKeys: cfg.ConfigKeys, PRLink: cfg.PRLink, WithPlanned: withPlanned,
	}
}
