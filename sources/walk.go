package sources

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// dataWalk lists the data files under a directory. Symbolic links are
// followed (a results directory is often a link farm); a link back to a
// directory being walked is a loop and is not followed, and a file or
// directory reached twice is read once. Hidden entries and prose are passed
// over; anything else that cannot be read is warned about, never dropped
// silently.
type dataWalk struct {
	ds    *Dataset
	seen  map[fileKey]bool // directories and files already taken
	files []string
}

func walkData(root string, info fs.FileInfo, ds *Dataset) []string {
	w := &dataWalk{ds: ds, seen: map[fileKey]bool{}}
	w.dir(root, info, nil)
	return w.files
}

// dir reads one directory; open holds the keys of the directories it is
// inside, to tell a loop from a second way into the same directory.
func (w *dataWalk) dir(path string, info fs.FileInfo, open []fileKey) {
	key, keyed := keyOf(path, info)
	if keyed {
		for _, k := range open {
			if k == key {
				w.ds.Notices = append(w.ds.Notices, OneLine(path)+": symbolic link loop (a directory inside itself); not followed")
				return
			}
		}
		if w.seen[key] {
			return
		}
		w.seen[key] = true
		open = append(open, key)
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		w.ds.Files++
		w.ds.Warnf(path, "", "cannot read: %v", unwrapPathErr(err))
		return
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue // dot files and directories are not data
		}
		full := filepath.Join(path, name)
		mode := e.Type()
		var fi fs.FileInfo
		if mode&fs.ModeSymlink != 0 {
			if fi, err = os.Stat(full); err != nil {
				w.ds.Files++
				w.ds.Warnf(full, "", "symbolic link that cannot be followed: %v", unwrapPathErr(err))
				continue
			}
			mode = fi.Mode().Type()
		}
		switch {
		case mode.IsDir():
			if fi == nil {
				if fi, err = e.Info(); err != nil {
					w.ds.Warnf(full, "", "cannot read: %v", unwrapPathErr(err))
					continue
				}
			}
			w.dir(full, fi, open)
		case mode.IsRegular():
			if isProse(name) {
				continue // a README beside the results is not data
			}
			if fi == nil {
				fi, _ = e.Info()
			}
			if fk, ok := keyOf(full, fi); ok && fi != nil {
				if w.seen[fk] {
					continue // the same file through a link: read once
				}
				w.seen[fk] = true
			}
			w.files = append(w.files, full)
		default:
			w.ds.Files++
			w.ds.Warnf(full, "", "not a regular file (%s); skipped", kindOf(mode))
		}
	}
}
