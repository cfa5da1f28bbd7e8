package tui

import (
	"io/fs"
	"path/filepath"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/fsnotify/fsnotify"
)

// debounce groups the burst of events one result write makes.
const debounce = 300 * time.Millisecond

// watcher turns file-system events under the watched directories into one
// wake-up at a time.
type watcher struct {
	fs     *fsnotify.Watcher
	events chan struct{}
}

// startWatch watches the directories and every directory below them.
func startWatch(dirs []string) (*watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &watcher{fs: fw, events: make(chan struct{}, 1)}
	for _, d := range dirs {
		if err := w.addTree(d); err != nil {
			fw.Close()
			return nil, err
		}
	}
	go w.run()
	return w, nil
}

func (w *watcher) addTree(root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return w.fs.Add(p)
		}
		return nil
	})
}

func (w *watcher) run() {
	defer close(w.events)
	for {
		select {
		case ev, ok := <-w.fs.Events:
			if !ok {
				return
			}
			if ev.Has(fsnotify.Create) {
				_ = w.addTree(ev.Name) // a new result directory: watch it too
			}
			select {
			case w.events <- struct{}{}:
			default: // a wake-up is already pending
			}
		case _, ok := <-w.fs.Errors:
			if !ok {
				return
			}
		}
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
