package export

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// One topology per file, at several concurrencies: srt-slurm's
// gb300-fp4/8k1k/mid_curve.yaml runs benchmark.concurrencies
// "512x2048x4096" and the master row that selects it has conc-list
// [ 512, 2048, 4096 ] (InferenceX's runner hands the file to srtctl
// apply, which runs the recipe's list). A point of a topology a file
// already runs is a concurrency of that file: adding one inserts it in
// both lists, in order; removing one takes it out of both; removing the
// last removes the master row and leaves the file, which is said.

// concEdit is what the export does to one file's concurrency list.
type concEdit struct {
	s         *sibling
	add, drop []*model.Point
	concs     []int // the file's list after the edit
}

func concsOf(ps []*model.Point) []int {
	out := make([]int, len(ps))
	for i, p := range ps {
		out[i] = p.Knobs.Concurrency
	}
	return out
}

// concEditOf is the edit of sibling s, made on first use.
func (c *exportCtx) concEditOf(s *sibling) *concEdit {
	for _, e := range c.concEdits {
		if e.s == s {
			return e
		}
	}
	e := &concEdit{s: s}
	c.concEdits = append(c.concEdits, e)
	return e
}

// runningSibling is the file that runs a removed point: its topology at
// its concurrency (the preferred file first).
func runningSibling(sibs []*sibling, p *model.Point, prefer string) *sibling {
	var found *sibling
	for _, s := range sibs {
		if s.v.Knobs.Mode != p.Knobs.Mode || !matches(s.v, p) {
			continue
		}
		if found == nil || s.path == prefer {
			found = s
		}
	}
	return found
}

// unplaced records a point the export cannot place and why: the export
// then writes nothing (docs/export.md, "Nothing or everything").
func (c *exportCtx) unplaced(p *model.Point, format string, args ...any) {
	c.refuse("%s not placed: %s", p.ID, fmt.Sprintf(format, args...))
}

// envConc reports whether the file states its one concurrency in
// benchmark.env (an agentic recipe): it cannot take a second one.
func envConc(s *sibling) bool {
	for _, p := range [][]string{srt.ConcEnvPath, srt.ConcEnvAltPath} {
		if _, ok := srt.Lookup(s.r.Base, p...); ok {
			return true
		}
	}
	return false
}

// applyConcEdits writes each edited file's new list in its own spelling
// and checks that srtctl's reading of it gives exactly that list and the
// same topology.
func (c *exportCtx) applyConcEdits() {
	for _, e := range c.concEdits {
		old := e.s.v.Concurrencies
		e.concs = srt.MergeConcs(old, concsOf(e.add), concsOf(e.drop))
		if len(e.concs) == 0 {
			continue // the rows go (masterConcEdits); the file is left as it is
		}
		if envConc(e.s) {
			for _, p := range e.add {
				c.unplaced(p, "%s states its one concurrency in benchmark.env", filepath.Base(e.s.path))
			}
			continue
		}
		text, err := srt.SetConcList(string(e.s.text), srt.ConcListPath, e.concs)
		if err == nil && c.req.Image != "" && c.req.Image != e.s.v.Image {
			text, err = c.moveContainer(text, e.s)
		}
		if err == nil {
			err = sameRecipeBut(e.s, text, e.concs)
		}
		if err != nil {
			for _, p := range append(append([]*model.Point{}, e.add...), e.drop...) {
				c.unplaced(p, "%s: %v", filepath.Base(e.s.path), err)
			}
			continue
		}
		c.change(e.s.path, e.s.text, []byte(text))
		c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s: benchmark.concurrencies %s → %s",
			filepath.Base(e.s.path), concText(old), concText(e.concs)))
	}
}

// sameRecipeBut reads the edited file back: one recipe, the sibling's
// knobs, the intended concurrencies.
func sameRecipeBut(s *sibling, text string, concs []int) error {
	vs, warns := srt.ParseRecipe(s.path, []byte(text))
	if len(warns) > 0 || len(vs) != 1 {
		return fmt.Errorf("the edited file does not read back as one recipe: %v", warns)
	}
	got, want := vs[0].Knobs, s.v.Knobs
	got.Concurrency, want.Concurrency = 0, 0
	if got != want || !slices.Equal(vs[0].Concurrencies, concs) {
		return fmt.Errorf("the edited file reads back as %s at %v, want %s at %v", got.Shape(), vs[0].Concurrencies, want.Shape(), concs)
	}
	return nil
}

func concText(cs []int) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprint(c)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// moveContainer writes --image as an edited file's model.container.
func (c *exportCtx) moveContainer(text string, s *sibling) (string, error) {
	tp, err := srt.NewTextPatch(text)
	if err != nil {
		return "", err
	}
	if err := tp.Set(srt.ImagePath, c.req.Image); err != nil {
		return "", err
	}
	c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s: model.container: %s → %s (--image)", filepath.Base(s.path), orNone(s.v.Image), c.req.Image))
	return tp.Result(), nil
}

// keptConcs lists, for the changelog and the PR body, what each edited
// file still runs of what it ran before.
func (c *exportCtx) keptConcs() {
	for _, e := range c.concEdits {
		var kept []int
		for _, x := range e.s.v.Concurrencies {
			if slices.Contains(e.concs, x) {
				kept = append(kept, x)
			}
		}
		if len(kept) == 0 {
			continue
		}
		v := e.s.v
		v.Concurrencies, v.Knobs.Concurrency = kept, 0
		if len(kept) == 1 {
			v.Knobs.Concurrency = kept[0]
		}
		c.kept = append(c.kept, keptOverride{key: filepath.Base(e.s.path), v: v})
	}
}
