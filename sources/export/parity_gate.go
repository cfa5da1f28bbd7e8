package export

import (
	"errors"
	"fmt"
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
			var fresh, already []parity.Finding
			for _, f := range now.Findings {
				found = append(found, f)
				switch {
				case had[findingID(f)]:
					already = append(already, f)
				case f.Severity == parity.Error:
					problems = append(problems, f.String())
				default:
					fresh = append(fresh, f)
				}
			}
			plan.Notes = append(plan.Notes, capNotes(fresh, "")...)
			plan.Notes = append(plan.Notes, capNotes(already, "already in the files: ")...)
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

// capNotes words the warnings: the caps one line per file (a retune of
// cap-bound points has one per point), each override with its cap × ranks
// and max-running-requests against the need; any other finding on a line
// of its own.
func capNotes(fs []parity.Finding, prefix string) []string {
	type at struct{ file, key string }
	var files []string
	var keys = map[string][]string{}
	got := map[at][]string{}
	need := map[at]string{}
	var out []string
	for _, f := range fs {
		if f.Kind != parity.KindCapBelowConc && f.Kind != parity.KindMRRBelowConc {
			out = append(out, "warning: "+prefix+f.String())
			continue
		}
		key := f.Key // override_x.<arg>, or base.<arg> (override_x) when inherited
		if i := strings.LastIndex(key, " (override_"); i >= 0 && strings.HasSuffix(key, ")") {
			key = key[i+2 : len(key)-1]
		} else if i := strings.IndexByte(key, '.'); i > 0 && strings.HasPrefix(key, "override_") {
			key = key[:i]
		}
		if _, ok := keys[f.File]; !ok {
			files = append(files, f.File)
		}
		a := at{f.File, key}
		if _, ok := got[a]; !ok {
			keys[f.File] = append(keys[f.File], key)
		}
		word := "cap × ranks "
		if f.Kind == parity.KindMRRBelowConc {
			word = "max-running-requests "
		}
		got[a], need[a] = append(got[a], word+f.Got), f.Want
	}
	for _, file := range files {
		var parts []string
		for _, k := range keys[file] {
			a := at{file, k}
			have := strings.Join(got[a], ", ")
			if g := got[a]; len(g) == 2 && strings.Fields(g[0])[len(strings.Fields(g[0]))-1] == strings.Fields(g[1])[len(strings.Fields(g[1]))-1] {
				have = strings.Fields(g[0])[len(strings.Fields(g[0]))-1] // cap × ranks = max-running-requests, as the convention has it
			}
			parts = append(parts, fmt.Sprintf("%s %s < %s", k, have, need[a]))
		}
		out = append(out, fmt.Sprintf("warning: %s%s: decode cap × ranks (and max-running-requests) below the largest concurrency per decode worker: %s (docs/parity.md)",
			prefix, filepath.Base(file), strings.Join(parts, "; ")))
	}
	return out
}
