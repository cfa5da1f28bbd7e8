package sources

import (
	"encoding/json"

	"github.com/sweeptune/sweeptune/model"
)

// MarshalJSON is `history --json`'s entry for one curve: IDs and numbers,
// no prose (the words are render.History's).
func (r History) MarshalJSON() ([]byte, error) {
	type pointJSON struct {
		ID       string   `json:"id"`
		X        float64  `json:"x"`
		Y        float64  `json:"y"`
		Old      *float64 `json:"old_frontier_y"`
		GainPct  *float64 `json:"change_pct"`
		NewPoint bool     `json:"new"`
		// ProjectedFromS: the point's numbers are projected from a run of
		// this length (docs/noise.md).
		ProjectedFromS float64 `json:"projected_from_s,omitempty"`
	}
	type entryJSON struct {
		Date       string   `json:"date"`
		File       string   `json:"file"`
		PRLink     string   `json:"pr_link"`
		ConfigKeys []string `json:"config_keys"`
		Mentions   bool     `json:"names_curve"`
	}
	s := r.Shift
	out := struct {
		Curve     model.CurveKey `json:"curve"`
		From      string         `json:"from"`
		To        string         `json:"to"`
		X         string         `json:"x_axis"`
		Y         string         `json:"y_axis"`
		Before    []string       `json:"frontier_before"`
		After     []pointJSON    `json:"frontier_after"`
		Dropped   []string       `json:"left_frontier"`
		Changelog []entryJSON    `json:"changelog"`
		Undated   int            `json:"changelog_undated"`
	}{Curve: s.Curve, From: s.From, To: s.To, X: s.X.Name, Y: s.Y.Name,
		Before: []string{}, After: []pointJSON{}, Dropped: append([]string{}, s.Dropped...), Changelog: []entryJSON{}, Undated: r.Undated}
	for _, p := range s.Before {
		out.Before = append(out.Before, p.ID)
	}
	isNew := map[string]bool{}
	for _, id := range s.New {
		isNew[id] = true
	}
	from := map[string]float64{}
	for _, p := range s.After {
		from[p.ID] = p.Prov.ProjectedFromS
	}
	for _, g := range s.Gains {
		out.After = append(out.After, pointJSON{ID: g.ID, X: g.X, Y: g.Y, Old: model.OrNull(g.Other, g.HasOther),
			GainPct: model.OrNull(g.GainPct, g.HasOther), NewPoint: isNew[g.ID], ProjectedFromS: from[g.ID]})
	}
	for _, e := range r.Entries {
		out.Changelog = append(out.Changelog, entryJSON{Date: e.Date, File: e.File, PRLink: e.PRLink, ConfigKeys: e.ConfigKeys, Mentions: e.Mentions})
	}
	return json.Marshal(out)
}
