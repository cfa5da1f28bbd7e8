package export

import (
	"crypto/hmac"
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
	"github.com/sweeptune/sweeptune/sources/reading"
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
// The next export that writes into those directories (export --write, or
// a write) finds the journal under the directory locks and settles the set
// before it reads a file, once it has proved the journal its own
// (ownership.go: its MAC verifies under the user's key, and every path it
// names is one of the export's own files in the directories this export
// writes); a dry run or a preview only names the journal and stops
// (FindInterrupted). The settled set: when every file already holds its new contents
// the export is finished; otherwise it is rolled back, each replaced file
// getting its staged old contents back and each created one removed, so a
// rerun of the same export writes it whole. Either way the note says which,
// and temporary files a killed export left are removed.

const (
	journalPrefix = ".sweeptune-export-"
	journalSuffix = ".journal"

	journalVersion   = 2 // 1: unsigned, never settled
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
	// MAC proves the journal this user's (ownMAC over the rest): a
	// journal a checkout ships cannot carry one.
	MAC string `json:"mac,omitempty"`

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
	j := &journal{Version: journalVersion, State: stateReplacing, Started: time.Now().UTC().Format(time.RFC3339)}
	for _, d := range dirs {
		j.Copies = append(j.Copies, filepath.Join(d, name))
	}
	for _, t := range ts {
		f := journalFile{Path: t.Path, Real: t.real, Temp: absPath(t.temp), Restore: absPath(t.restore),
			Bak: absPath(t.bak), BakTemp: absPath(t.bakTemp), Old: sources.Digest(t.Old), New: sources.Digest(t.Content)}
		j.Files = append(j.Files, f)
		j.Temps = append(j.Temps, f.Temp, f.Restore, f.BakTemp)
	}
	for _, c := range creates {
		f := journalFile{Path: c.Path, Real: absPath(c.Path), Temp: absPath(c.temp), Create: true, New: sources.Digest(c.Content)}
		j.Files = append(j.Files, f)
		j.Temps = append(j.Temps, f.Temp)
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
	j.MAC = j.mac()
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
// its number of copies), each proved this user's own and naming only files
// in targets (journalProblem); a journal that cannot be read or proved is
// an *InterruptedError naming it, never silently dropped nor acted on.
func readJournals(dirs, targets []string) ([]*journal, error) {
	var out []*journal
	var found []FoundJournal
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
			p := filepath.Join(absPath(d), name)
			data, err := sources.ReadRegularMax(p, 16<<20)
			if errors.Is(err, fs.ErrNotExist) {
				// Settled and removed by its export since the directory was
				// listed (read before the locks are taken, to learn which
				// to take): nothing is left to do for it.
				continue
			}
			if err != nil {
				found = append(found, FoundJournal{Path: p, Problem: fmt.Sprintf("it cannot be read: %v", reading.PathErr(err))})
				continue
			}
			var j journal
			if err := json.Unmarshal(data, &j); err != nil {
				found = append(found, FoundJournal{Path: p, Problem: fmt.Sprintf("it is damaged (%v)", err)})
				continue
			}
			if problem := j.problem(p, targets); problem != "" {
				found = append(found, FoundJournal{Path: p, Problem: problem})
				continue
			}
			seen[name] = true
			out = append(out, &j)
		}
	}
	if len(found) > 0 {
		return nil, &InterruptedError{Journals: found}
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
			ps = append(ps, filepath.Dir(f.Bak))
		}
	}
	return uniqueSorted(ps)
}

// mac is the journal's MAC (over every field but the MAC).
func (j *journal) mac() string {
	c := *j
	c.MAC = ""
	data, _ := json.Marshal(&c)
	return hex.EncodeToString(ownMAC("journal", data))
}

// problem says why the journal found at p is not one this export may
// settle, "" when it may: it is this user's (its MAC verifies), it names
// itself, and every file it names is one of an export's own files (the
// target, its staged copies and backup, of the expected names) in the
// directories that hold its copies, all of them among targets.
func (j *journal) problem(p string, targets []string) string {
	const foreign = "it was not written by sweeptune under this account"
	switch {
	case j.Version != journalVersion:
		return fmt.Sprintf("%s (version %d, unsigned)", foreign, j.Version)
	case j.MAC == "" || !hmac.Equal([]byte(j.MAC), []byte(j.mac())):
		return foreign + " (its signature does not verify with the key in " + filepath.Join(sources.StateDir(), keyFile) + ")"
	case !slicesContains(j.Copies, p):
		return "it does not name itself among its copies"
	}
	name := filepath.Base(p)
	var copyDirs []string
	for _, c := range j.Copies {
		if !cleanAbs(c) || filepath.Base(c) != name {
			return fmt.Sprintf("it names a copy %q that is not one of its own", c)
		}
		copyDirs = append(copyDirs, filepath.Dir(c))
	}
	own := func(path, beside string) bool { // a staged file of beside's
		if path == "" {
			return true
		}
		base, ok := isOwnTemp(filepath.Base(path))
		return cleanAbs(path) && ok && filepath.Dir(path) == filepath.Dir(beside) && base == filepath.Base(beside)
	}
	temps := map[string]bool{}
	for _, f := range j.Files {
		switch {
		case !cleanAbs(f.Real) || !slicesContains(copyDirs, filepath.Dir(f.Real)):
			return fmt.Sprintf("it names %q, not a file beside it", f.Real)
		case f.Temp == "" || !own(f.Temp, f.Real) || !own(f.Restore, f.Real):
			return fmt.Sprintf("it names staged files of %q that are not an export's", f.Real)
		case f.Create && (f.Restore != "" || f.Bak != "" || f.BakTemp != ""):
			return fmt.Sprintf("it names a backup of %q, a file it created", f.Real)
		case !f.Create && (f.Restore == "" || !cleanAbs(f.Bak) || !strings.HasSuffix(f.Bak, ".bak") ||
			!strings.HasPrefix(f.Bak, BackupDir()+string(filepath.Separator)) || !own(f.BakTemp, f.Bak)):
			return fmt.Sprintf("it names a backup of %q that is not an export's", f.Real)
		}
		temps[f.Temp], temps[f.Restore], temps[f.BakTemp] = true, true, true
	}
	for _, t := range j.Temps {
		if !temps[t] {
			return fmt.Sprintf("it names %q, not one of its staged files", t)
		}
	}
	for _, d := range uniqueSorted(copyDirs) {
		if _, err := os.Lstat(d); errors.Is(err, fs.ErrNotExist) {
			continue // gone since: nothing there can be touched
		}
		if !slicesContains(targets, d) {
			return fmt.Sprintf("it also wrote into %s, which this export does not write: run the export that names those files again with --write to settle it", d)
		}
	}
	return ""
}

// cleanAbs reports whether p is an absolute path in its clean form.
func cleanAbs(p string) bool { return filepath.IsAbs(p) && filepath.Clean(p) == p }

// FoundJournal is an interrupted export's journal and, when it cannot be
// settled, why.
type FoundJournal struct {
	Path    string
	Problem string // "": this user's own, settled by the next --write
}

// InterruptedError stops an export that found journals it may not settle
// now: a dry run or a preview (which settle nothing), or journals that
// are not provably this user's. Every file is left where it was.
type InterruptedError struct {
	Journals []FoundJournal
}

func (e *InterruptedError) Error() string {
	var parts []string
	for _, j := range e.Journals {
		if j.Problem == "" {
			parts = append(parts, fmt.Sprintf("%s: an interrupted export's journal; a dry run settles nothing: run the same export with --write to finish or roll it back", j.Path))
		} else {
			parts = append(parts, fmt.Sprintf("%s: an export journal that cannot be settled: %s; nothing was settled, removed or renamed: check the files it names, then remove it", j.Path, j.Problem))
		}
	}
	return strings.Join(parts, "; ")
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
			return "", fmt.Errorf("%s (written by an interrupted export): %v", f.Path, reading.PathErr(err))
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

// removeStaleTemps deletes what killed exports left in dirs: regular
// files whose names prove them this user's export temporaries (isOwnTemp);
// a user's own ".<x>.tmp-<digits>" is never one. The caller holds the
// directories' locks. It returns how many it removed.
func removeStaleTemps(dirs []string) int {
	n := 0
	for _, d := range dirs {
		entries, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if !e.Type().IsRegular() {
				continue
			}
			if _, ok := isOwnTemp(e.Name()); ok && os.Remove(filepath.Join(d, e.Name())) == nil {
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
		js, err := readJournals(dirs, dirs)
		if err != nil {
			return nil, err
		}
		all := dirs
		for _, j := range js {
			all = append(all, j.dirs()...) // within dirs (journal.problem); kept for safety
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
	js, err := readJournals(dirs, dirs)
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
	ok := targetDirs(paths)
	if len(ok) == 0 {
		return nil, nil
	}
	return settleDirs(ok)
}

// FindInterrupted is what a dry run or a preview does in place of
// SettleInterrupted: it settles and removes nothing, and an
// *InterruptedError names every journal in the directories of paths.
func FindInterrupted(paths ...string) error {
	dirs := targetDirs(paths)
	if len(dirs) == 0 {
		return nil
	}
	js, err := readJournals(dirs, dirs)
	if err != nil {
		var ie *InterruptedError
		if errors.As(err, &ie) {
			// a dry run also names this user's own journals beside them
			for _, d := range dirs {
				entries, _ := os.ReadDir(d)
				for _, e := range entries {
					if n := e.Name(); strings.HasPrefix(n, journalPrefix) && strings.HasSuffix(n, journalSuffix) && !ie.names(filepath.Join(d, n)) {
						ie.Journals = append(ie.Journals, FoundJournal{Path: filepath.Join(d, n)})
					}
				}
			}
		}
		return err
	}
	if len(js) == 0 {
		return nil
	}
	ie := &InterruptedError{}
	for _, j := range js {
		for _, c := range j.Copies {
			if slicesContains(dirs, filepath.Dir(c)) {
				ie.Journals = append(ie.Journals, FoundJournal{Path: c})
				break
			}
		}
	}
	return ie
}

func (e *InterruptedError) names(p string) bool {
	for _, j := range e.Journals {
		if j.Path == p {
			return true
		}
	}
	return false
}

// targetDirs are the existing directories of paths (files or directories),
// each file's link target's too.
func targetDirs(paths []string) []string {
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
	return existingDirs(uniqueSorted(dirs))
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
