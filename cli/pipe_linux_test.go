package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func pipeSize(t *testing.T, f *os.File) int {
	t.Helper()
	const getPipeSize = 1032 // F_GETPIPE_SZ
	n, _, errno := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), getPipeSize, 0)
	if errno != 0 {
		t.Fatalf("F_GETPIPE_SZ: %v", errno)
	}
	return int(n)
}

// A large --json document asks for a megabyte of pipe; a file is left be.
func TestGrowPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	before := pipeSize(t, w)
	growPipe(w)
	limit, err := os.ReadFile("/proc/sys/fs/pipe-max-size")
	if n, perr := strconv.Atoi(strings.TrimSpace(string(limit))); err != nil || perr != nil || n < pipeBytes {
		t.Skipf("pipes may not be made %d bytes here (%q, %v)", pipeBytes, limit, err)
	}
	if got := pipeSize(t, w); got != pipeBytes {
		t.Fatalf("pipe of %d bytes is %d after growPipe, want %d", before, got, pipeBytes)
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "out.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	growPipe(f) // no pipe: nothing to do, nothing to fail
	growPipe(nil)
}
