package export

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/reading"
	"github.com/sweeptune/sweeptune/sources/srt"

	"go.yaml.in/yaml/v3"
)

// The run queue (docs/select.md): proposed runs written as srt-slurm
// overrides in the target bundle's own dialect, in a file of their own that
// carries the bundle's base, so `srtctl apply -f QUEUE:override_x` runs
// exactly one proposal. Runs of one configuration at several concurrencies
// become one zip_override_* (srtctl runs one job per element); a short run
// states its duration where the bundle's benchmark takes one
// (benchmark.env.DURATION). Every block is read back through the recipe
// reader before anything is written, and must give back its run's knobs.

// QueuedRun is one run to write.
type QueuedRun struct {
	Point     model.Point // the knobs and concurrency (and an ID naming the run)
	DurationS int         // 0: the bundle's own
	Comment   []string    // lines above the block: the prediction and the model's error
}

// QueueRequest says which runs to write, from which bundle, to which file.
type QueueRequest struct {
	RecipePath string // the target bundle (base + override_* blocks)
	QueuePath  string // the queue file; named in the srtctl lines
	Runs       []QueuedRun
	Title      []string                     // header lines (what proposed the runs)
	ReadFile   func(string) ([]byte, error) // nil: sources.ReadRegular
}

// QueueEntry is one block of the queue and the command that submits it.
type QueueEntry struct {
	Selector string   `json:"selector"` // override_x or zip_override_x
	IDs      []string `json:"ids"`      // the runs it holds, in order
	Names    []string `json:"names"`    // their job names
	Command  string   `json:"command"`  // srtctl apply -f QUEUE:selector
}

// QueuePlan is the queue file as it would be written.
type QueuePlan struct {
	Path     string       `json:"path"`
	Text     string       `json:"-"`
	Entries  []QueueEntry `json:"entries"`
	Notes    []string     `json:"notes"`
	Refusals []string     `json:"refusals"`

	wantKeys []string // the file's top-level keys: the bundle's own, then each entry's
}

// QueueTitle starts every queue file's first line ("# " + QueueTitle …):
// a file that does not start so is not a queue, and never replaced.
const QueueTitle = "Runs proposed by sweeptune"

// Write creates or replaces the queue file atomically (a replaced file
// keeps a backup under the state directory). A symbolic link, a file that
// is not regular, or a non-empty file that is not a queue is refused.
func (q *QueuePlan) Write() error {
	if len(q.Refusals) > 0 {
		return &RefusedError{Problems: q.Refusals}
	}
	if problem := notAQueue(q.Path); problem != "" {
		return &RefusedError{Problems: []string{problem}}
	}
	old, err := sources.ReadRegular(q.Path)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: %v", q.Path, reading.PathErr(err))
	}
	return WriteFilesAtomic([]FileWrite{{Path: q.Path, Old: old, Content: []byte(q.Text), Create: !exists}})
}

// notAQueue says why the file at path may not be replaced by a queue, ""
// when it may (or does not exist).
func notAQueue(path string) string {
	info, err := os.Lstat(path)
	switch {
	case err != nil:
		return ""
	case !info.Mode().IsRegular():
		return fmt.Sprintf("%s: %v (the queue is never written through a link or into a special file)", path, sources.NotRegularError{Mode: info.Mode()})
	case info.Size() == 0:
		return ""
	}
	f, err := sources.OpenReadable(path)
	if err != nil {
		return fmt.Sprintf("%s: %v", path, reading.PathErr(err))
	}
	defer f.Close()
	head := make([]byte, len("# "+QueueTitle))
	if n, _ := io.ReadFull(f, head); string(head[:n]) != "# "+QueueTitle {
		return fmt.Sprintf("%s is not a run queue (its first line is not \"# %s …\"); give --queue a new file", path, QueueTitle)
	}
	return ""
}

// queueGroup is runs sharing every knob but concurrency, and a duration.
type queueGroup struct {
	runs []*QueuedRun
}

// BuildQueue works out the queue file without writing it. Bad input is an
// error; failed checks are Refusals (with a *RefusedError).
func BuildQueue(req QueueRequest) (*QueuePlan, error) {
	if req.ReadFile == nil {
		req.ReadFile = sources.ReadRegular
	}
	if req.RecipePath == "" || req.QueuePath == "" {
		return nil, fmt.Errorf("--queue FILE and --recipe BUNDLE are both required")
	}
	if len(req.Runs) == 0 {
		return nil, fmt.Errorf("nothing to queue: no run was proposed")
	}
	raw, err := req.ReadFile(req.RecipePath)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", req.RecipePath, reading.PathErr(err))
	}
	text := strings.ReplaceAll(string(raw), "\r\n", "\n")
	c := &exportCtx{req: ExportRequest{RecipePath: req.RecipePath}, plan: &ExportPlan{}}
	for i := range req.Runs {
		c.add = append(c.add, &req.Runs[i].Point)
	}
	if err := c.readRecipe([]byte(text)); err != nil {
		return nil, err
	}
	q := &QueuePlan{Path: req.QueuePath}
	for _, p := range c.add {
		c.checkPoint(p, false)
	}
	q.Refusals = append(q.Refusals, c.plan.Refusals...)
	q.Notes = append(q.Notes, c.plan.Notes...)

	body, err := c.queueBody(q, text, req)
	if err != nil {
		return nil, err
	}
	if len(req.Title) == 0 || !strings.HasPrefix(req.Title[0], QueueTitle) {
		req.Title = append([]string{QueueTitle + "."}, req.Title...) // Write knows a queue by it
	}
	q.Text = queueHeader(q, req) + "\n" + body
	q.Refusals = append(q.Refusals, c.readBack(q, req.Runs)...)
	if len(q.Refusals) > 0 {
		return q, &RefusedError{Problems: q.Refusals}
	}
	return q, nil
}

// queueBody is the bundle's non-override blocks as written, then one
// block per group of runs (filling q's entries and notes).
func (c *exportCtx) queueBody(q *QueuePlan, text string, req QueueRequest) (string, error) {
	lines := srt.SplitLines(text)
	blocks, err := srt.TopBlocks(text, lines)
	if err != nil {
		return "", fmt.Errorf("%s: %v", req.RecipePath, err)
	}
	var names []string
	for _, v := range c.variants() {
		if v.Name != "" {
			names = append(names, v.Name)
		}
	}
	baseName, _ := c.recipe.Base["name"].(string)
	ind := srt.BundleIndent(lines, blocks)
	var body strings.Builder
	for _, b := range blocks {
		if !srt.IsOverrideKey(b.Key) {
			body.WriteString(strings.Join(lines[b.Start:b.End], ""))
			body.WriteString("\n")
			q.wantKeys = append(q.wantKeys, b.Key)
		}
	}
	for _, g := range groupRuns(req.Runs) {
		e, block, notes := c.queueBlock(g, baseName, names, ind)
		q.Notes = append(q.Notes, notes...)
		e.Command = "srtctl apply -f " + filepath.ToSlash(req.QueuePath) + ":" + e.Selector
		q.Entries = append(q.Entries, e)
		q.wantKeys = append(q.wantKeys, e.Selector)
		body.WriteString(block + "\n")
	}
	return strings.TrimRight(body.String(), "\n") + "\n", nil
}

// queueHeader is the comment at the top: the title, where the base came
// from, and the srtctl line of every entry.
func queueHeader(q *QueuePlan, req QueueRequest) string {
	var head strings.Builder
	for _, t := range req.Title {
		head.WriteString(strings.TrimRight("# "+srt.CommentText(t), " ") + "\n")
	}
	fmt.Fprintf(&head, "# Base copied from %s.\n# Each block below is one proposed run; a zip_override_* holds one configuration\n# at several concurrencies, one job each. Submit them with:\n", srt.CommentText(filepath.ToSlash(req.RecipePath)))
	for _, e := range q.Entries {
		head.WriteString("#   " + srt.CommentText(e.Command) + "\n")
	}
	return head.String()
}

// groupRuns puts runs that differ only in concurrency (same duration) together, in order.
func groupRuns(runs []QueuedRun) []queueGroup {
	var out []queueGroup
	index := map[string]int{}
	seen := map[string]bool{}
	for i := range runs {
		r := &runs[i]
		k := r.Point.Knobs
		if one := fmt.Sprintf("%+v\x00%d", k, r.DurationS); seen[one] {
			continue // the same run twice
		} else {
			seen[one] = true
		}
		k.Concurrency = 0
		key := fmt.Sprintf("%+v\x00%d", k, r.DurationS)
		gi, ok := index[key]
		if !ok {
			gi = len(out)
			index[key] = gi
			out = append(out, queueGroup{})
		}
		out[gi].runs = append(out[gi].runs, r)
	}
	return out
}

// zipList is a zip_override leaf: one value per run.
type zipList []any

func (l zipList) String() string {
	parts := make([]string, len(l))
	for i, v := range l {
		parts[i] = srt.YAMLValue(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// runKey is the override key of a run: override_<id>, _short for a short run.
func runKey(prefix string, id string, short bool) string {
	k := model.OverrideName(id)
	if prefix != "" {
		k = prefix + strings.TrimPrefix(k, "override_")
	}
	if short {
		k += "_short"
	}
	return k
}

// queueBlock renders one group as override_* (one run) or zip_override_*.
func (c *exportCtx) queueBlock(g queueGroup, baseName string, names []string, ind int) (QueueEntry, string, []string) {
	var notes []string
	deltas := make([]srt.OverrideDelta, len(g.runs))
	var e QueueEntry
	first := g.runs[0]
	short := first.DurationS > 0 && first.DurationS < 3600
	for i, r := range g.runs {
		id := r.Point.Knobs.BaseID()
		name := srt.OverrideName(id, baseName, names)
		if short {
			name += "-short"
		}
		d := srt.BuildDelta(&r.Point, name, c.base, c.vocab, c.gpn)
		if r.DurationS > 0 {
			if path, ok := c.durationPath(); ok {
				if had, _ := srt.Lookup(c.recipe.Base, path...); fmt.Sprint(had) != strconv.Itoa(r.DurationS) {
					d.Set(path, srt.Quoted(strconv.Itoa(r.DurationS)))
				}
			} else if i == 0 {
				notes = append(notes, fmt.Sprintf("%s: the bundle's benchmark states no duration (benchmark.env.DURATION); run it for %d s by hand", id, r.DurationS))
			}
		}
		for _, n := range d.Notes {
			if i == 0 {
				notes = append(notes, n)
			}
		}
		deltas[i] = d
		e.IDs = append(e.IDs, r.Point.ID)
		e.Names = append(e.Names, name)
	}
	comment := append([]string{}, first.Comment...)
	if len(g.runs) == 1 {
		e.Selector = runKey("", first.Point.Knobs.BaseID(), short)
		return e, deltas[0].Render(e.Selector, comment, ind), notes
	}
	k := first.Point.Knobs
	e.Selector = runKey("zip_override_", k.Shape(), short)
	for _, r := range g.runs[1:] {
		comment = append(comment, r.Comment...)
	}
	return e, zipDeltas(deltas).Render(e.Selector, comment, ind), notes
}

// durationPath is where the bundle states a run's length, if anywhere.
func (c *exportCtx) durationPath() ([]string, bool) {
	env := []string{"benchmark", "env"}
	if srt.LookupMap(c.recipe.Base, env...) != nil {
		return append(env, "DURATION"), true
	}
	for _, o := range c.recipe.Overrides {
		if _, ok := srt.Lookup(o.Block, env...); ok {
			return append(env, "DURATION"), true
		}
	}
	return nil, false
}

// zipDeltas merges deltas of equal paths: a value shared by every run stays
// a scalar, others become a list of one value per run. A shared list is
// wrapped once, so srtctl passes it whole to every run.
func zipDeltas(ds []srt.OverrideDelta) srt.OverrideDelta {
	var out srt.OverrideDelta
	for i, e := range ds[0].Entries {
		vals := make(zipList, len(ds))
		same := true
		for j, d := range ds {
			if i >= len(d.Entries) || !reflect.DeepEqual(d.Entries[i].Path, e.Path) {
				continue // groupRuns keeps knobs equal, so paths match
			}
			vals[j] = d.Entries[i].Value
			same = same && reflect.DeepEqual(vals[j], vals[0])
		}
		switch {
		case same:
			if _, isList := e.Value.([]int); isList {
				out.Set(e.Path, zipList{e.Value})
			} else {
				out.Set(e.Path, e.Value)
			}
		default:
			out.Set(e.Path, vals)
		}
	}
	return out
}

// readBack parses the queue as the recipe reader does and checks that every
// entry resolves to its runs' knobs.
func (c *exportCtx) readBack(q *QueuePlan, runs []QueuedRun) []string {
	vs, warns := srt.ParseRecipe(q.Path, []byte(q.Text))
	var bad []string
	if got := topKeys(q.Text); !slices.Equal(got, q.wantKeys) {
		bad = append(bad, fmt.Sprintf("queue read back: top-level keys %s, want %s", strings.Join(got, ", "), strings.Join(q.wantKeys, ", ")))
	}
	for _, w := range warns {
		bad = append(bad, "queue read back: "+w.String())
	}
	bySel := map[string]srt.Variant{}
	for _, v := range vs {
		bySel[v.Override] = v
	}
	byID := map[string]*model.Point{}
	for i := range runs {
		byID[runs[i].Point.ID] = &runs[i].Point
	}
	for _, e := range q.Entries {
		for i, id := range e.IDs {
			sel := e.Selector
			if strings.HasPrefix(sel, "zip_override_") {
				sel = fmt.Sprintf("%s[%d]", sel, i)
			}
			v, ok := bySel[sel]
			if !ok {
				bad = append(bad, fmt.Sprintf("%s: %s does not read back from the queue", id, sel))
				continue
			}
			if err := knobsMatch(v.Knobs, byID[id].Knobs, c.gpn, c.vocab.SGLangArgs()); err != nil {
				bad = append(bad, fmt.Sprintf("%s (%s): %v", id, sel, err))
			}
		}
	}
	return bad
}

// topKeys are the top-level keys of a YAML document, in order ("" for one
// that is not a mapping).
func topKeys(text string) []string {
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return []string{"(not a mapping)"}
	}
	m := doc.Content[0]
	keys := make([]string, 0, len(m.Content)/2)
	for i := 0; i+1 < len(m.Content); i += 2 {
		keys = append(keys, m.Content[i].Value)
	}
	return keys
}
