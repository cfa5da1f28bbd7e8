package themes

import "github.com/charmbracelet/lipgloss"

// Styles is every style the workbench draws with. Panes receive it and
// never build colours themselves.
type Styles struct {
	Name string

	Text, Muted, Accent lipgloss.Style
	Good, Bad, Warn     lipgloss.Style
	Bold                lipgloss.Style

	// Border and FocusedBorder colour the frame runes; focus also shows in
	// shape (thick frame) because the Ascii profile drops colour.
	Border, FocusedBorder lipgloss.Style
	Title, FocusedTitle   lipgloss.Style
	JumpKey               lipgloss.Style

	Selected lipgloss.Style // the selected row or value

	TableHeader, TableCell, TableSelected lipgloss.Style

	TabActive, TabInactive lipgloss.Style

	StatusBar, StatusKey, StatusDesc, StatusErr, StatusInfo lipgloss.Style

	// Series styles are indexed by plot class - 1 (model.Sources order).
	Series []lipgloss.Style
	// Marker styles for the plot's marker classes.
	MarkSelected, MarkRemoved, MarkPlanned lipgloss.Style
}

// New builds the styles of a theme with the given renderer (inject one with
// the Ascii profile in tests).
func New(name string, r *lipgloss.Renderer) Styles {
	if r == nil {
		r = lipgloss.DefaultRenderer()
	}
	if !Valid(name) {
		name = None
	}
	p := PaletteOf(name)
	fg := func(col lipgloss.TerminalColor) lipgloss.Style {
		s := r.NewStyle()
		if col != nil {
			s = s.Foreground(col)
		}
		return s
	}
	sel := r.NewStyle().Reverse(p.SelectionBG == nil)
	if p.SelectionBG != nil {
		sel = sel.Foreground(p.SelectionFG).Background(p.SelectionBG)
	}
	bold := func(col lipgloss.TerminalColor) lipgloss.Style { return fg(col).Bold(true) }
	// In the groups Styles declares them in.
	s := Styles{Name: name,
		Text: fg(p.FG), Muted: fg(p.Muted), Accent: fg(p.Accent),
		Good: fg(p.Good), Bad: fg(p.Bad), Warn: fg(p.Warn), Bold: bold(p.FG),
		Border: fg(p.Border), FocusedBorder: bold(p.FocusedBorder),
		Title: fg(p.Muted), FocusedTitle: bold(p.Accent), JumpKey: fg(p.Accent),
		Selected: sel, TableHeader: bold(p.Accent), TableCell: fg(p.FG), TableSelected: sel.Bold(true),
		TabActive: bold(p.Accent).Underline(true), TabInactive: fg(p.Muted),
		StatusBar: fg(p.Muted), StatusKey: bold(p.Accent), StatusDesc: fg(p.Muted), StatusErr: bold(p.Bad), StatusInfo: fg(p.Good),
		MarkSelected: sel.Bold(true), MarkRemoved: bold(p.Bad),
	}
	for _, col := range p.Series {
		s.Series = append(s.Series, fg(col))
	}
	if len(s.Series) == 0 {
		s.Series = []lipgloss.Style{fg(nil)}
	}
	s.MarkPlanned = s.SeriesStyle(3).Bold(true)
	return s
}

// SeriesStyle is the style of a 1-based series class; classes past the
// palette wrap around.
func (s Styles) SeriesStyle(class int) lipgloss.Style {
	if class <= 0 || len(s.Series) == 0 {
		return s.Text
	}
	return s.Series[(class-1)%len(s.Series)]
}
