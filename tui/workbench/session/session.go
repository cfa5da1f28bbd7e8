// Package session saves and restores a workbench session: removal marks,
// planned points, the chosen axis and theme, the export's targets and the
// view (shown curve, overlays, y metric, as-of date). One JSON file, written
// atomically so a crash never leaves half a session.
package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/planner/ledger"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// Version of the file format.
const Version = 1

// File is what a session holds.
type File struct {
	Version int       `json:"version"`
	Inputs  []string  `json:"inputs,omitempty"` // the paths it was made on, for the reader
	Marks   []string  `json:"marks"`
	Planned []Planned `json:"planned"`
	// Added are measured points put in the export as they are.
	Added []string `json:"added,omitempty"`
	// KeepFlips are the review's kept-curve toggles (K), sorted.
	KeepFlips []string `json:"keep_flips,omitempty"`
	XAxis     string   `json:"x_axis"`
	LogX      bool     `json:"log_x"`
	Theme     string   `json:"theme,omitempty"`
	// Exported is the signature of the marks and plan last written by
	// export; q asks before quitting when the current one differs.
	Exported string `json:"exported,omitempty"`
	// Export is where the export goes, as last set in the export pane.
	Export *Targets `json:"export,omitempty"`

	// The view (view.go): the shown curve, the overlays the user chose
	// (absent: the workbench's own choice), the y metric and the as-of
	// date. The curve and overlays come back once the data is loaded.
	Curve    *model.CurveKey   `json:"curve,omitempty"`
	Overlays *[]model.CurveKey `json:"overlays,omitempty"`
	YAxis    string            `json:"y_axis,omitempty"`
	AsOf     string            `json:"as_of,omitempty"`
	AllDates bool              `json:"all_dates,omitempty"`

	// disk is what Load found (store.go): the file's hash, "" when there
	// was none; read says Load made the File.
	disk string
	read bool
}

// Targets are the export pane's targets (the tui command's export flags).
type Targets struct {
	Recipe     string   `json:"recipe,omitempty"`
	Master     string   `json:"master,omitempty"`
	ConfigKeys []string `json:"config_keys,omitempty"`
	Changelog  string   `json:"changelog,omitempty"`
	PRLink     string   `json:"pr_link,omitempty"`
	Image      string   `json:"image,omitempty"`
	// RouterVersion is export --router-version: the Dynamo version pinned
	// beside the image.
	RouterVersion string `json:"router_version,omitempty"`
	Replace       bool   `json:"replace,omitempty"`
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
	name := "demo"
	if len(inputs) > 0 {
		abs := make([]string, len(inputs))
		for i, p := range inputs {
			if a, err := filepath.Abs(p); err == nil {
				p = a
			}
			abs[i] = p
		}
		name = sources.Digest([]byte(strings.Join(abs, "\x00")))[:12] // the hash's first 6 bytes
	}
	return filepath.Join(ledger.StateDir(), "session-"+name+".json") // beside the prediction ledger
}

// Load reads a session; a missing file is an empty session, not an error.
// A file that is not a session (bad JSON, another version) is moved aside
// to <path>.corrupt so the next save cannot destroy it; the error is a
// *CorruptError saying where it went.
func Load(path string) (File, error) {
	// A save killed before its rename left a temporary file beside the
	// session: the next start removes it (a minute old: never a live save's).
	sources.RemoveStaleTemps(path, time.Minute)
	data, err := sources.ReadRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return File{Version: Version, read: true}, nil
	}
	if err != nil {
		return File{}, fmt.Errorf("session %s: %w", path, unwrap(err))
	}
	f, err := Parse(data)
	if err != nil {
		kept, kerr := keepAside(path)
		return File{}, &CorruptError{Path: path, KeptAs: kept, Err: err, KeepErr: kerr}
	}
	f.disk, f.read = sources.Digest(data), true
	return f, nil
}

// Parse reads a session file's bytes (a byte order mark is allowed).
func Parse(data []byte) (File, error) {
	var f File
	err := json.Unmarshal(bytes.TrimPrefix(data, []byte("\ufeff")), &f)
	if err == nil && f.Version != Version && f.Version != 0 {
		err = fmt.Errorf("version %d, want %d", f.Version, Version)
	}
	return f, err
}

// CorruptError is a session file that could not be read as one.
type CorruptError struct {
	Path    string
	KeptAs  string // where the bad file now is; "" when it could not be moved
	Err     error
	KeepErr error // why it could not be moved
}

func (e *CorruptError) Error() string {
	if e.KeptAs == "" {
		return fmt.Sprintf("session %s is not readable (%v) and could not be moved aside (%v): saving is off so it is not overwritten", e.Path, e.Err, e.KeepErr)
	}
	return fmt.Sprintf("session %s is not readable (%v): kept as %s, a new session starts", e.Path, e.Err, e.KeptAs)
}

// keepAside renames a bad session to the first free <path>.corrupt[-N].
func keepAside(path string) (string, error) {
	for i := 1; i <= 100; i++ {
		dst := path + ".corrupt"
		if i > 1 {
			dst = fmt.Sprintf("%s.corrupt-%d", path, i)
		}
		// Link never replaces an existing file: an older bad session stays.
		err := os.Link(path, dst)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil { // no hard links here: rename onto a free name
			if _, serr := os.Lstat(dst); !errors.Is(serr, fs.ErrNotExist) {
				continue
			}
			if err := os.Rename(path, dst); err != nil {
				return "", err
			}
			return dst, nil
		}
		return dst, os.Remove(path)
	}
	return "", errors.New("too many .corrupt files")
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Save writes the session atomically (temp file + rename). A path that
// exists and is not a regular file (a directory) is refused before any
// temporary file is made; a failed rename leaves no temporary file.
func Save(path string, f File) error {
	data, err := encode(f)
	if err != nil {
		return err
	}
	return writeFile(path, data)
}

// writeFile writes data to path atomically, synced: a full disk is an
// error here, not a truncated session later.
func writeFile(path string, data []byte) error {
	if info, err := os.Stat(path); err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("session %s: %v", path, sources.NotRegularError{Mode: info.Mode()})
	}
	return sources.WriteFileAtomic(path, data)
}

// FromState captures what a session keeps.
func FromState(st *workbench.State, theme string) File {
	f := File{Version: Version, Marks: st.MarkedIDs(), XAxis: st.X.Name, LogX: st.LogX, Theme: theme, Planned: []Planned{},
		YAxis: st.Y.Name, AsOf: st.AsOf, AllDates: st.AllDates}
	f.Added = append(f.Added, st.Added...)
	for id := range st.KeepFlips {
		f.KeepFlips = append(f.KeepFlips, id)
	}
	slices.Sort(f.KeepFlips)
	if len(st.Curves) > 0 {
		k := st.Curve
		f.Curve = &k
	}
	if st.OverlaysChosen() {
		ov := append([]model.CurveKey{}, st.Overlays...)
		f.Overlays = &ov
	}
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

// Apply restores the session into the state, all but the curve and
// overlays (ApplyView, once the data is loaded). Unknown marks and x axes
// are skipped quietly (the data changed); a planned point with impossible
// values, an unknown y metric or a bad date is dropped and named in the
// returned problems.
func (f File) Apply(st *workbench.State) []string {
	problems := f.applyYAndDate(st)
	marks := f.Marks
	if len(marks) > maxMarks {
		problems = append(problems, fmt.Sprintf("%d marks, only the first %d restored", len(marks), maxMarks))
		marks = marks[:maxMarks]
	}
	for _, id := range marks {
		if id != "" && len(id) <= maxIDLen {
			st.Marks[id] = true
		}
	}
	for _, id := range f.Added {
		if len(st.Added) == maxMarks {
			problems = append(problems, fmt.Sprintf("%d measured points to export, only the first %d restored", len(f.Added), maxMarks))
			break
		}
		if id != "" && len(id) <= maxIDLen && !slices.Contains(st.Added, id) {
			st.Added = append(st.Added, id)
		}
	}
	for i, id := range f.KeepFlips {
		if i == maxMarks {
			problems = append(problems, fmt.Sprintf("%d kept-curve toggles, only the first %d restored", len(f.KeepFlips), maxMarks))
			break
		}
		if id != "" && len(id) <= maxIDLen && !st.KeepFlips[id] {
			st.ToggleKept(id)
		}
	}
	if a, err := model.ParseXAxis(f.XAxis); err == nil {
		st.SetX(a)
	} else if f.XAxis != "" {
		problems = append(problems, fmt.Sprintf("x axis %q unknown: %s shown", clip(f.XAxis), st.X.Name))
	}
	if f.LogX != st.LogX {
		st.ToggleLogX()
	}
	var pts []model.Point
	seen := map[string]bool{}
	for i, pp := range f.Planned {
		if len(pts) == maxPlanned {
			problems = append(problems, fmt.Sprintf("%d planned points, only the first %d restored", len(f.Planned), maxPlanned))
			break
		}
		if why := pp.invalid(); why != "" {
			problems = append(problems, fmt.Sprintf("planned[%d] dropped: %s", i, why))
			continue
		}
		if seen[pp.ID] {
			continue
		}
		seen[pp.ID] = true
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
	return problems
}

// Signature identifies the marks and plan, to tell whether they changed
// since the last export.
func Signature(st *workbench.State) string {
	var b strings.Builder
	for _, id := range st.MarkedIDs() {
		b.WriteString("m:" + id + "\n")
	}
	for _, p := range st.Planned {
		b.WriteString("p:" + p.ID + "\n")
	}
	for _, id := range st.Added {
		b.WriteString("a:" + id + "\n")
	}
	flips := make([]string, 0, len(st.KeepFlips))
	for id := range st.KeepFlips {
		flips = append(flips, id)
	}
	slices.Sort(flips)
	for _, id := range flips {
		b.WriteString("k:" + id + "\n")
	}
	return sources.Digest([]byte(b.String()))[:16] // the hash's first 8 bytes
}
