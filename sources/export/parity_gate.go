package export

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/sweeptune/sweeptune/sources/parity"
)

// The reviewers' bots' checks, run on the plan before anything is written
// (docs/parity.md): the master rows of the keys the change set touches
// against the recipes it writes, as they will be after the write, and the
// changelog's new entry at the physical end. A fault the change set brings
// is a refusal when InferenceX or srtctl would fail on it (an error) and a
// warning otherwise (a cap below a concurrency, which a cap-bound point may
// hold on purpose); a fault already in the files is a warning, never a
// reason to refuse a change that does not make it.

// checkParity adds the checks' findings to a built plan; it is deferred by
// BuildExport, so every way a plan is built passes through it.
func checkParity(req ExportRequest, plan *ExportPlan, err error) (*ExportPlan, error) {
	var refused *RefusedError
	if plan == nil || (err != nil && !errors.As(err, &refused)) {
		return plan, err
	}
	read := req.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	staged := map[string][]byte{}
	old := map[string][]byte{}
	for _, f := range plan.Files {
		staged[f.Path] = f.New
		old[f.Path] = f.Old
	}
	after := func(p string) ([]byte, error) {
		if b, ok := staged[p]; ok {
			return b, nil
		}
		return read(p)
	}
	before := func(p string) ([]byte, error) {
		if b, ok := old[p]; ok {
			if b == nil {
				return nil, os.ErrNotExist // a file the plan creates
			}
			return b, nil
		}
		return read(p)
	}
	var found []parity.Finding
	var problems []string
	if req.MasterPath != "" {
		keys := plan.Keys
		if len(keys) == 0 {
			keys = req.ConfigKeys
		}
		files := givenRecipeFiles(req.recipePaths(), plan)
		in := parity.Inputs{MasterPath: req.MasterPath, RecipeFiles: files, Keys: keys, OnlyGiven: true}
		in.ReadFile = before
		was, _ := parity.CheckMaster(in)
		in.ReadFile = after
		now, err := parity.CheckMaster(in)
		if err == nil {
			had := map[string]bool{}
			for _, f := range was.Findings {
				had[findingID(f)] = true
			}
			for _, f := range now.Findings {
				found = append(found, f)
				switch {
				case had[findingID(f)]:
					plan.Notes = append(plan.Notes, "warning: already in the files: "+f.String())
				case f.Severity == parity.Error:
					problems = append(problems, f.String())
				default:
					plan.Notes = append(plan.Notes, "warning: "+f.String())
				}
			}
		}
	}
	if req.ChangelogPath != "" {
		if nw, ok := staged[req.ChangelogPath]; ok {
			was := old[req.ChangelogPath]
			if lf, ok := fromCRLF(was); ok { // a CRLF file is kept CRLF on purpose: judge its lines
				was = lf
				if l2, ok := fromCRLF(nw); ok {
					nw = l2
				}
			}
			for _, f := range parity.CheckChangelogAppend(req.ChangelogPath, was, nw) {
				found = append(found, f)
				problems = append(problems, f.String())
			}
		}
	}
	plan.Parity = found
	if len(problems) == 0 {
		return plan, err
	}
	plan.Refusals = append(plan.Refusals, problems...)
	return plan, &RefusedError{Problems: plan.Refusals}
}

// findingID is a finding without where its row stands (a row moves, and
// its index in the search space with it, when one is added above it), to
// tell a fault the change set brings from one already there.
func findingID(f parity.Finding) string {
	key := f.Key
	if f.Line > 0 {
		key = "" // a master row: named by its key and recipe
	}
	return strings.Join([]string{f.Kind, f.File, key, f.ConfigKey, f.Recipe, f.Got, f.Want}, "\x00")
}

// givenRecipeFiles are the recipes of the change set: each --recipe file,
// each YAML file of a --recipe directory, and every file the plan creates.
func givenRecipeFiles(paths []string, plan *ExportPlan) []string {
	var out []string
	for _, p := range paths {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			ents, _ := os.ReadDir(p)
			for _, e := range ents {
				if n := e.Name(); !e.IsDir() && (strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml")) {
					out = append(out, filepath.Join(p, n))
				}
			}
			continue
		}
		out = append(out, p)
	}
	for _, f := range plan.Files {
		if f.Create {
			out = append(out, f.Path)
		}
	}
	return out
}
