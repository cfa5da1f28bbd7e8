package export

import (
	"fmt"
	"strings"
)

// Checks before a write (docs/export.md): every plan, of one recipe or of
// a change set, passes through runPreWriteChecks once it is complete and
// before anything may be written. A check returns warnings (said, the
// plan still writes) and refusals (the plan writes nothing). The checks
// InferenceX's reviewers and bots make belong in this list.

// PreWriteCheck is one check of a complete plan.
type PreWriteCheck func(req ExportRequest, plan *ExportPlan) (warnings, refusals []string)

// preWriteChecks run in order on every plan.
var preWriteChecks = []PreWriteCheck{somethingChanges}

// runPreWriteChecks adds each check's warnings to the notes (as
// "warning: …") and its refusals to the plan's.
func runPreWriteChecks(req ExportRequest, plan *ExportPlan) {
	for _, check := range preWriteChecks {
		warns, refusals := check(req, plan)
		for _, w := range warns {
			plan.Notes = append(plan.Notes, "warning: "+w)
		}
		plan.Refusals = append(plan.Refusals, refusals...)
	}
}

// somethingChanges: an export that changes no recipe and no master row
// (a changelog entry alone would describe no change) writes nothing.
func somethingChanges(req ExportRequest, plan *ExportPlan) ([]string, []string) {
	if len(plan.Refusals) > 0 {
		return nil, nil // the points not placed are named already
	}
	for _, f := range plan.Files {
		if f.Path != req.ChangelogPath && (f.Create || string(f.Old) != string(f.New)) {
			return nil, nil
		}
	}
	ids := append(append([]string{}, req.Add...), req.Remove...)
	return nil, []string{fmt.Sprintf("nothing to write: no recipe or master row would change for %s", strings.Join(ids, ", "))}
}
