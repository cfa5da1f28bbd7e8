package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The manual pages are written here from the command tree, in roff. A
// markdown-to-roff library did it before; its tables cost every run of the
// tool its start-up (a third of a millisecond of a six-millisecond
// command), and the help texts are plain paragraphs, which roff takes as
// they are.

// manHeader is the .TH line's fields.
type manHeader struct{ title, section, date, source, manual string }

// writeManTree writes one page per command into dir: sweeptune.1,
// sweeptune-report.1, ...
func writeManTree(root *cobra.Command, h manHeader, dir string) error {
	var err error
	walkCommands(root, func(c *cobra.Command) {
		if err != nil {
			return
		}
		var b strings.Builder
		writeManPage(&b, c, h)
		err = os.WriteFile(filepath.Join(dir, manName(c)+"."+h.section), []byte(b.String()), 0o644)
	})
	return err
}

func walkCommands(c *cobra.Command, f func(*cobra.Command)) {
	if !c.IsAvailableCommand() && c.HasParent() {
		return
	}
	f(c)
	for _, sub := range c.Commands() {
		walkCommands(sub, f)
	}
}

// manName is the page's name: the command path with dashes.
func manName(c *cobra.Command) string { return strings.ReplaceAll(c.CommandPath(), " ", "-") }

// writeManPage writes c's page: name, synopsis, description, options
// (its own, then those it inherits), examples and the related pages.
func writeManPage(w io.Writer, c *cobra.Command, h manHeader) {
	c.InitDefaultHelpFlag()
	fmt.Fprintf(w, ".nh\n.TH %q %q %q %q %q\n\n", h.title, h.section, h.date, h.source, h.manual)
	fmt.Fprintf(w, ".SH NAME\n%s - %s\n\n\n", manName(c), roffText(c.Short))
	fmt.Fprintf(w, ".SH SYNOPSIS\n\\fB%s\\fP\n\n\n", roffText(c.UseLine()))
	long := c.Long
	if long == "" {
		long = c.Short
	}
	fmt.Fprintf(w, ".SH DESCRIPTION\n%s\n\n\n", roffParagraphs(long))
	if fs := c.NonInheritedFlags(); fs.HasAvailableFlags() {
		fmt.Fprintf(w, ".SH OPTIONS\n%s\n\n", roffFlags(fs))
	}
	if fs := c.InheritedFlags(); fs.HasAvailableFlags() {
		fmt.Fprintf(w, ".SH OPTIONS INHERITED FROM PARENT COMMANDS\n%s\n\n", roffFlags(fs))
	}
	if c.Example != "" {
		fmt.Fprintf(w, ".SH EXAMPLE\n.EX\n%s\n.EE\n\n\n", roffLines(c.Example))
	}
	var see []string
	if c.HasParent() {
		see = append(see, manName(c.Parent()))
	}
	var children []string
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() || sub.IsAdditionalHelpTopicCommand() {
			children = append(children, manName(sub))
		}
	}
	sort.Strings(children)
	see = append(see, children...)
	if len(see) > 0 {
		for i, s := range see {
			see[i] = `\fB` + s + "(" + h.section + `)\fP`
		}
		fmt.Fprintf(w, ".SH SEE ALSO\n%s\n", strings.Join(see, ", "))
	}
}

// roffFlags lists a flag set: the flag, its default and its usage, a
// paragraph each.
func roffFlags(fs *pflag.FlagSet) string {
	var parts []string
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		name := `\fB--` + f.Name + `\fP`
		if f.Shorthand != "" && f.ShorthandDeprecated == "" {
			name = `\fB-` + f.Shorthand + `\fP, ` + name
		}
		def := f.DefValue
		if f.Value.Type() == "string" {
			def = fmt.Sprintf("%q", def)
		}
		def = "=" + def
		if f.NoOptDefVal != "" {
			def = "[" + def + "]"
		}
		parts = append(parts, name+roffText(def)+"\n\t"+roffUsage(f.Usage)+"\n")
	})
	return strings.Join(parts, "\n.PP\n")
}

// roffUsage sets the usage's `NAME` (pflag's value name) in bold.
func roffUsage(s string) string {
	s = roffText(s)
	for {
		i := strings.IndexByte(s, '`')
		if i < 0 {
			return s
		}
		j := strings.IndexByte(s[i+1:], '`')
		if j < 0 {
			return s
		}
		s = s[:i] + `\fB` + s[i+1:i+1+j] + `\fR` + s[i+2+j:]
	}
}

// roffParagraphs sets text's paragraphs (blank-line separated) apart: a
// paragraph indented by a tab or four spaces is an example, kept as it is,
// and a "#" line a subheading.
func roffParagraphs(text string) string {
	var b strings.Builder
	prev := ""
	for _, p := range strings.Split(strings.TrimSpace(text), "\n\n") {
		p = strings.Trim(p, "\n")
		if p == "" {
			continue
		}
		kind, body := "para", roffLines(p)
		switch {
		case strings.HasPrefix(p, "#") && !strings.Contains(p, "\n"):
			kind, body = "head", ".SS "+roffText(strings.TrimSpace(strings.TrimLeft(p, "#")))
		case indentedBlock(p):
			kind, body = "code", ".EX\n"+roffLines(unindent(p))+"\n.EE"
		}
		switch {
		case prev == "":
		case prev == "head":
			b.WriteString("\n")
		case kind == "para":
			b.WriteString("\n\n.PP\n")
		default:
			b.WriteString("\n\n")
		}
		b.WriteString(body)
		prev = kind
	}
	return b.String()
}

func indentedBlock(p string) bool {
	for _, l := range strings.Split(p, "\n") {
		if !strings.HasPrefix(l, "\t") && !strings.HasPrefix(l, "    ") {
			return false
		}
	}
	return true
}

func unindent(p string) string {
	lines := strings.Split(p, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "\t") {
			lines[i] = l[1:]
		} else {
			lines[i] = l[4:]
		}
	}
	return strings.Join(lines, "\n")
}

// roffLines escapes each line: backslashes, and a line's leading dot or
// quote, which roff would take for a request.
func roffLines(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		l = roffText(l)
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			l = `\&` + l
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}

// roffText escapes roff's escape character.
func roffText(s string) string { return strings.ReplaceAll(s, `\`, `\e`) }
