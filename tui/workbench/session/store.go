package session

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sweeptune/sweeptune/sources"
)

// Two workbenches opened on the same inputs share one session file. Each
// save checks, under a lock on the file, that the file is still what this
// workbench last read or wrote; when another workbench saved it meanwhile,
// it is not overwritten: this workbench's session goes to a file of its
// own beside it (<name>-<pid>.json), for good, and the save says so. No
// mark is lost, and none is merged behind the user's back.

// Store saves one workbench's session.
type Store struct {
	mu     sync.Mutex
	path   string // the shared session file
	target string // where saves go: path, or the file aside
	disk   string // hash of what path held when last read or written here
	known  bool   // disk is known (Load read it, or a save wrote it)
}

// NewStore saves to path; loaded is what Load returned for it (the zero
// File when it was not read: the first save then checks nothing).
func NewStore(path string, loaded File) *Store {
	return &Store{path: path, target: path, disk: loaded.disk, known: loaded.read}
}

// Saved says where a save went.
type Saved struct {
	Path string // the file written
	// Aside is set from the save that found the shared file changed by
	// another workbench on; Moved only on that save.
	Aside, Moved bool
}

// Save writes f. An error says the session is not saved.
func (s *Store) Save(f File) (Saved, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	unlock, err := lockFile(s.path + ".lock")
	if err != nil {
		return Saved{Path: s.target, Aside: s.target != s.path}, err
	}
	defer unlock()
	moved := false
	if s.target == s.path && s.known {
		now, err := sources.FileDigest(s.path)
		if err != nil {
			return Saved{Path: s.path}, fmt.Errorf("session %s: %w", s.path, unwrap(err))
		}
		if now != s.disk {
			s.target, moved = asidePath(s.path), true
		}
	}
	data, err := encode(f)
	if err == nil {
		err = writeFile(s.target, data)
	}
	if err == nil && s.target == s.path {
		s.disk, s.known = sources.Digest(data), true
	}
	return Saved{Path: s.target, Aside: s.target != s.path, Moved: moved}, err
}

// Path is where the next save goes.
func (s *Store) Path() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.target
}

// lockWait is how long a save waits for another workbench's.
const lockWait = 10 * time.Second

// lockFile holds an exclusive lock on path (made if need be, beside the
// session: the session itself is replaced by a rename) until unlock.
func lockFile(path string) (unlock func(), err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	release, err := sources.LockFile(f, lockWait)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("session %s: another workbench is saving (%v); try again", path, err)
	}
	return func() {
		release()
		f.Close()
	}, nil
}

func asidePath(path string) string {
	return strings.TrimSuffix(path, ".json") + "-" + strconv.Itoa(os.Getpid()) + ".json"
}

func encode(f File) ([]byte, error) {
	f.Version = Version
	data, err := json.MarshalIndent(f, "", "  ")
	return append(data, '\n'), err
}
