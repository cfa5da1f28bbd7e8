package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/fsnotify/fsnotify"
)

// debounce groups the burst of events one result write makes; maxWait
// bounds the wait when events never stop (a log rewritten every 100 ms must
// not starve reloading).
const (
	debounce = 300 * time.Millisecond
	maxWait  = 2 * time.Second
)

// watcher turns file-system events under the watched directories into one
// wake-up at a time. A directory it cannot watch is a problem to show, not
// the end of watching: the rest is still watched.
type watcher struct {
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

// startWatch watches the directories and every directory below them. It
// fails only when nothing at all can be watched.
func startWatch(dirs []string) (*watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &watcher{fs: fw, events: make(chan struct{}, 1), seen: map[string]bool{}, roots: map[string]bool{}, parents: map[string]bool{}}
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
		return nil, fmt.Errorf("nothing could be watched: %s", strings.Join(w.takeProblems(), "; "))
	}
	guardGo(w.run) // a panic in it stops the program cleanly (run.go)
	return w, nil
}

// addTree watches dir and the directories below it, following links and
// passing over hidden directories as loading does.
func (w *watcher) addTree(dir string, root bool) {
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

func (w *watcher) problem(path string, err error) {
	if pe, ok := err.(*os.PathError); ok {
		err = pe.Err
	}
	w.mu.Lock()
	w.problems = append(w.problems, fmt.Sprintf("cannot watch %s (%v)", path, err))
	w.mu.Unlock()
}

// takeProblems returns and forgets what went wrong since the last call.
func (w *watcher) takeProblems() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	p := w.problems
	w.problems = nil
	return p
}

func (w *watcher) run() {
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
func (w *watcher) replaceRoot(root string, created bool) {
	for _, p := range w.fs.WatchList() {
		if p == root || strings.HasPrefix(p, root+string(filepath.Separator)) {
			w.fs.Remove(p)
		}
	}
	w.mu.Lock()
	for real := range w.seen {
		if real == root || strings.HasPrefix(real, root+string(filepath.Separator)) || !w.stillThere(real) {
			delete(w.seen, real)
		}
	}
	w.mu.Unlock()
	if created {
		if info, err := os.Stat(root); err == nil && info.IsDir() {
			w.addTree(root, true)
		}
	}
}

// stillThere reports a watched real path that still names a directory.
func (w *watcher) stillThere(real string) bool {
	info, err := os.Stat(real)
	return err == nil && info.IsDir()
}

func (w *watcher) wake() {
	select {
	case w.events <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// Close stops watching.
func (w *watcher) Close() error { return w.fs.Close() }

// waitWatch waits for the next change; nil without --watch.
func (m *Model) waitWatch() tea.Cmd {
	if m.watch == nil {
		return nil
	}
	ch := m.watch.events
	return func() tea.Msg {
		if _, ok := <-ch; !ok {
			return nil
		}
		return watchMsg{}
	}
}

// handleWatch starts (or extends) the quiet period before a reload; the
// first change of a burst also starts the deadline that ends it.
func (m *Model) handleWatch() tea.Cmd {
	if m.watch != nil {
		if p := m.watch.takeProblems(); len(p) > 0 {
			m.hold("--watch: " + strings.Join(p, "; ") + "; the rest is watched")
		}
	}
	m.watchSeq++
	seq := m.watchSeq
	cmds := []tea.Cmd{m.waitWatch(), tea.Tick(debounce, func(time.Time) tea.Msg { return reloadMsg{seq: seq} })}
	if !m.watchPending {
		m.watchPending = true
		m.burst++
		burst := m.burst
		cmds = append(cmds, tea.Tick(maxWait, func(time.Time) tea.Msg { return reloadMsg{burst: burst, deadline: true} }))
	}
	return tea.Batch(cmds...)
}

// handleReload reloads once the files have been quiet for the debounce,
// or when the burst's deadline comes first.
func (m *Model) handleReload(msg reloadMsg) tea.Cmd {
	if !m.watchPending {
		return nil // this burst was reloaded already
	}
	if msg.deadline && msg.burst != m.burst || !msg.deadline && msg.seq != m.watchSeq {
		return nil // a newer change or burst is pending
	}
	m.watchPending = false
	m.info("files changed: reloading…")
	return tea.Batch(m.load(), m.spin.Tick)
}
