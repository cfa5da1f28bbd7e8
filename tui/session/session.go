// Package session saves and restores a workbench session: removal marks,
// planned points, the chosen axis and theme. One JSON file, written
// atomically so a crash never leaves half a session.
package session

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/tui/state"
)

// Version of the file format.
const Version = 1

// File is what a session holds.
type File struct {
	Version int       `json:"version"`
	Inputs  []string  `json:"inputs,omitempty"` // the paths it was made on, for the reader
	Marks   []string  `json:"marks"`
	Planned []Planned `json:"planned"`
	XAxis   string    `json:"x_axis"`
	LogX    bool      `json:"log_x"`
	Theme   string    `json:"theme,omitempty"`
	// Exported is the signature of the marks and plan last written by
	// export; q asks before quitting when the current one differs.
	Exported string `json:"exported,omitempty"`
}

// Planned is a planned point; metrics are kept by name because
// model.Metrics has no JSON form.
type Planned struct {
	ID      string             `json:"id"`
	Label   string             `json:"label,omitempty"`
	Curve   model.CurveKey     `json:"curve"`
	Knobs   model.Knobs        `json:"knobs"`
	Metrics map[string]float64 `json:"metrics"`
	Image   string             `json:"image,omitempty"`
}

// DefaultPath is the session file for a set of inputs under the user state
// directory ($XDG_STATE_HOME, else ~/.local/state; the config directory when
// there is no home). Different inputs get different sessions.
func DefaultPath(inputs []string) string {
	dir := os.Getenv("XDG_STATE_HOME")
	if dir == "" {
		if home, err := os.UserHomeDir(); err == nil {
			dir = filepath.Join(home, ".local", "state")
		} else if cfg, err := os.UserConfigDir(); err == nil {
			dir = cfg
		} else {
			dir = os.TempDir()
		}
	}
	name := "demo"
	if len(inputs) > 0 {
		abs := make([]string, len(inputs))
		for i, p := range inputs {
			if a, err := filepath.Abs(p); err == nil {
				p = a
			}
			abs[i] = p
		}
		sum := sha256.Sum256([]byte(strings.Join(abs, "\x00")))
		name = hex.EncodeToString(sum[:6])
	}
	return filepath.Join(dir, "sweeptune", "session-"+name+".json")
}

// Load reads a session; a missing file is an empty session, not an error.
func Load(path string) (File, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return File{Version: Version}, nil
	}
	if err != nil {
		return File{}, err
	}
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		return File{}, errors.New("session " + path + ": " + err.Error())
	}
	return f, nil
}

// Save writes the session atomically (temp file + rename).
func Save(path string, f File) error {
	f.Version = Version
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".session-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// FromState captures what a session keeps.
func FromState(st *state.State, theme string) File {
	f := File{Version: Version, Marks: st.MarkedIDs(), XAxis: st.X.Name, LogX: st.LogX, Theme: theme, Planned: []Planned{}}
	for _, p := range st.Planned {
		pp := Planned{ID: p.ID, Label: p.Label, Curve: p.Curve, Knobs: p.Knobs, Metrics: map[string]float64{}, Image: p.Prov.Image}
		for _, m := range p.Metrics.Present() {
			v, _ := p.Metrics.Get(m)
			pp.Metrics[m.Name()] = v
		}
		f.Planned = append(f.Planned, pp)
	}
	return f
}

// Apply restores the session into the state; unknown names are skipped.
func (f File) Apply(st *state.State) {
	for _, id := range f.Marks {
		st.Marks[id] = true
	}
	if a, err := model.ParseXAxis(f.XAxis); err == nil {
		st.SetX(a)
	}
	if f.LogX != st.LogX {
		st.ToggleLogX()
	}
	var pts []model.Point
	for _, pp := range f.Planned {
		p := model.Point{ID: pp.ID, Label: pp.Label, Curve: pp.Curve, Source: model.SourcePlanned, Knobs: pp.Knobs}
		p.Prov.File = "planner"
		p.Prov.Image = pp.Image
		for name, v := range pp.Metrics {
			if m, ok := model.ParseMetric(name); ok {
				p.Metrics.Set(m, v)
			}
		}
		pts = append(pts, p)
	}
	st.SetPlanned(pts)
}

// Signature identifies the marks and plan, to tell whether they changed
// since the last export.
func Signature(st *state.State) string {
	var b strings.Builder
	for _, id := range st.MarkedIDs() {
		b.WriteString("m:" + id + "\n")
	}
	for _, p := range st.Planned {
		b.WriteString("p:" + p.ID + "\n")
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:8])
}
