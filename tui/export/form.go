package export

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/sources/srt"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/msgs"
)

// The targets form's fields, top to bottom.
const (
	fieldRecipe = iota
	fieldMaster
	fieldKeys
	fieldChangelog
	fieldPR
	fieldImage
	fieldRouter
	fieldReplace
	numFields
)

var fieldLabels = [numFields]string{"recipe bundle", "master config", "config key(s)", "changelog", "PR link", "image", "router version", "replace existing"}

var fieldHelp = [numFields]string{
	"srt-slurm bundle the override blocks go into (schema 1 or 2), or a one-topology recipe or its directory: new files beside it",
	"InferenceX master config for the search-space rows (empty: no rows)",
	"master entries to edit, comma-separated; new rows go to the first",
	"perf-changelog.yaml the entry is appended to (empty: no entry)",
	"the changelog entry's pr-link: the PR's number (as --pr) or its URL (as --pr-link)",
	"the image the points ran: named in the entry, and written as model.container and the entry's image where they differ (empty: both stay, with a note)",
	"the Dynamo version the image bundles (as --router-version): every touched key's router.version and each recipe's identity.frameworks.dynamo move to it",
	"overwrite overrides whose key or name exists (enter toggles)",
}

// form is t: where the export goes, set in place.
type form struct {
	open, editing bool
	field         int
	edit          []rune
}

// field is the path or word f edits, or nil for the config keys (a
// list) and replace (yes/no).
func field(c *Config, f int) *string {
	switch f {
	case fieldRecipe:
		return &c.RecipePath
	case fieldMaster:
		return &c.MasterPath
	case fieldChangelog:
		return &c.ChangelogPath
	case fieldPR:
		return &c.PRLink
	case fieldImage:
		return &c.Image
	case fieldRouter:
		return &c.RouterVersion
	}
	return nil
}

func get(c Config, f int) string {
	switch {
	case field(&c, f) != nil:
		return *field(&c, f)
	case f == fieldKeys:
		return strings.Join(c.ConfigKeys, ",")
	case c.Replace:
		return "yes"
	}
	return "no"
}

func put(c Config, f int, v string) Config {
	v = strings.TrimSpace(v)
	if f == fieldPR {
		v = prLinkOf(v)
	}
	if p := field(&c, f); p != nil {
		*p = v
	} else if f == fieldKeys {
		c.ConfigKeys = nil
		for _, k := range strings.Split(v, ",") {
			if k = strings.TrimSpace(k); k != "" {
				c.ConfigKeys = append(c.ConfigKeys, k)
			}
		}
	}
	return c
}

// updateForm moves between the targets, edits one, or closes the form.
func (m *Model) updateForm(msg tea.KeyMsg) tea.Cmd {
	f, k := &m.form, m.keys
	if f.editing {
		return m.updateField(msg)
	}
	switch {
	case key.Matches(msg, k.Cancel), key.Matches(msg, k.Targets):
		f.open = false
	case key.Matches(msg, k.FieldUp):
		f.field = (f.field + numFields - 1) % numFields
	case key.Matches(msg, k.FieldDown):
		f.field = (f.field + 1) % numFields
	case key.Matches(msg, k.Set) && f.field == fieldReplace:
		m.cfg.Replace = !m.cfg.Replace
		m.dirty = true
		m.redraw()
		return tea.Batch(msgs.StatusCmd("replace existing overrides: "+get(m.cfg, fieldReplace), false), save, m.Pending())
	case key.Matches(msg, k.Set):
		f.editing, f.edit = true, []rune(get(m.cfg, f.field))
	}
	m.redraw()
	return nil
}

func save() tea.Msg { return msgs.Save{} }

// updateField types into a target; enter sets it and says whether the
// file is there.
func (m *Model) updateField(msg tea.KeyMsg) tea.Cmd {
	f := &m.form
	switch msg.Type {
	case tea.KeyEsc:
		f.editing = false
	case tea.KeyEnter:
		f.editing = false
		m.cfg = put(m.cfg, f.field, string(f.edit))
		m.dirty = true
		m.redraw()
		say, bad := checkTarget(f.field, get(m.cfg, f.field))
		return tea.Batch(msgs.StatusCmd(say, bad), save, m.Pending()) // rebuild against the new target
	case tea.KeyBackspace:
		if len(f.edit) > 0 {
			f.edit = f.edit[:len(f.edit)-1]
		}
	case tea.KeyCtrlU:
		f.edit = f.edit[:0]
	case tea.KeyRunes, tea.KeySpace:
		f.edit = append(f.edit, msg.Runes...)
	}
	m.redraw()
	return nil
}

// checkTarget says what a target was set to and whether its file exists.
func checkTarget(field int, v string) (string, bool) {
	name := fieldLabels[field]
	if v == "" {
		return name + " cleared", false
	}
	switch field {
	case fieldRecipe: // a comma list of recipes makes one change set
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			if why := fileProblem(p); why != "" {
				return fmt.Sprintf("%s set to %s, but for %s %s", name, v, p, why), true
			}
		}
	case fieldMaster, fieldChangelog:
		if why := fileProblem(v); why != "" {
			return fmt.Sprintf("%s set to %s, but %s", name, v, why), true
		}
	}
	return fmt.Sprintf("%s set to %s (remembered in the session)", name, v), false
}

// fileProblem is why a target path cannot be read as a file, or "".
func fileProblem(path string) string {
	info, err := os.Stat(path)
	switch {
	case os.IsNotExist(err):
		return "there is no such file"
	case err != nil:
		return err.Error()
	case !info.Mode().IsRegular():
		return "it is not a regular file"
	}
	return ""
}

// CheckTargets names every target path that cannot be read, at start, so
// a mistyped --recipe is known before anything is planned.
func CheckTargets(c Config) []string {
	var out []string
	for _, t := range []struct{ flag, path string }{
		{"--recipe", c.RecipePath}, {"--master", c.MasterPath}, {"--changelog", c.ChangelogPath},
	} {
		for _, p := range strings.Split(t.path, ",") {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			if why := fileProblem(p); why != "" {
				out = append(out, fmt.Sprintf("%s %s: %s (t in the export pane sets another)", t.flag, p, why))
			}
		}
	}
	return out
}

func (f form) render(c Config, st themes.Styles) string {
	var b strings.Builder
	b.WriteString(st.Accent.Render("where the export goes (remembered in the session)") + "\n")
	for i := 0; i < numFields; i++ {
		cur := "  "
		val := get(c, i)
		if val == "" {
			val = st.Muted.Render("not set")
		}
		if i == f.field {
			cur = "› "
			if f.editing {
				val = "[" + string(f.edit) + "█]"
			}
			val = st.Selected.Render(val)
		}
		fmt.Fprintf(&b, "%s%-17s %s\n", cur, fieldLabels[i], val)
	}
	b.WriteString("\n" + st.Muted.Render(fieldHelp[f.field]) + "\n")
	if f.editing {
		b.WriteString(st.Muted.Render("enter sets · esc cancels · ctrl+u clears"))
	} else {
		b.WriteString(st.Muted.Render("↑/↓ choose · enter edits · esc or t back to the preview"))
	}
	return b.String()
}

// prLinkOf is what the PR field means: a number (or #number) is the link
// export --pr writes; anything else is the link as given (--pr-link).
func prLinkOf(v string) string {
	n, err := strconv.Atoi(strings.TrimPrefix(v, "#"))
	if err != nil || n <= 0 {
		return v
	}
	return srt.PRLink(n)
}
