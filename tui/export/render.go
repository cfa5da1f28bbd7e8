package export

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/render/termsafe"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/paint"
)

// Written is what the last successful write put where.
type Written struct {
	Files, Backups        []string
	Entry                 string
	Marks, Planned, Added int // what it took, cleared from the workbench
}

// View is what the pane shows: the preview of the plan being built, and
// what the last write did.
type View struct {
	Plan          *export.ExportPlan
	Err           error
	Empty         bool
	Written       *Written
	Orphans       int  // marks left out: their points are not loaded
	PRPlaceholder bool // the changelog entry's PR link is not set
	// AfterMerge is the curve after merge, worded as export prints it.
	AfterMerge []model.Preview
	// Refusal is the coverage guard's refusal ("" none); LossAccepted says
	// A accepted the change set's loss.
	Refusal      string
	LossAccepted bool
}

// Render is the pane's text (it scrolls).
func Render(v View, st themes.Styles) string {
	var b strings.Builder
	if v.Written != nil {
		written(&b, *v.Written, st)
	}
	if v.Orphans > 0 {
		b.WriteString(st.Warn.Render(fmt.Sprintf("! %s left out: their points are not in the data (review pane)", model.Plural(v.Orphans, "orphaned mark"))) + "\n")
	}
	switch {
	case v.Empty && v.Written != nil:
		b.WriteString(st.Muted.Render("nothing more to export: a adds a point (points pane or planner), m marks one for removal"))
		return strings.TrimRight(b.String(), "\n")
	case v.Empty:
		b.WriteString(st.Muted.Render("nothing to export: a adds a point (points pane or planner), m marks one for removal · t sets where it goes"))
		return strings.TrimRight(b.String(), "\n")
	case v.Plan == nil && v.Err != nil:
		b.WriteString(st.Bad.Render("export: " + termsafe.String(speak(v.Err.Error()))))
		return b.String()
	case v.Plan == nil:
		b.WriteString(st.Muted.Render("building the export…"))
		return b.String()
	}
	preview(&b, v, st)
	return strings.TrimRight(b.String(), "\n")
}

// written says what the last write did, so a rebuild against the new
// files never reads as a failure.
func written(b *strings.Builder, w Written, st themes.Styles) {
	b.WriteString(st.Good.Render("✓ written: "+model.Plural(len(w.Files), "file")) + "\n")
	var took []string
	if w.Marks > 0 {
		took = append(took, model.Plural(w.Marks, "removal"))
	}
	if w.Planned > 0 {
		took = append(took, model.Plural(w.Planned, "planned point"))
	}
	if w.Added > 0 {
		took = append(took, model.Plural(w.Added, "measured point"))
	}
	if len(took) > 0 {
		b.WriteString(st.Muted.Render("  "+strings.Join(took, ", ")+" exported: cleared from the workbench (u brings them back)") + "\n")
	}
	if len(w.Files) > 0 {
		b.WriteString(st.Muted.Render("  backups under "+termsafe.String(export.BackupDir())+", each at its file's own path") + "\n")
	}
	for i, f := range w.Files {
		fmt.Fprintf(b, "  %s  %s\n", termsafe.String(f), st.Muted.Render("(previous contents in "+termsafe.String(filepath.Base(w.Backups[i]))+")"))
	}
	if w.Entry != "" {
		b.WriteString(st.Muted.Render("  changelog entry:") + "\n")
		for _, l := range strings.Split(strings.TrimRight(termsafe.Lines(w.Entry), "\n"), "\n") {
			b.WriteString("    " + l + "\n")
		}
	}
	b.WriteString("\n")
}

func preview(b *strings.Builder, v View, st themes.Styles) {
	plan := v.Plan
	b.WriteString(st.Accent.Render("target files") + "\n")
	for _, f := range plan.Files {
		add, del := diffStat(f.Diff)
		fmt.Fprintf(b, "  %s  %s\n", termsafe.String(f.Path), st.Muted.Render(fmt.Sprintf("+%d −%d", add, del)))
	}
	if len(plan.Files) == 0 {
		b.WriteString(st.Muted.Render("  no file would change") + "\n")
	}
	for _, r := range plan.Refusals {
		b.WriteString(st.Bad.Render("✗ refused: "+termsafe.String(speak(r))) + "\n")
	}
	if v.PRPlaceholder {
		b.WriteString(st.Warn.Render("! the changelog entry's pr-link is still …/pull/XXX: t sets it before w") + "\n")
	}
	for _, n := range plan.Notes {
		b.WriteString(st.Warn.Render("! "+termsafe.String(speak(n))) + "\n")
	}
	section := func(title string, items []string) {
		if len(items) == 0 {
			return
		}
		b.WriteString(st.Accent.Render("── "+title+" ──") + "\n")
		for _, it := range items {
			b.WriteString(termsafe.Lines(strings.TrimRight(it, "\n")) + "\n")
		}
	}
	var ovs []string
	for _, o := range plan.Overrides {
		ovs = append(ovs, o.Text)
	}
	section("override blocks", ovs)
	if len(plan.Removed) > 0 {
		section("overrides removed", plan.Removed)
	}
	section("master rows", plan.Rows)
	if plan.Entry != "" {
		section("changelog entry", []string{plan.Entry})
	}
	if len(v.AfterMerge) > 0 {
		b.WriteString(st.Accent.Render("── the curve after merge ──") + "\n")
		b.WriteString(paint.Doc(render.AfterMerge(v.AfterMerge, "A"), st) + "\n")
	}
	switch {
	case v.Refusal != "":
		b.WriteString(st.Bad.Render("✗ refused: "+termsafe.String(v.Refusal)) + "\n")
	case v.LossAccepted:
		b.WriteString(st.Warn.Render("! coverage loss accepted for this change set (A withdraws it): w writes it, and the PR body (B) says so") + "\n")
	}
	if len(plan.Refusals) == 0 && v.Refusal == "" {
		b.WriteString(st.Muted.Render("w writes these files (asks first) · t sets where they go"))
	}
}

// diffStat counts added and removed lines of a unified diff.
func diffStat(d string) (add, del int) {
	for _, l := range strings.Split(d, "\n") {
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
		case strings.HasPrefix(l, "+"):
			add++
		case strings.HasPrefix(l, "-"):
			del++
		}
	}
	return add, del
}

// Targets names the files a write would change.
func Targets(plan *export.ExportPlan) []string {
	var out []string
	for _, f := range plan.Files {
		if string(f.Old) != string(f.New) {
			out = append(out, filepath.Base(f.Path))
		}
	}
	return out
}
