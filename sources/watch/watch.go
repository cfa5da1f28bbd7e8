// Package watch tells when the files under some directories change, for
// the workbench's --watch: every directory below them is watched (links
// followed once, hidden ones passed over as loading does), a directory
// created later is watched too, and one that cannot be watched is a problem
// to show while the rest still is.
package watch

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/fsnotify/fsnotify"
)

// Watcher turns file-system events under the watched directories into one
// wake-up at a time. A directory it cannot watch is a problem to show, not
// the end of watching: the rest is still watched.
type Watcher struct {
	fs     *fsnotify.Watcher
	events chan struct{}

	mu       sync.Mutex
	problems []string
	seen     map[string]bool // real paths of watched directories (links are followed once)

	// The paths given are watched, not the directories that were there at
	// the start: each one's parent is watched too (for nothing else), so
	// that `mv results results.old; mkdir results` moves the watch onto
	// the new directory.
	roots   map[string]bool // the watched paths, cleaned
	parents map[string]bool // parents watched only to see a root come back
}

// Start watches the directories and every directory below them. It
// fails only when nothing at all can be watched.
func Start(dirs []string) (*Watcher, error) {
	return StartWith(dirs, func(f func()) { go f() })
}

// StartWith is Start with the goroutine that reads events started by
// spawn (the workbench's catches a panic in it and restores the terminal).
func StartWith(dirs []string, spawn func(func())) (*Watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{fs: fw, events: make(chan struct{}, 1), seen: map[string]bool{}, roots: map[string]bool{}, parents: map[string]bool{}}
	for _, d := range dirs {
		w.roots[filepath.Clean(d)] = true
		w.addTree(d, true)
	}
	for d := range w.roots {
		parent := filepath.Dir(d)
		if real, err := filepath.EvalSymlinks(parent); err == nil && !w.seen[real] && parent != d && fw.Add(parent) == nil {
			w.parents[parent] = true
		}
	}
	if len(fw.WatchList()) == 0 {
		fw.Close()
		return nil, fmt.Errorf("nothing could be watched: %s", strings.Join(w.TakeProblems(), "; "))
	}
	spawn(w.run)
	return w, nil
}

// addTree watches dir and the directories below it, following links and
// passing over hidden directories as loading does.
func (w *Watcher) addTree(dir string, root bool) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		w.problem(dir, err)
		return
	}
	w.mu.Lock()
	done := w.seen[real]
	w.seen[real] = true
	w.mu.Unlock()
	if done {
		return // watched already, or a link loop
	}
	if err := w.fs.Add(dir); err != nil {
		w.problem(dir, err)
		return
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		w.problem(dir, err)
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		isDir := e.IsDir()
		if e.Type()&os.ModeSymlink != 0 {
			info, err := os.Stat(p)
			isDir = err == nil && info.IsDir()
		}
		if isDir {
			w.addTree(p, false)
		}
	}
}

func (w *Watcher) problem(path string, err error) {
	if pe, ok := err.(*os.PathError); ok {
		err = pe.Err
	}
	w.mu.Lock()
	w.problems = append(w.problems, fmt.Sprintf("cannot watch %s (%v)", path, err))
	w.mu.Unlock()
}

// TakeProblems returns and forgets what went wrong since the last call.
func (w *Watcher) TakeProblems() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	p := w.problems
	w.problems = nil
	return p
}

func (w *Watcher) run() {
	defer close(w.events)
	for {
		select {
		case ev, ok := <-w.fs.Events:
			if !ok {
				return
			}
			name := filepath.Clean(ev.Name)
			if w.roots[name] && ev.Op&(fsnotify.Create|fsnotify.Remove|fsnotify.Rename) != 0 {
				w.replaceRoot(name, ev.Has(fsnotify.Create))
				w.wake()
				continue
			}
			if w.parents[filepath.Dir(name)] && !w.roots[name] && !w.parents[name] {
				continue // beside a watched directory, not in it
			}
			if ev.Has(fsnotify.Create) {
				if info, err := os.Stat(ev.Name); err == nil && info.IsDir() && !strings.HasPrefix(filepath.Base(ev.Name), ".") {
					w.addTree(ev.Name, false) // a new result directory: watch it too
				}
			}
			w.wake()
		case err, ok := <-w.fs.Errors:
			if !ok {
				return
			}
			w.mu.Lock()
			w.problems = append(w.problems, err.Error()) // e.g. the event queue overflowed
			w.mu.Unlock()
			w.wake()
		}
	}
}

// replaceRoot follows a watched path whose directory went away (moved,
// removed) or came back: the old directory's watches are dropped, so the
// moved-away tree no longer wakes the workbench, and a new one is watched.
func (w *Watcher) replaceRoot(root string, created bool) {
	for _, p := range w.fs.WatchList() {
		if p == root || strings.HasPrefix(p, root+string(filepath.Separator)) {
			w.fs.Remove(p)
		}
	}
	w.mu.Lock()
	for real := range w.seen {
		if real == root || strings.HasPrefix(real, root+string(filepath.Separator)) || !isDir(real) {
			delete(w.seen, real)
		}
	}
	w.mu.Unlock()
	if created && isDir(root) {
		w.addTree(root, true)
	}
}

func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}

func (w *Watcher) wake() {
	select {
	case w.events <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// Events has a value after each burst of changes (one pending at most); it
// is closed when watching stops.
func (w *Watcher) Events() <-chan struct{} { return w.events }

// Close stops watching.
func (w *Watcher) Close() error { return w.fs.Close() }
