package export

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// New files (a recipe derived from its nearest sibling): staged beside
// their path and linked into place, which fails rather than replace a file
// that appeared meanwhile. They are created after every replacement, so a
// failure rolls the replacements back and removes what was created.

// creation is one new file being written.
type creation struct {
	FileWrite
	temp string
	done bool
}

func splitCreates(files []FileWrite) ([]*creation, []FileWrite) {
	var creates []*creation
	var rest []FileWrite
	for _, f := range files {
		if f.Create {
			creates = append(creates, &creation{FileWrite: f})
		} else {
			rest = append(rest, f)
		}
	}
	return creates, rest
}

func verifyCreates(creates []*creation) error {
	var problems []string
	for _, c := range creates {
		if c.Within != "" {
			if msg := confinedProblem(c.Path, c.Within); msg != "" {
				problems = append(problems, msg)
				continue
			}
		}
		if _, err := os.Lstat(c.Path); err == nil {
			problems = append(problems, fmt.Sprintf("%s already exists; not replaced (remove it or use --replace)", c.Path))
		} else if !errors.Is(err, fs.ErrNotExist) {
			problems = append(problems, fmt.Sprintf("%s: %v", c.Path, err))
		}
	}
	if len(problems) > 0 {
		return &RefusedError{Problems: problems}
	}
	return nil
}

func stageCreates(creates []*creation) error {
	for _, c := range creates {
		temp, err := writeTemp(c.Path, c.Content, 0o644, nil)
		if err != nil {
			return fmt.Errorf("%s: %w; nothing was written", c.Path, err)
		}
		c.temp = temp
	}
	return nil
}

// linkCreates puts every new file in place; on a failure the ones already
// created are removed again.
func linkCreates(creates []*creation) error {
	for i, c := range creates {
		if err := os.Link(c.temp, c.Path); err != nil {
			for _, done := range creates[:i] {
				os.Remove(done.Path)
			}
			return fmt.Errorf("create %s: %w (files created before it removed again)", c.Path, err)
		}
		c.done = true
	}
	return nil
}

func removeStaged(creates []*creation) {
	for _, c := range creates {
		if c.temp != "" {
			os.Remove(c.temp)
		}
	}
}
