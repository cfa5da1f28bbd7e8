package export

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/termsafe"
)

// Render is the preview text of a plan (the pane scrolls it).
func Render(plan *export.ExportPlan, err error, empty bool, st themes.Styles) string {
	var b strings.Builder
	if empty {
		return st.Muted.Render("nothing to export: plan points in the planner (a) or mark points for removal (m)")
	}
	if plan == nil {
		if err != nil {
			return st.Bad.Render("export: " + termsafe.String(err.Error()))
		}
		return st.Muted.Render("building the export…")
	}
	b.WriteString(st.Accent.Render("target files") + "\n")
	for _, f := range plan.Files {
		add, del := diffStat(f.Diff)
		fmt.Fprintf(&b, "  %s  %s\n", termsafe.String(f.Path), st.Muted.Render(fmt.Sprintf("+%d −%d", add, del)))
	}
	if len(plan.Files) == 0 {
		b.WriteString(st.Muted.Render("  no file would change") + "\n")
	}
	for _, r := range plan.Refusals {
		b.WriteString(st.Bad.Render("✗ refused: "+termsafe.String(r)) + "\n")
	}
	for _, n := range plan.Notes {
		b.WriteString(st.Warn.Render("! "+termsafe.String(n)) + "\n")
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
	if len(plan.Refusals) == 0 {
		b.WriteString(st.Muted.Render("w writes these files (asks first)"))
	}
	return strings.TrimRight(b.String(), "\n")
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
