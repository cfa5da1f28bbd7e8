package export

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/sweeptune/sweeptune/sources"
)

// An export writes several files (recipe, master config, changelog) and a
// kill can land between two renames. So the set is a transaction:
//
//  1. every temporary file is staged and synced (atomic.go);
//  2. an intent journal naming every file, its staged copies and the hash
//     of its old and new contents is written, synced, into every
//     directory the export writes, before the first rename;
//  3. the renames run; the journal is rewritten "rolling-back" before an
//     in-process roll-back starts;
//  4. when every file is in place the journal is removed, then the staged
//     copies.
//
// The next export that touches any of those directories (BuildExport, or
// a write) finds the journal under the directory locks and settles the set
// before it reads a file: when every file already holds its new contents
// the export is finished; otherwise it is rolled back, each replaced file
// getting its staged old contents back and each created one removed, so a
// rerun of the same export writes it whole. Either way the note says which,
// and temporary files a killed export left are removed.

const (
	journalPrefix = ".sweeptune-export-"
	journalSuffix = ".journal"

	stateReplacing   = "replacing"
	stateRollingBack = "rolling-back"
)

// journal is the intent record of one export's write.
type journal struct {
	Version int           `json:"version"`
	State   string        `json:"state"`
	Started string        `json:"started"`
	Copies  []string      `json:"copies"` // this journal, once per directory written
	Files   []journalFile `json:"files"`
	Temps   []string      `json:"temps"` // every staged file, removed at the end

	done bool // removed: the set is settled and the staged files may go
}

// journalFile is one file of the set.
type journalFile struct {
	Path    string `json:"path"` // as named, for messages
	Real    string `json:"real"` // where the contents live (links resolved)
	Temp    string `json:"temp"` // the new contents, renamed (a new file: linked) to Real
	Restore string `json:"restore,omitempty"`
	Bak     string `json:"bak,omitempty"`
	BakTemp string `json:"bak_temp,omitempty"`
	Create  bool   `json:"create,omitempty"`
	Old     string `json:"old,omitempty"` // sha256 of the contents the plan was built from
	New     string `json:"new"`           // sha256 of the new contents
}

// newJournal records the staged set; dirs are the directories written.
func newJournal(ts []target, creates []*creation, dirs []string) *journal {
	var id [6]byte
	rand.Read(id[:])
	name := journalPrefix + hex.EncodeToString(id[:]) + journalSuffix
	j := &journal{Version: 1, State: stateReplacing, Started: time.Now().UTC().Format(time.RFC3339)}
	for _, d := range dirs {
		j.Copies = append(j.Copies, filepath.Join(d, name))
	}
	for _, t := range ts {
		j.Files = append(j.Files, journalFile{Path: t.Path, Real: t.real, Temp: t.temp, Restore: t.restore,
			Bak: t.bak, BakTemp: t.bakTemp, Old: sources.Digest(t.Old), New: sources.Digest(t.Content)})
		j.Temps = append(j.Temps, t.temp, t.restore, t.bakTemp)
	}
	for _, c := range creates {
		j.Files = append(j.Files, journalFile{Path: c.Path, Real: absPath(c.Path), Temp: c.temp, Create: true, New: sources.Digest(c.Content)})
		j.Temps = append(j.Temps, c.temp)
	}
	return j
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// save writes every copy of the journal (staged, synced, renamed into
// place, the directory synced): after it returns, a kill leaves a journal
// the next export finds.
func (j *journal) save() error {
	data, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return err
	}
	for _, p := range j.Copies {
		tmp, err := writeTemp(p, data, 0o644, nil)
		if err != nil {
			return fmt.Errorf("journal %s: %w", p, err)
		}
		if err := os.Rename(tmp, p); err != nil {
			os.Remove(tmp)
			return fmt.Errorf("journal %s: %w", p, err)
		}
		syncDir(filepath.Dir(p))
	}
	return nil
}

// remove deletes every copy: the set is settled.
func (j *journal) remove() {
	j.done = true
	for _, p := range j.Copies {
		os.Remove(p)
		syncDir(filepath.Dir(p))
	}
}

// readJournals are the journals found in dirs (each read once, whatever
// its number of copies); a journal that cannot be read is an error naming
// it, never silently dropped.
func readJournals(dirs []string) ([]*journal, error) {
	var out []*journal
	seen := map[string]bool{}
	for _, d := range dirs {
		entries, err := os.ReadDir(d)
		if err != nil {
			continue // the directory is refused later, with its own message
		}
		for _, e := range entries {
			name := e.Name()
			if !strings.HasPrefix(name, journalPrefix) || !strings.HasSuffix(name, journalSuffix) || seen[name] {
				continue
			}
			p := filepath.Join(d, name)
			data, err := sources.ReadRegularMax(p, 16<<20)
			if errors.Is(err, fs.ErrNotExist) {
				// Settled and removed by its export since the directory was
				// listed (read before the locks are taken, to learn which
				// to take): nothing is left to do for it.
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("%s: an interrupted export's journal cannot be read: %v", p, sources.PathErrText(err))
			}
			var j journal
			if err := json.Unmarshal(data, &j); err != nil || j.Version != 1 || len(j.Copies) == 0 {
				return nil, fmt.Errorf("%s: an interrupted export's journal is damaged (%v); remove it after checking the files it names", p, err)
			}
			seen[name] = true
			if !slicesContains(j.Copies, p) {
				j.Copies = append(j.Copies, p)
			}
			out = append(out, &j)
		}
	}
	return out, nil
}

func slicesContains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// dirs are the directories the journal's set writes.
func (j *journal) dirs() []string {
	var ps []string
	for _, c := range j.Copies {
		ps = append(ps, filepath.Dir(c))
	}
	for _, f := range j.Files {
		ps = append(ps, filepath.Dir(f.Real))
		if f.Bak != "" {
			ps = append(ps, filepath.Dir(absPath(f.Bak)))
		}
	}
	return uniqueSorted(ps)
}

// uniqueSorted is the paths made absolute, each once, sorted.
func uniqueSorted(ps []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range ps {
		p = absPath(p)
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// settle finishes or rolls back the journal's set, removes its staged
// files and the journal, and says what it did.
func (j *journal) settle() (string, error) {
	now := make([]string, len(j.Files))
	allNew := true
	for i, f := range j.Files {
		h, err := sources.FileDigest(f.Real)
		if err != nil {
			return "", fmt.Errorf("%s (written by an interrupted export): %v", f.Path, sources.PathErrText(err))
		}
		now[i] = h
		allNew = allNew && h == f.New
	}
	var names []string
	for _, f := range j.Files {
		names = append(names, f.Path)
	}
	var note string
	if allNew && j.State == stateReplacing {
		for _, f := range j.Files {
			if f.BakTemp != "" && exists(f.BakTemp) {
				os.Rename(f.BakTemp, f.Bak)
			}
		}
		note = fmt.Sprintf("an export interrupted on %s had written every file; it is finished (%s)", j.Started, strings.Join(names, ", "))
	} else {
		var left []string
		for i, f := range j.Files {
			switch {
			case f.Create && now[i] == f.New:
				os.Remove(f.Real)
			case f.Create && now[i] == "":
			case !f.Create && now[i] == f.Old:
			case !f.Create && now[i] == f.New:
				err := fs.ErrNotExist
				if f.Restore != "" && exists(f.Restore) {
					err = os.Rename(f.Restore, f.Real)
				}
				if err != nil {
					left = append(left, fmt.Sprintf("%s holds the new contents and putting back the old failed (%v); they are in %s", f.Path, err, f.Bak))
				}
			default:
				left = append(left, fmt.Sprintf("%s changed after the export was interrupted; left as it is", f.Path))
			}
		}
		note = fmt.Sprintf("an export interrupted on %s had not written every file; it is rolled back, %s as before it", j.Started, strings.Join(names, ", "))
		if len(left) > 0 {
			note += " except: " + strings.Join(left, "; ")
		}
	}
	for _, d := range j.dirs() {
		syncDir(d)
	}
	j.remove()
	for _, p := range j.Temps {
		if p != "" {
			os.Remove(p)
		}
	}
	return note, nil
}

// staleTemp is a temporary file of an export (os.CreateTemp's
// ".<name>.tmp-<digits>"): under the directory lock, one left behind is a
// killed export's.
// (the pattern `^\..+\.tmp-[0-9]+$`, without a regexp to compile on every
// export).
func isStaleTemp(name string) bool {
	i := len(name)
	for i > 0 && name[i-1] >= '0' && name[i-1] <= '9' {
		i--
	}
	mid, ok := strings.CutSuffix(name[:i], ".tmp-")
	return i < len(name) && ok && len(mid) >= 2 && mid[0] == '.' && !strings.Contains(mid[1:], "\n")
}

// removeStaleTemps deletes what killed exports left in dirs; the caller
// holds their locks. It returns how many it removed.
func removeStaleTemps(dirs []string) int {
	n := 0
	for _, d := range dirs {
		entries, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.Type().IsRegular() && isStaleTemp(e.Name()) && os.Remove(filepath.Join(d, e.Name())) == nil {
				n++
			}
		}
	}
	return n
}

// settleDirs settles every journal found in dirs and removes stale
// temporary files there, taking the locks of every directory involved. It
// returns what it did, worded for a note.
func settleDirs(dirs []string) ([]string, error) {
	dirs = uniqueSorted(dirs)
	for attempt := 0; ; attempt++ {
		js, err := readJournals(dirs)
		if err != nil {
			return nil, err
		}
		all := dirs
		for _, j := range js {
			all = append(all, j.dirs()...)
		}
		all = existingDirs(uniqueSorted(all)) // a directory gone since is nothing to lock
		unlock, err := lockDirs(all)
		if err != nil {
			return nil, err
		}
		notes, again, err := settleLocked(dirs, all)
		unlock()
		if !again || attempt >= 3 {
			return notes, err
		}
	}
}

// settleLocked does settleDirs' work with locked held; again asks for a
// retry with more locks (a journal appeared whose directories are not
// held).
func settleLocked(dirs, locked []string) (notes []string, again bool, err error) {
	js, err := readJournals(dirs)
	if err != nil {
		return nil, false, err
	}
	for _, j := range js {
		for _, d := range existingDirs(j.dirs()) {
			if !slicesContains(locked, d) {
				return nil, true, nil
			}
		}
	}
	for _, j := range js {
		note, err := j.settle()
		if err != nil {
			return notes, false, err
		}
		notes = append(notes, note)
	}
	if n := removeStaleTemps(locked); n > 0 {
		notes = append(notes, fmt.Sprintf("removed %d temporary file(s) an interrupted export left", n))
	}
	return notes, false, nil
}

// SettleInterrupted finishes or rolls back an export that was killed while
// it wrote into the directories of paths (files or directories), and
// removes the temporary files it left. BuildExport calls it first, so a
// rerun after a kill never reads a mix of old and new files.
func SettleInterrupted(paths ...string) ([]string, error) {
	var dirs []string
	for _, p := range paths {
		if p == "" {
			continue
		}
		if info, err := os.Stat(p); err == nil && info.IsDir() {
			dirs = append(dirs, p)
		} else {
			dirs = append(dirs, filepath.Dir(p))
		}
		if real, err := filepath.EvalSymlinks(p); err == nil {
			if info, err := os.Stat(real); err == nil && !info.IsDir() {
				dirs = append(dirs, filepath.Dir(real))
			}
		}
	}
	ok := existingDirs(uniqueSorted(dirs))
	if len(ok) == 0 {
		return nil, nil
	}
	return settleDirs(ok)
}

func existingDirs(dirs []string) []string {
	var ok []string
	for _, d := range dirs {
		if info, err := os.Stat(d); err == nil && info.IsDir() {
			ok = append(ok, d)
		}
	}
	return ok
}
