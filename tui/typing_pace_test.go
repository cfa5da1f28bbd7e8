package tui

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sweeptune/sweeptune/internal/ptyrun"
	"github.com/sweeptune/sweeptune/sources/synth"
)

// The real program, built as users build it, on a million API rows in a
// pseudo-terminal, keys typed at a person's pace (0.3–1 s apart: the work
// ahead and the review run between them). It asserts that no key waits
// on a collection the program forced (the collector's own trace,
// GODEBUG=gctrace=1, marks those "forced"), and reports each key's update
// and frame as --debug logs it and the CPU the process spent until its
// first table. It times nothing against a bound: the figures go in
// docs/workbench-speed.md. SWEEPTUNE_PACE_SIZES ("ROWSxCURVES,…", default
// both million-row shapes) and SWEEPTUNE_PACE_BIN (a binary to drive
// instead of building one) choose what runs; SWEEPTUNE_PACE_KEEP (a
// directory) keeps the --debug log and the collector's trace there;
// SWEEPTUNE_PACE_GODEBUG (",scavtrace=1") adds to the program's GODEBUG.
func TestKeysAtTypingPaceWaitOnNoForcedCollection(t *testing.T) {
	if testing.Short() {
		t.Skip("drives the real program on a million rows: not in -short")
	}
	sizes := os.Getenv("SWEEPTUNE_PACE_SIZES")
	if sizes == "" {
		sizes = "1000000x12,1000000x1000"
	}
	bin := os.Getenv("SWEEPTUNE_PACE_BIN")
	if bin == "" {
		bin = buildProgram(t)
	}
	for _, size := range strings.Split(sizes, ",") {
		var rows, curves int
		if _, err := fmt.Sscanf(size, "%dx%d", &rows, &curves); err != nil {
			t.Fatalf("SWEEPTUNE_PACE_SIZES: %q: want ROWSxCURVES", size)
		}
		t.Run(size, func(t *testing.T) { typeAtPace(t, bin, rows, curves) })
	}
}

// buildProgram builds the module's main package (with its profile, as
// go build does) into the test's directory.
func buildProgram(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to build the program with")
	}
	bin := filepath.Join(t.TempDir(), "sweeptune")
	cmd := exec.Command(goTool, "build", "-o", bin, ".")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// namedKeys are the keys of pacedKeys bubbletea names by more than a rune.
var namedKeys = map[string]bool{"down": true, "enter": true, "tab": true, "shift+tab": true}

// pacedKeys are typed in turn, each after its pause: curves, axes, an
// overlay, an as-of date, the points table's moves and a filter.
var pacedKeys = []struct {
	key, bytes string
	pause      time.Duration
}{
	{"]", "]", 500}, {"]", "]", 700}, {"x", "x", 300}, {"y", "y", 1000}, {"[", "[", 500},
	{"o", "o", 500}, {"down", "\x1b[B", 300}, {" ", " ", 500}, {"enter", "\r", 700},
	{"@", "@", 500}, {"down", "\x1b[B", 300}, {"enter", "\r", 1000}, {"]", "]", 500},
	{"@", "@", 500}, {"enter", "\r", 700},
	{"y", "y", 500}, {"x", "x", 300}, {"tab", "\t", 500},
	{"j", "j", 300}, {"j", "j", 500}, {"G", "G", 700}, {"g", "g", 300},
	{"/", "/", 500}, {"n", "n", 300}, {"p", "p", 300}, {":", ":", 300}, {"3", "3", 500}, {"enter", "\r", 1000},
	{"j", "j", 500}, {"shift+tab", "\x1b[Z", 500}, {"]", "]", 500}, {"x", "x", 1000},
}

func typeAtPace(t *testing.T, bin string, rows, curves int) {
	dir := t.TempDir()
	data := filepath.Join(dir, "rows.json")
	if err := os.WriteFile(data, synth.Rows(rows, curves), 0o644); err != nil {
		t.Fatal(err)
	}
	if keep := os.Getenv("SWEEPTUNE_PACE_KEEP"); keep != "" {
		dir = filepath.Join(keep, fmt.Sprintf("%dx%d", rows, curves)) // the log and the trace kept to read
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	debugLog, trace := filepath.Join(dir, "debug.log"), filepath.Join(dir, "gctrace")
	errFile, err := os.Create(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer errFile.Close()
	cmd := exec.Command(bin, "tui", "--theme", "dark", "--debug", debugLog, data)
	cmd.Dir = dir
	cmd.Stderr = errFile
	cmd.Env = append(os.Environ(), "GODEBUG=gctrace=1"+os.Getenv("SWEEPTUNE_PACE_GODEBUG"), "TERM=xterm-256color", "HOME="+dir,
		"XDG_STATE_HOME="+filepath.Join(dir, "state"), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	start := time.Now()
	term, err := ptyrun.Start(cmd, 160, 48)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer term.Close()
	if !term.WaitFor("loaded ", 0, 5*time.Minute) {
		t.Fatalf("no first table after 5 minutes")
	}
	firstTable, firstCPU := time.Since(start), processCPUOf(cmd.Process.Pid)
	time.Sleep(time.Second) // the first work ahead starts: typing begins as a person's would
	sent := make([]time.Duration, len(pacedKeys))
	for i, k := range pacedKeys {
		time.Sleep(k.pause * time.Millisecond)
		sent[i] = time.Since(start)
		if err := term.Type(k.bytes); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(time.Second)
	term.Type("q")
	term.Wait(2 * time.Minute)

	logged := keyTimes(t, debugLog)
	cycles := collections(t, trace)
	var forced []span
	for _, c := range cycles {
		if c.forced {
			forced = append(forced, c)
		}
	}
	if n := loggedKeys(logged); n < len(pacedKeys) { // and q
		b, _ := os.ReadFile(debugLog)
		t.Fatalf("--debug logged %d keys, %d were typed:\n%s", n, len(pacedKeys), b)
	}
	t.Logf("%d rows over %d curves: first table after %s wall, %s CPU", rows, curves, firstTable.Round(time.Millisecond), firstCPU.Round(time.Millisecond))
	if b, err := os.ReadFile(debugLog); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, " load 1: ") {
				t.Log(l[strings.Index(l, " load 1: ")+1:]) // the load's phases
			}
		}
	}
	var worst time.Duration
	var line, costs, own strings.Builder
	k := 0 // the first key the entry covers
	for _, e := range logged {
		if k >= len(pacedKeys) {
			break
		}
		last := min(k+e.keys, len(pacedKeys)) - 1 // keys typed while the program was busy come as one
		fmt.Fprintf(&line, " %s %.1f", e.name, e.took.Seconds()*1000)
		if e.cpu >= 0 {
			fmt.Fprintf(&costs, " %s %.1f/%.1f", e.name, e.cpu.Seconds()*1000, e.allocMB)
		}
		if e.own >= 0 {
			fmt.Fprintf(&own, " %s %.1f", e.name, e.own.Seconds()*1000)
		}
		if e.keys > 1 {
			t.Logf("keys %d–%d (%q) came together: the program was busy when they were typed", k, last, e.name)
		}
		worst = max(worst, e.took)
		began := sent[last]
		if !e.began.IsZero() {
			began = e.began.Sub(start)
		}
		for _, c := range cycles {
			// the key's update and frame overlap the collection (the
			// process's clock starts a few milliseconds after start)
			if began >= c.end || began+e.took <= c.start {
				continue
			}
			if !c.forced {
				t.Logf("key %d (%q) took %s during a collection the heap's growth started (%s–%s)",
					last, e.name, e.took, c.start.Round(time.Millisecond), c.end.Round(time.Millisecond))
			} else {
				t.Errorf("key %d (%q, typed at %s) took %s during a forced collection (%s–%s)",
					last, e.name, began.Round(time.Millisecond), e.took, c.start.Round(time.Millisecond), c.end.Round(time.Millisecond))
			}
		}
		k = last + 1
	}
	t.Logf("keys (ms):%s; worst %.1f ms; %d collections, %d of them forced, the last forced ending at %s",
		line.String(), worst.Seconds()*1000, len(cycles), len(forced), lastEnd(forced))
	if costs.Len() > 0 {
		t.Logf("keys' process CPU (ms) / heap allocated (MB), the process's while each key ran:%s", costs.String())
	}
	if own.Len() > 0 {
		t.Logf("keys' own thread's CPU (ms), when the update ended on the thread it began on:%s", own.String())
	}
}

// loggedKey is one key message --debug logged: its name, how many keys
// typed it is, its update and frame.
type loggedKey struct {
	name  string
	keys  int
	began time.Time // when its update began (zero when the log has no such line)
	took  time.Duration
	// cpu and allocMB are the process's CPU and the heap allocated during
	// the key, own its thread's CPU (-1 when the log does not say: a
	// binary from before)
	cpu, own time.Duration
	allocMB  float64
}

// keyCostOf reads "CPU 3.1ms, 2.4 MB allocated, …, its thread 1.2ms…)" as
// --debug logs a key's cost: the process's CPU, the heap allocated and
// the key's own thread's CPU; -1 for what is not there.
func keyCostOf(s string) (cpu time.Duration, mb float64, own time.Duration) {
	cpu, mb, own = -1, -1, -1
	var c string
	if _, err := fmt.Sscanf(s, "CPU %s %g MB allocated", &c, &mb); err != nil {
		return -1, -1, -1
	}
	d, err := time.ParseDuration(strings.TrimSuffix(c, ","))
	if err != nil {
		return -1, -1, -1
	}
	cpu = d
	if _, t, ok := strings.Cut(s, ", its thread "); ok {
		t, _, _ = strings.Cut(t, ",")
		t, _, _ = strings.Cut(t, " ") // "1.2ms and 30 pages"
		if d, err := time.ParseDuration(strings.TrimSuffix(t, ")")); err == nil {
			own = d
		}
	}
	return cpu, mb, own
}

func loggedKeys(keys []loggedKey) int {
	n := 0
	for _, k := range keys {
		n += k.keys
	}
	return n
}

// keyTimes are the keys --debug logged with their update-and-frame times.
func keyTimes(t *testing.T, path string) []loggedKey {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []loggedKey
	var began time.Time
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if f := strings.Fields(line); len(f) > 4 && f[3] == "key" && strings.HasSuffix(line, " in "+f[len(f)-1]) && !strings.Contains(line, ": update and frame in ") {
			began, _ = time.ParseInLocation("2006/01/02 15:04:05.000000", f[1]+" "+f[2], time.Local)
		}
		i := strings.Index(line, ": update and frame in ")
		q := strings.Index(line, `key "`)
		if i < 0 || q < 0 || q > i {
			continue
		}
		took, cost, _ := strings.Cut(line[i+len(": update and frame in "):], " (")
		d, err := time.ParseDuration(strings.TrimSpace(took))
		name, err2 := strconv.Unquote(line[q+len("key ") : i])
		if err != nil || err2 != nil {
			t.Fatalf("--debug: %q: %v %v", line, err, err2)
		}
		n := len([]rune(name)) // runes typed together; a named key is one
		if _, ok := namedKeys[name]; ok {
			n = 1
		}
		k := loggedKey{name: name, keys: n, began: began, took: d}
		k.cpu, k.allocMB, k.own = keyCostOf(cost)
		out = append(out, k)
		began = time.Time{}
	}
	return out
}

// span is a collection: a stretch of the process's life, from its start.
type span struct {
	start, end time.Duration
	forced     bool // asked for by the program (runtime.GC)
}

// gcLine is the collector's trace of one cycle: when it began (seconds
// from the process's start) and its three phases' wall time.
var gcLine = regexp.MustCompile(`^gc \d+ @([0-9.]+)s \d+%: ([0-9.]+)\+([0-9.]+)\+([0-9.]+) ms clock`)

// collections are the collector's cycles.
func collections(t *testing.T, path string) []span {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []span
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := gcLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		at, _ := strconv.ParseFloat(m[1], 64)
		var ms float64
		for _, p := range m[2:] {
			v, _ := strconv.ParseFloat(p, 64)
			ms += v
		}
		s := time.Duration(at * float64(time.Second))
		out = append(out, span{s, s + time.Duration(ms*float64(time.Millisecond)), strings.HasSuffix(sc.Text(), "(forced)")})
	}
	return out
}

func lastEnd(spans []span) string {
	if len(spans) == 0 {
		return "-"
	}
	return spans[len(spans)-1].end.Round(time.Millisecond).String()
}

// processCPUOf is a running process's CPU time (user and system).
func processCPUOf(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * (time.Second / 100) // USER_HZ
}
