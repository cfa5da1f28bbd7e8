package cli

import (
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/sources/parity"
)

// exportJSON is export --json: what the export plans (or, with --write,
// wrote), file by file, and the checks behind it.
type exportJSON struct {
	Write     bool                   `json:"write"`   // --write asked for
	Written   bool                   `json:"written"` // the files were written
	Files     []exportFileJSON       `json:"files"`
	Overrides []exportOverrideJSON   `json:"overrides"`
	Removed   []string               `json:"removed_overrides"`
	Rows      []string               `json:"master_rows"`
	Entry     string                 `json:"changelog_entry"`
	Verdicts  []model.RemovalVerdict `json:"verdicts"`
	Refusals  []string               `json:"refusals"`
	Notes     []string               `json:"notes"`
	Keys      []string               `json:"config_keys"`   // the keys the entry lists
	Next      []string               `json:"next_commands"` // what to run after --write
	Parity    []parity.Finding       `json:"parity"`        // the reviewers' bots' checks (docs/parity.md)
	// Selection is the accepted selection (--from-select): pairing, inside-noise
	// candidates and margin; null when the sets were given by hand.
	Selection *model.SelectionSet `json:"selection"`
	// AfterMerge previews the curve after merge, one per published curve
	// group the change set touches (docs/dashboard.md).
	AfterMerge []model.Preview `json:"after_merge"`
}

// exportFileJSON is one file: create (a new recipe), modify or unchanged,
// its unified diff, and the backup a write keeps of a modified file.
type exportFileJSON struct {
	Path   string `json:"path"`
	Action string `json:"action"`
	Diff   string `json:"diff"`
	Backup string `json:"backup,omitempty"`
}

type exportOverrideJSON struct {
	ID   string `json:"id"`
	Key  string `json:"key"`
	Name string `json:"name"`
}

// exportDoc is the plan as exportJSON; written says the files are on disk.
func exportDoc(p *export.ExportPlan, write, written bool) exportJSON {
	out := exportJSON{Write: write, Written: written, Files: []exportFileJSON{}, Overrides: []exportOverrideJSON{},
		Removed: model.OrEmpty(p.Removed), Rows: model.OrEmpty(p.Rows), Entry: p.Entry, Verdicts: model.OrEmpty(p.Verdicts),
		Refusals: model.OrEmpty(p.Refusals), Notes: model.OrEmpty(p.Notes), Keys: model.OrEmpty(p.Keys), Next: model.OrEmpty(p.Next), Parity: model.OrEmpty(p.Parity), Selection: p.Selection,
		AfterMerge: []model.Preview{}}
	for _, f := range p.Files {
		fj := exportFileJSON{Path: f.Path, Action: "unchanged", Diff: f.Diff}
		switch {
		case f.Create:
			fj.Action = "create"
		case string(f.Old) != string(f.New):
			fj.Action = "modify"
			if written {
				fj.Backup = export.BackupPath(f.Path)
			}
		}
		out.Files = append(out.Files, fj)
	}
	for _, o := range p.Overrides {
		out.Overrides = append(out.Overrides, exportOverrideJSON{ID: o.ID, Key: o.Key, Name: o.Name})
	}
	return out
}

// planWarnings are the export's own warnings (the notes stderr prints as
// "warning: …"), for --json's "warnings" beside the load's.
func planWarnings(p *export.ExportPlan) []string {
	var out []string
	for _, n := range p.Notes {
		if w, ok := strings.CutPrefix(n, "warning: "); ok {
			out = append(out, w)
		}
	}
	return out
}
