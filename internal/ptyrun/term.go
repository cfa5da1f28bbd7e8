package ptyrun

import (
	"bytes"
	"os"
	"os/exec"
	"sync"
	"time"
)

// Term is a program running on a pseudo-terminal.
type Term struct {
	cmd    *exec.Cmd
	master *os.File
	mu     sync.Mutex
	out    bytes.Buffer  // everything drawn so far
	done   chan struct{} // closed when the reader stops
}

// Start runs cmd on a new pseudo-terminal of cols × rows (cmd's standard
// error is left as the caller set it). The terminal answers the queries a
// program makes of it at start: its background colour and the cursor's
// place.
func Start(cmd *exec.Cmd, cols, rows int) (*Term, error) {
	master, slave, err := open(cols, rows)
	if err != nil {
		return nil, err
	}
	attach(cmd, slave)
	if err := cmd.Start(); err != nil {
		master.Close()
		slave.Close()
		return nil, err
	}
	slave.Close() // the child has it
	t := &Term{cmd: cmd, master: master, done: make(chan struct{})}
	go t.read()
	return t, nil
}

// queries are what a terminal is asked and what it answers.
var queries = []struct{ ask, answer string }{
	{"\x1b]11;?", "\x1b]11;rgb:0000/0000/0000\x1b\\"}, // background colour: black
	{"\x1b[6n", "\x1b[1;1R"},                          // cursor position
}

func (t *Term) read() {
	defer close(t.done)
	buf := make([]byte, 64<<10)
	for {
		n, err := t.master.Read(buf)
		if n > 0 {
			chunk := buf[:n]
			t.mu.Lock()
			t.out.Write(chunk)
			t.mu.Unlock()
			for _, q := range queries {
				for c := bytes.Count(chunk, []byte(q.ask)); c > 0; c-- {
					t.master.WriteString(q.answer)
				}
			}
		}
		if err != nil {
			return
		}
	}
}

// Type writes keys as typed.
func (t *Term) Type(keys string) error {
	_, err := t.master.WriteString(keys)
	return err
}

// Drawn is the count of bytes drawn so far.
func (t *Term) Drawn() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.out.Len()
}

// WaitFor waits up to timeout for text to be drawn after the first from
// bytes; false when it was not.
func (t *Term) WaitFor(text string, from int, timeout time.Duration) bool {
	end := time.Now().Add(timeout)
	for {
		t.mu.Lock()
		found := bytes.Contains(t.out.Bytes()[min(from, t.out.Len()):], []byte(text))
		t.mu.Unlock()
		if found {
			return true
		}
		if time.Now().After(end) {
			return false
		}
		select {
		case <-t.done:
			return false
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// Close ends the program (killed if it has not ended within a second of
// its terminal closing) and waits for it.
func (t *Term) Close() error {
	t.master.Close()
	exited := make(chan error, 1)
	go func() { exited <- t.cmd.Wait() }()
	select {
	case err := <-exited:
		return err
	case <-time.After(time.Second):
		t.cmd.Process.Kill()
		return <-exited
	}
}

// Wait waits up to timeout for the program to end by itself.
func (t *Term) Wait(timeout time.Duration) bool {
	select {
	case <-t.done:
		return true
	case <-time.After(timeout):
		return false
	}
}
