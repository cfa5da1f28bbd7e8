package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The floors of docs/architecture.md, checked from the code's own imports:
// the domain, the presentation layer and the workbench state (tui/workbench) import nothing
// of Bubble Tea or lipgloss, and nothing below the CLI imports it.
func TestFloorsImportNoTerminal(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	for _, pkg := range []string{"./model", "./planner", "./sources/...", "./planner/ledger", "./audit", "./render/...", "./tui/workbench/..."} {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			// tui/workbench is the workbench's pure state: it stands below the program it serves.
			pane := strings.Contains(dep, "/sweeptune/tui/") && !strings.Contains(dep, "/sweeptune/tui/workbench")
			if strings.HasPrefix(dep, "github.com/charmbracelet/") || strings.HasSuffix(dep, "/sweeptune/tui") ||
				pane || strings.HasSuffix(dep, "/sweeptune/cli") {
				t.Errorf("%s depends on %s", pkg, dep)
			}
		}
	}
}

// Colours live in themes/ only.
func TestColourLiteralsOnlyInThemes(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (path == "themes" || path == ".git" || path == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, lit := range []string{"lipgloss.Color(", "AdaptiveColor{"} {
			if strings.Contains(string(b), lit) {
				t.Errorf("%s holds a colour literal (%s): colours belong in themes/", path, lit)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// goList is `go list -f FORMAT PKGS...`, one line a package.
func goList(t *testing.T, format string, pkgs ...string) []string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command("go", append([]string{"list", "-f", format}, pkgs...)...).Output()
	if err != nil {
		t.Fatalf("go list %v: %v", pkgs, err)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

// The rules hold no memory tricks: model imports neither unsafe nor the
// system calls (madvise); those live in internal/mem and internal/intern
// (docs/codebase.md).
func TestModelHoldsNoUnsafe(t *testing.T) {
	for _, line := range goList(t, `{{.ImportPath}}:{{join .Imports " "}}`, "./model") {
		_, imports, _ := strings.Cut(line, ":")
		for _, imp := range strings.Fields(imports) {
			if imp == "unsafe" || imp == "syscall" || strings.HasPrefix(imp, "golang.org/x/sys") {
				t.Errorf("%s imports %s: memory tricks belong in internal/mem or internal/intern", line[:strings.Index(line, ":")], imp)
			}
		}
	}
}

// The speed machinery imports no domain code (only other machinery of
// internal/): it can be read, tested and replaced on its own, and the
// domain stands above it. What every reader shares (sources/reading:
// the warning, bounded YAML) stands as low.
func TestMachineryImportsNoDomain(t *testing.T) {
	machinery := []string{"./internal/mem", "./internal/intern", "./internal/jsonfloat", "./internal/par", "./internal/radix", "./internal/lazyre", "./internal/jsonscan", "./internal/permute", "./sources/reading"}
	for _, line := range goList(t, `{{.ImportPath}}:{{join .Deps " "}}`, machinery...) {
		pkg, deps, _ := strings.Cut(line, ":")
		for _, dep := range strings.Fields(deps) {
			if strings.HasPrefix(dep, "github.com/sweeptune/sweeptune/") && !strings.HasPrefix(dep, "github.com/sweeptune/sweeptune/internal/") {
				t.Errorf("%s depends on %s", pkg, dep)
			}
		}
	}
}

// ledger and workbench live beside what they serve: planner/ledger and
// tui/workbench, never back at the top.
func TestNoTopLevelLedgerOrWorkbench(t *testing.T) {
	for _, dir := range []string{"ledger", "workbench"} {
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%s/ is at the top level: it lives in planner/ledger or tui/workbench", dir)
		}
	}
}

// The result row stands below both of its readers: the general decoder
// (sources) and the API rows' fast path (sources/fastrows) each fill a
// sources/resultrow.Row, and neither reaches into the other. The fast
// path takes from this module only the row, the model's types and the
// machinery in internal/ (the row, the dialect's names too); sources' root holds no unsafe (the row's field
// offsets are resultrow's, the arena's strings fastrows').
func TestRowReadersStandApart(t *testing.T) {
	const mod = "github.com/sweeptune/sweeptune/"
	allowed := map[string]map[string]bool{
		"./sources/resultrow": {mod + "model": true, mod + "sources/srt": true},
		"./sources/fastrows":  {mod + "model": true, mod + "sources/resultrow": true},
	}
	for pkg, ok := range allowed {
		for _, line := range goList(t, `{{join .Imports " "}}`, pkg) {
			for _, imp := range strings.Fields(line) {
				if strings.HasPrefix(imp, mod) && !ok[imp] && !strings.HasPrefix(imp, mod+"internal/") {
					t.Errorf("%s imports %s", pkg, imp)
				}
			}
		}
	}
	for _, line := range goList(t, `{{join .Imports " "}}`, "./sources") {
		for _, imp := range strings.Fields(line) {
			if imp == "unsafe" {
				t.Errorf("sources imports unsafe: fast paths and their tricks live in sources/fastrows, sources/resultrow or internal/")
			}
		}
	}
}

// The srt-slurm / InferenceX dialect (sources/srt) stands below the load
// and the change set: it reads and writes recipes, master configs and
// changelogs from the rules (model) and what every reader shares
// (sources/reading), never from the formats' registry or the transaction.
func TestDialectStandsBelowLoadAndExport(t *testing.T) {
	allowed := map[string]bool{"model": true, "sources/reading": true}
	for _, line := range goList(t, `{{join .Deps " "}}`, "./sources/srt") {
		for _, dep := range strings.Fields(line) {
			rel, ok := strings.CutPrefix(dep, "github.com/sweeptune/sweeptune/")
			if ok && !allowed[rel] && !strings.HasPrefix(rel, "internal/") {
				t.Errorf("sources/srt depends on %s", dep)
			}
		}
	}
}

// The rules a reviewer reads as the code of record fit a screen: the ID
// rule, the latest-run rule, the API rows' reader and what a result row
// means as a point. Their fast forms live elsewhere (docs/codebase.md).
func TestRulesReadInOneScreen(t *testing.T) {
	for _, path := range []string{"model/ids_rule.go", "model/latest_rule.go", "sources/apirows.go", "sources/resultrow/point.go"} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), "\n"); n >= 120 {
			t.Errorf("%s has %d lines: a rule reads in under 120", path, n)
		}
	}
}

// The fast forms of the naming and latest-run rules (model/numbering) are
// chosen by the load (sources), and taken with the load's numbering by the
// views that group its array (cli) or number a curve's configurations once
// (tui/workbench); model never imports them, and no other package chooses.
func TestNumberingChosenByTheLoad(t *testing.T) {
	const module = "github.com/sweeptune/sweeptune/"
	may := map[string]bool{"sources": true, "cli": true, "tui/workbench": true}
	for _, line := range goList(t, `{{.ImportPath}}:{{join .Imports " "}}`, "./...") {
		path, imports, _ := strings.Cut(line, ":")
		pkg := strings.TrimPrefix(path, module)
		for _, imp := range strings.Fields(imports) {
			if imp == module+"model/numbering" && !may[pkg] {
				t.Errorf("%s imports model/numbering: the load chooses the fast forms (docs/codebase.md)", path)
			}
		}
	}
}

// exportMaySourcesUse is what sources/export takes from sources itself: files
// read and locked safely, digests, the state directory and the registry's
// name for a file's format. The dialect comes from sources/srt, never from the
// reader's internals.
var exportMaySourcesUse = map[string]bool{
	"ReadRegular": true, "ReadRegularMax": true, "OpenReadable": true, "NotRegularError": true,
	"Digest": true, "FileDigest": true, "StateDir": true, "LockDir": true,
	"FormatName": true,
}

// sources/export is the change set: it spells the dialect through
// sources/srt and takes from sources only what exportMaySourcesUse names.
func TestExportUsesNoReaderInternals(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("sources", "export", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no export files: %v", err)
	}
	importsSrt := false
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range file.Imports {
			importsSrt = importsSrt || imp.Path.Value == `"github.com/sweeptune/sweeptune/sources/srt"`
		}
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "sources" && !exportMaySourcesUse[sel.Sel.Name] {
				t.Errorf("%s uses sources.%s: the dialect is sources/srt's, the rest is the reader's own", f, sel.Sel.Name)
			}
			return true
		})
	}
	if !importsSrt {
		t.Error("sources/export does not import sources/srt")
	}
}

// Each package the diagram of docs/architecture.md names on a floor
// imports only packages named on lower floors (a package it does not name,
// such as render/plot, is not judged).
func TestFloorsOfTheDiagram(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	floors := map[string]int{}
	for _, line := range strings.Split(string(doc), "\n") {
		var n int
		var dir string
		if _, err := fmt.Sscanf(line, "floor %d %s", &n, &dir); err != nil {
			continue
		}
		if dir == "main.go" {
			dir = ""
		}
		floors[strings.TrimSuffix(dir, "/")] = n
	}
	if len(floors) < 10 {
		t.Fatalf("read %d floors from docs/architecture.md", len(floors))
	}
	const module = "github.com/sweeptune/sweeptune"
	var pkgs []string
	for dir := range floors {
		pkgs = append(pkgs, "./"+dir)
	}
	for _, line := range goList(t, `{{.ImportPath}}:{{join .Imports " "}}`, pkgs...) {
		path, imports, _ := strings.Cut(line, ":")
		pkg := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
		for _, imp := range strings.Fields(imports) {
			dep, ok := strings.CutPrefix(imp, module+"/")
			if f, named := floors[dep]; ok && named && f >= floors[pkg] {
				t.Errorf("%s (floor %d) imports %s (floor %d)", path, floors[pkg], dep, f)
			}
		}
	}
}
