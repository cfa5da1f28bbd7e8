package export

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/internal/lazyre"
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/reading"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// One topology per file (the newer InferenceX layout, and NVIDIA's flat
// recipes): a point is written as a new recipe file beside its nearest
// sibling, that sibling's text with the point's knobs set in its own words,
// named after it with the point's topology. A point whose topology a
// sibling already runs needs no new file: its master row selects the
// sibling at the point's concurrency.

// sibling is one single-topology recipe file of the directory.
type sibling struct {
	path  string
	text  []byte
	r     *srt.Recipe
	v     srt.Variant
	vocab srt.Vocab
}

// siblings reads the single recipes of dir (bundles and sweeps are not
// templates for one topology).
func (c *exportCtx) siblings(dir string) ([]*sibling, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", dir, reading.PathErr(err))
	}
	var out []*sibling
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") || !(strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")) {
			continue
		}
		path := filepath.Join(dir, name)
		data, err := c.req.ReadFile(path)
		if err != nil || sources.FormatName(data) != "srt-slurm recipe" {
			continue
		}
		r, warns, err := srt.ParseRecipeDoc(path, data)
		if err != nil || len(warns) > 0 || r.Bundle || len(r.Overrides) > 0 {
			continue
		}
		v, err := srt.VariantOf(path, "", r.Base)
		if err != nil {
			continue
		}
		out = append(out, &sibling{path: path, text: data, r: r, v: v, vocab: srt.NewVocab(r, v.Engine)})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no single-topology srt-slurm recipe to derive new files from", dir)
	}
	return out, nil
}

// nearest is the sibling with the point's mode and parallelism whose
// workers, batch cap and concurrency are closest; nil when none has them.
func nearest(sibs []*sibling, p *model.Point, prefer string) *sibling {
	var best *sibling
	var bestD [4]int
	for _, s := range sibs {
		k, sk := p.Knobs, s.v.Knobs
		if sk.Mode != k.Mode || sk.Prefill.Parallelism() != k.Prefill.Parallelism() ||
			(k.Mode == model.ModeDisagg && sk.Decode.Parallelism() != k.Decode.Parallelism()) {
			continue
		}
		d := [4]int{abs(sk.Prefill.Workers-k.Prefill.Workers) + abs(sk.Decode.Workers-k.Decode.Workers),
			abs(sk.DecodeBS - k.DecodeBS), abs(closestConc(s.v, k.Concurrency) - k.Concurrency), 1}
		if s.path == prefer {
			d[3] = 0
		}
		if best == nil || less4(d, bestD) {
			best, bestD = s, d
		}
	}
	return best
}

func closestConc(v srt.Variant, c int) int {
	best := 0
	for _, x := range v.Concurrencies {
		if best == 0 || abs(x-c) < abs(best-c) {
			best = x
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func less4(a, b [4]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// singles writes the points of a one-topology-per-file layout: a point of
// a topology a file runs is a concurrency of that file (single_conc.go);
// any other added point is a new file derived from its nearest sibling.
func (c *exportCtx) singles(dir, prefer string) error {
	sibs, err := c.siblings(dir)
	if err != nil {
		return err
	}
	var placed []*model.Point
	for _, p := range c.remove {
		s := runningSibling(sibs, p, prefer)
		if s == nil {
			c.unplaced(p, "no recipe in %s runs %s at concurrency %d", dir, pointShape(p.Knobs), p.Knobs.Concurrency)
			continue
		}
		placed = append(placed, p)
		e := c.concEditOf(s)
		e.drop = append(e.drop, p)
		c.removed[fmt.Sprintf("%s c%d", filepath.Base(s.path), p.Knobs.Concurrency)] = p
	}
	c.remove = placed // a point not placed is named once, not also reviewed
	c.review()
	explicit := c.explicitMRR()
	taken := map[string]bool{}
	for _, p := range c.add {
		s := nearest(sibs, p, prefer)
		if s == nil {
			return fmt.Errorf("%s: no recipe in %s runs %s; a new file from a sibling would change the parallelism", p.ID, dir, parallelismOf(p.Knobs))
		}
		c.base, c.vocab, c.gpn = s.v, s.vocab, s.r.GPUsPerNode()
		c.checkPoint(p, explicit[p.ID])
		d := srt.BuildDelta(p, "", s.v, s.vocab, c.gpn)
		c.plan.Notes = append(c.plan.Notes, d.Notes...)
		if sameTopology(d) && !envConc(s) {
			if s.v.RunsAt(p.Knobs.Concurrency) {
				c.unplaced(p, "%s already runs concurrency %d; nothing to add", s.path, p.Knobs.Concurrency)
				continue
			}
			e := c.concEditOf(s)
			e.add = append(e.add, p)
			c.plan.Overrides = append(c.plan.Overrides, ExportedOverride{ID: p.ID, Key: filepath.Base(s.path), Name: s.v.Name})
			continue
		}
		switch img := c.image(); {
		case img == "" || img == s.v.Image:
		case c.req.Image != "":
			d.Set(srt.ImagePath, img)
		default:
			c.imageNote(fmt.Sprintf("%s names container %s", filepath.Base(s.path), orNone(s.v.Image)))
		}
		newPath, name := derivedName(s, p)
		if taken[newPath] {
			c.refuse("%s: another added point derives %s too", p.ID, newPath)
			continue
		}
		taken[newPath] = true
		existing, readErr := c.req.ReadFile(newPath)
		if msg := DerivedTargetProblem(newPath, dir, existing, readErr == nil); msg != "" {
			c.refuse("%s: %s", p.ID, msg)
			continue
		}
		if readErr == nil && !c.req.Replace {
			c.refuse("%s: %s already exists with another topology (use --replace to overwrite it)", p.ID, newPath)
			continue
		}
		d.Entries[0].Value = name
		text, err := patchRecipe(string(s.text), d)
		if err != nil {
			return fmt.Errorf("%s: deriving from %s: %v", p.ID, s.path, err)
		}
		if err := c.roundTripFile(p, newPath, text); err != nil {
			c.refuse("%s: %v", p.ID, err)
		}
		if readErr == nil {
			c.change(newPath, existing, []byte(text))
		} else {
			c.newFile(newPath, []byte(text))
		}
		c.plan.Files[len(c.plan.Files)-1].Within = dir
		c.rows = append(c.rows, srt.RowSpec{Point: p, File: newPath, Template: s.path, Order: orderOf(p.Knobs)})
		c.plan.Overrides = append(c.plan.Overrides, ExportedOverride{ID: p.ID, Key: filepath.Base(newPath), Name: name, Text: text})
	}
	c.applyConcEdits()
	c.keptConcs()
	return nil
}

// explicitMRR is --explicit-mrr as a set.
func (c *exportCtx) explicitMRR() map[string]bool {
	out := map[string]bool{}
	for _, id := range c.req.ExplicitMRR {
		out[id] = true
	}
	return out
}

func parallelismOf(k model.Knobs) string {
	if k.Mode == model.ModeAgg {
		return "an aggregated " + strings.ToUpper(k.Prefill.Parallelism()) + " worker"
	}
	return strings.ToUpper(k.Prefill.Parallelism()) + " prefill and " + strings.ToUpper(k.Decode.Parallelism()) + " decode"
}

func orderOf(k model.Knobs) [3]int {
	return [3]int{k.Prefill.Workers, k.Decode.Workers, k.Concurrency}
}

// sameTopology: the delta changes nothing but the name and the concurrency.
func sameTopology(d srt.OverrideDelta) bool {
	for _, e := range d.Entries {
		if e.Path[0] != "name" && e.Path[0] != "benchmark" {
			return false
		}
	}
	return true
}

// patchRecipe sets the delta's values in the sibling's text.
func patchRecipe(text string, d srt.OverrideDelta) (string, error) {
	tp, err := srt.NewTextPatch(text)
	if err != nil {
		return "", err
	}
	for _, e := range d.Entries {
		if err := tp.Set(e.Path, e.Value); err != nil {
			return "", err
		}
	}
	return tp.Result(), nil
}

// roundTripFile reads the new file back: one variant, the point's knobs.
func (c *exportCtx) roundTripFile(p *model.Point, path, text string) error {
	vs, warns := srt.ParseRecipe(path, []byte(text))
	if len(warns) > 0 || len(vs) != 1 {
		return fmt.Errorf("the derived %s does not read back as one recipe: %v", filepath.Base(path), warns)
	}
	return knobsMatch(vs[0].Knobs, p.Knobs, c.gpn, c.vocab.SGLangArgs())
}

// newFile records a file to create.
func (c *exportCtx) newFile(path string, content []byte) {
	name := strings.TrimPrefix(filepath.ToSlash(path), "/")
	diff := strings.Replace(UnifiedDiff(name, "", string(content)), "--- a/"+name, "--- /dev/null", 1)
	c.plan.Files = append(c.plan.Files, FileChange{Path: path, New: content, Diff: diff, Create: true})
}

var (
	pdToken   = lazyre.New(`(^|[^0-9a-z])(\d+)p(\d+)d($|[^0-9a-z])`)
	pToken    = lazyre.New(`(^|[-_])(\d+)p($|[-_])`)
	dToken    = lazyre.New(`(^|[-_])(\d+)d($|[-_])`)
	ctxToken  = lazyre.New(`ctx(\d+)((?:dep|tep|tp|dp)\d+)?_gen(\d+)`)
	concToken = lazyre.New(`(^|[-_])c(\d+)($|[-_.])`)
	bsToken   = lazyre.New(`(^|[-_])(b|batch)(\d+)($|[-_.])`)
)

// derivedName names the new file (and its name: field) after the sibling,
// with the point's workers, batch cap and concurrency where the sibling's
// own appear; when the sibling's name spells none of them, the point's ID
// is appended.
func derivedName(s *sibling, p *model.Point) (path, name string) {
	stem := strings.TrimSuffix(filepath.Base(s.path), filepath.Ext(s.path))
	newStem, ok := substituteTopology(stem, s.v, p.Knobs)
	if !ok {
		newStem = stem + "-" + p.Knobs.BaseID()
	}
	name = s.v.Name
	if n, ok := substituteTopology(name, s.v, p.Knobs); ok {
		name = n
	} else {
		name = newStem
	}
	return filepath.Join(filepath.Dir(s.path), newStem+filepath.Ext(s.path)), name
}

// substituteTopology replaces the sibling's numbers in its name by the
// point's: workers in 1p1d, 1p-…-1d and ctx1_gen1, the batch cap in b512
// or batch512, the concurrency in c32; a number that is not the sibling's
// (b200 is a GPU) stays.
func substituteTopology(s string, sib srt.Variant, k model.Knobs) (string, bool) {
	changed := false
	sk := sib.Knobs
	is := func(text string, want int) bool { n, err := strconv.Atoi(text); return err == nil && n == want }
	sub := func(re *lazyre.Regexp, f func(m []string) (string, bool)) {
		s = re.ReplaceAllStringFunc(s, func(x string) string {
			out, ok := f(re.FindStringSubmatch(x))
			if !ok {
				return x
			}
			changed = changed || out != x
			return out
		})
	}
	itoa := strconv.Itoa
	if k.Mode == model.ModeDisagg {
		pw, dw := itoa(k.Prefill.Workers), itoa(k.Decode.Workers)
		pd := pdToken.MatchString(s)
		sub(pdToken, func(m []string) (string, bool) {
			return m[1] + pw + "p" + dw + "d" + m[4], is(m[2], sk.Prefill.Workers) && is(m[3], sk.Decode.Workers)
		})
		if !pd {
			sub(pToken, func(m []string) (string, bool) { return m[1] + pw + "p" + m[3], is(m[2], sk.Prefill.Workers) })
			sub(dToken, func(m []string) (string, bool) { return m[1] + dw + "d" + m[3], is(m[2], sk.Decode.Workers) })
		}
		sub(ctxToken, func(m []string) (string, bool) {
			return "ctx" + pw + m[2] + "_gen" + dw, is(m[1], sk.Prefill.Workers) && is(m[3], sk.Decode.Workers)
		})
	}
	if k.Concurrency > 0 {
		sub(concToken, func(m []string) (string, bool) {
			return m[1] + "c" + itoa(k.Concurrency) + m[3], slices.Contains(sib.Concurrencies, atoiOr(m[2]))
		})
	}
	if k.DecodeBS > 0 {
		sub(bsToken, func(m []string) (string, bool) {
			return m[1] + m[2] + itoa(k.DecodeBS) + m[4], is(m[3], sk.DecodeBS)
		})
	}
	return s, changed
}

func atoiOr(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// singleRows groups the master rows to write by the sibling they copy.
func groupRows(rows []srt.RowSpec) [][]srt.RowSpec {
	by := map[string][]srt.RowSpec{}
	var keys []string
	for _, r := range rows {
		if _, ok := by[r.Template]; !ok {
			keys = append(keys, r.Template)
		}
		by[r.Template] = append(by[r.Template], r)
	}
	sort.Strings(keys)
	out := make([][]srt.RowSpec, len(keys))
	for i, k := range keys {
		out[i] = by[k]
		sort.SliceStable(out[i], func(a, b int) bool { return srt.Less3(out[i][a].Order, out[i][b].Order) })
	}
	return out
}
