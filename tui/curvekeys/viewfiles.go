package curvekeys

import (
	"os"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/export"
	"github.com/sweeptune/sweeptune/tui/curve"
)

// e writes what the curve pane shows: the shown and overlaid curves'
// points table as CSV (the chosen x and y, frontier and hull status) and
// the plot as text, into new files (an existing file is never replaced).

// viewWrittenMsg reports the files e wrote.
type viewWrittenMsg struct {
	files []string
	err   error
}

func (m *Model) writeView() tea.Cmd {
	if len(m.st.ViewRefs()) == 0 {
		m.info("nothing to write: no curve is shown")
		return nil
	}
	csvData, text := curve.ViewFiles(m.st)
	base := filepath.Join(m.viewDir, "sweeptune-"+model.Slug(m.st.Curve.String())+"-"+m.st.Y.Name)
	m.info("writing the view…")
	dir := m.viewDir
	return func() tea.Msg {
		if dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return viewWrittenMsg{err: err}
			}
		}
		var files []string
		for _, f := range []struct {
			ext  string
			data []byte
		}{{".csv", csvData}, {".txt", []byte(text)}} {
			name, err := export.WriteNewFile(base+f.ext, f.data)
			if err != nil {
				return viewWrittenMsg{files: files, err: err}
			}
			files = append(files, name)
		}
		return viewWrittenMsg{files: files}
	}
}

func (m *Model) viewWritten(msg viewWrittenMsg) {
	if msg.err != nil {
		m.say("writing the view failed: "+msg.err.Error(), true)
		return
	}
	m.info("wrote " + strings.Join(msg.files, ", "))
}
