package export

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/reading"
	"github.com/sweeptune/sweeptune/sources/srt"
	"go.yaml.in/yaml/v3"
)

// One change set over several recipes and config keys (docs/export.md): a
// retune that touches an aggregated bundle and a disaggregated one, under
// two master-config keys, is one export. Each point goes to the recipe of
// its mode and topology and to the key whose rows select that recipe; the
// removal review runs once over the whole curve (a removed agg point is
// never a neighbour of a removed disagg point); the changelog gets one entry
// listing every key touched.

// recipeTarget is one --recipe as the router sees it.
type recipeTarget struct {
	path     string
	mode     model.Mode
	base     model.Knobs   // a bundle's base (or a directory's first recipe)
	variants []srt.Variant // the bundle's overrides, or the directory's recipes
	bundle   bool
	points   []*model.Point
	add      []string
	remove   []string
}

// probeRecipe reads what routing needs of a --recipe.
func probeRecipe(path string, read func(string) ([]byte, error)) (*recipeTarget, error) {
	t := &recipeTarget{path: path}
	var files []string
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		entries, err := os.ReadDir(path)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, reading.PathErr(err))
		}
		for _, e := range entries {
			if n := e.Name(); !e.IsDir() && (strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml")) {
				files = append(files, filepath.Join(path, n))
			}
		}
	} else {
		files = []string{path}
	}
	for _, f := range files {
		data, err := read(f)
		if err != nil {
			if f == path {
				return nil, fmt.Errorf("%s: %v", path, reading.PathErr(err))
			}
			continue
		}
		r, _, err := srt.ParseRecipeDoc(f, data)
		if err != nil {
			if f == path {
				return nil, fmt.Errorf("%s: %v", path, err)
			}
			continue
		}
		base, err := srt.VariantOf(f, "", r.Base)
		if err != nil {
			if f == path {
				return nil, fmt.Errorf("%s: base.%v", path, err)
			}
			continue
		}
		if t.mode == "" {
			t.mode, t.base = base.Knobs.Mode, base.Knobs
		}
		if r.Bundle {
			t.bundle = true
			for _, o := range r.Overrides {
				if v, err := srt.VariantOf(f, o.Key, r.Resolve(o)); err == nil {
					t.variants = append(t.variants, v)
				}
			}
		} else {
			t.variants = append(t.variants, base)
		}
	}
	if t.mode == "" {
		return nil, fmt.Errorf("%s: no srt-slurm recipe to write into", path)
	}
	return t, nil
}

// runs reports whether one of the target's variants is the point.
func (t *recipeTarget) runs(p *model.Point) bool {
	for _, v := range t.variants {
		if v.Knobs.Mode == p.Knobs.Mode && matches(v, p) {
			return true
		}
	}
	return false
}

// fits reports whether a new override (or file) for the point can go into
// the target: same mode, and the parallelism of every role as its base (a
// bundle) or one of its recipes (a directory).
func (t *recipeTarget) fits(p *model.Point) bool {
	if t.mode != p.Knobs.Mode {
		return false
	}
	same := func(k model.Knobs) bool {
		for _, r := range srt.ExportRoles(p.Knobs) {
			if r.Want.Parallelism() != srt.BaseRole(k, r.Name).Parallelism() {
				return false
			}
		}
		return true
	}
	if t.bundle {
		return same(t.base)
	}
	for _, v := range t.variants {
		if same(v.Knobs) {
			return true
		}
	}
	return false
}

// describe names a target for a refusal: "agg-variants.yaml (aggregated, TP4)".
func (t *recipeTarget) describe() string {
	var par []string
	for _, r := range srt.ExportRoles(t.base) {
		par = append(par, strings.ToUpper(r.Want.Parallelism()))
	}
	return fmt.Sprintf("%s (%s, %s)", filepath.Base(t.path), srt.ModeWord(t.mode), strings.Join(par, " + "))
}

// pointShape is "aggregated TEP2" or "disaggregated DEP2 prefill + DEP16 decode".
func pointShape(k model.Knobs) string {
	if k.Mode == model.ModeAgg {
		return "aggregated " + strings.ToUpper(k.Prefill.Parallelism())
	}
	return fmt.Sprintf("disaggregated %s prefill + %s decode", strings.ToUpper(k.Prefill.Parallelism()), strings.ToUpper(k.Decode.Parallelism()))
}

// recipePaths is every --recipe of the request, RecipePath first.
func (req ExportRequest) recipePaths() []string {
	var out []string
	for _, p := range append([]string{req.RecipePath}, req.RecipePaths...) {
		if p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// route sends each point to the recipe that runs it (removals) or fits it
// (additions); a point no recipe takes is bad input, naming what to pass.
func route(targets []*recipeTarget, add, remove []*model.Point) error {
	var problems []string
	place := func(p *model.Point, removing bool) {
		var pick *recipeTarget
		if removing {
			for _, t := range targets {
				if t.runs(p) {
					pick = t
					break
				}
			}
		}
		if pick == nil {
			for _, t := range targets {
				if t.fits(p) {
					pick = t
					break
				}
			}
		}
		if pick == nil {
			var have []string
			for _, t := range targets {
				have = append(have, t.describe())
			}
			verb := "add"
			if removing {
				verb = "remove"
			}
			problems = append(problems, fmt.Sprintf("%s (%s) fits none of the recipes given (%s): to %s it, pass --recipe with the %s bundle that runs it",
				p.ID, pointShape(p.Knobs), strings.Join(have, "; "), verb, pointShape(p.Knobs)))
			return
		}
		pick.points = append(pick.points, p)
		if removing {
			pick.remove = append(pick.remove, p.ID)
		} else {
			pick.add = append(pick.add, p.ID)
		}
	}
	for _, p := range add {
		place(p, false)
	}
	for _, p := range remove {
		place(p, true)
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

// keysFor picks the config keys of a target: every one whose rows select
// the recipe file (two keys may run one bundle, as InferenceX's synthetic
// and non-synthetic acceptance keys do), else the only one of the target's
// mode.
func keysFor(mc *srt.MasterConfig, keys []string, t *recipeTarget) ([]string, error) {
	base := filepath.Base(t.path)
	var selecting, byMode []string
	for _, k := range keys {
		e := mc.Entry(k)
		if e == nil {
			continue
		}
		if selects(e, base, t.bundle) {
			selecting = append(selecting, k)
		}
		if e.Disagg == (t.mode == model.ModeDisagg) {
			byMode = append(byMode, k)
		}
	}
	switch {
	case len(selecting) > 0:
		return selecting, nil
	case len(byMode) == 1:
		return byMode, nil
	}
	return nil, fmt.Errorf("--config-key: no key among %s selects %s; name the key of its %s points", strings.Join(keys, ", "), base, srt.ModeWord(t.mode))
}

// selects reports whether a row of e selects the recipe file base (or,
// for a one-topology-per-file target, a file in the directory base).
func selects(e *srt.MasterEntry, base string, bundle bool) bool {
	for _, s := range e.Scenarios {
		for _, r := range s.Rows {
			f, _ := r.Selector()
			if f != "" && (filepath.Base(f) == base || (!bundle && filepath.Base(filepath.Dir(f)) == base)) {
				return true
			}
		}
	}
	return false
}

// stagedReader reads a path's staged contents when an earlier part of the
// change set already changed it.
type stagedReader struct {
	read   func(string) ([]byte, error)
	staged map[string][]byte
}

func (s *stagedReader) ReadFile(path string) ([]byte, error) {
	if b, ok := s.staged[path]; ok {
		return b, nil
	}
	return s.read(path)
}

// buildChangeSet is BuildExport for several recipes or several keys.
func buildChangeSet(req ExportRequest) (*ExportPlan, error) {
	probe := &exportCtx{req: req, plan: &ExportPlan{}, removed: map[string]*model.Point{}, crlf: map[string][]byte{}}
	probe.req.ReadFile = probe.readLF(req.ReadFile)
	if err := probe.resolvePoints(); err != nil {
		return nil, err
	}
	paths := req.recipePaths()
	if len(paths) == 0 {
		return nil, fmt.Errorf("--recipe: a recipe bundle, a recipe or a directory of recipes to write into is required")
	}
	var targets []*recipeTarget
	for _, p := range paths {
		t, err := probeRecipe(p, probe.req.ReadFile)
		if err != nil {
			return nil, err
		}
		targets = append(targets, t)
	}
	if err := route(targets, probe.add, probe.remove); err != nil {
		return nil, err
	}
	keysOf := map[*recipeTarget][]string{}
	if req.MasterPath != "" {
		if len(req.ConfigKeys) == 0 {
			return nil, fmt.Errorf("--config-key: which entries of %s take the rows?", req.MasterPath)
		}
		old, err := probe.req.ReadFile(req.MasterPath)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", req.MasterPath, reading.PathErr(err))
		}
		mc, _, err := srt.ParseMaster(req.MasterPath, old)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", req.MasterPath, err)
		}
		var missing []string
		for _, k := range req.ConfigKeys {
			if mc.Entry(k) == nil {
				missing = append(missing, fmt.Sprintf("config key %s is not in %s", k, req.MasterPath))
			}
		}
		if len(missing) > 0 {
			return &ExportPlan{Refusals: missing}, &RefusedError{Problems: missing}
		}
		for _, t := range targets {
			if len(t.points) == 0 {
				continue
			}
			ks, err := keysFor(mc, req.ConfigKeys, t)
			if err != nil {
				return nil, err
			}
			keysOf[t] = ks
		}
	}
	verdicts := probe.reviewAll()

	plan := &ExportPlan{Verdicts: probe.plan.Verdicts, Refusals: probe.plan.Refusals, AsOf: req.AsOf, Keep: req.Keep, KeepWhy: req.KeepWhy, Selection: req.Selection}
	reader := &stagedReader{read: req.ReadFile, staged: map[string][]byte{}}
	var order []string
	files := map[string]*FileChange{}
	stage := func(fc FileChange) {
		if f, ok := files[fc.Path]; ok {
			f.New, f.Create = fc.New, f.Create || fc.Create
		} else {
			order = append(order, fc.Path)
			c := fc
			files[fc.Path] = &c
		}
		reader.staged[fc.Path] = fc.New
	}
	var parts []*exportCtx
	var keys []string
	scenario := ""
	for _, t := range targets {
		if len(t.points) == 0 {
			plan.Notes = append(plan.Notes, fmt.Sprintf("%s: no point of this change set goes there", t.path))
			continue
		}
		sub := req
		sub.RecipePath, sub.RecipePaths = t.path, nil
		sub.Add, sub.Remove = t.add, t.remove
		sub.ChangelogPath = ""
		sub.ReadFile = reader.ReadFile
		sub.ConfigKeys = keysOf[t]
		if len(sub.ConfigKeys) == 0 {
			sub.MasterPath = ""
		}
		c := &exportCtx{req: sub, plan: &ExportPlan{}, removed: map[string]*model.Point{}, crlf: map[string][]byte{}, verdicts: verdicts}
		c.req.ReadFile = c.readLF(sub.ReadFile)
		if err := c.resolvePoints(); err != nil {
			return nil, err
		}
		if err := c.recipes(); err != nil {
			return nil, err
		}
		if sub.MasterPath != "" {
			me, err := c.master()
			if err != nil {
				return nil, err
			}
			for _, k := range me.KeysTouched {
				if !slices.Contains(keys, k) {
					keys = append(keys, k)
				}
			}
			if scenario == "" {
				scenario = me.Scenario
			}
		}
		for _, f := range c.plan.Files {
			stage(f)
		}
		plan.Overrides = append(plan.Overrides, c.plan.Overrides...)
		plan.Removed = append(plan.Removed, c.plan.Removed...)
		plan.Rows = append(plan.Rows, c.plan.Rows...)
		plan.Refusals = append(plan.Refusals, c.plan.Refusals...)
		plan.Notes = append(plan.Notes, c.plan.Notes...)
		plan.Next = append(plan.Next, c.dryRuns()...)
		c.fillPoints()
		plan.Kept = append(plan.Kept, c.plan.Kept...)
		plan.Added = append(plan.Added, c.plan.Added...)
		parts = append(parts, c)
	}
	// Keys in the order the user gave them.
	slices.SortStableFunc(keys, func(a, b string) int {
		return slices.Index(req.ConfigKeys, a) - slices.Index(req.ConfigKeys, b)
	})
	if len(keys) == 0 {
		keys = req.ConfigKeys
	}
	if req.MasterPath != "" {
		if f := files[req.MasterPath]; f != nil {
			plan.Notes = append(plan.Notes, pinNotes(string(f.New), req.ConfigKeys)...)
		}
	}
	if req.ChangelogPath != "" && len(parts) > 0 {
		path := req.ChangelogPath
		old, err := parts[0].req.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, reading.PathErr(err))
		}
		if len(keys) == 0 {
			return nil, fmt.Errorf("the changelog entry needs config keys (--config-key)")
		}
		e := srt.ChangelogEntry{ConfigKeys: keys, Description: entryBullets(parts, keys), PRLink: prLinkOf(req)}
		if scenario == "" {
			scenario = parts[0].scenarioOfPoints()
		}
		if scenario != "" {
			e.ScenarioType = []string{scenario}
		}
		out, err := srt.AppendChangelog(path, old, e)
		if err != nil {
			return nil, err
		}
		plan.Entry = strings.TrimLeft(string(out[len(old):]), "\n")
		parts[0].plan.Files = nil
		parts[0].change(path, old, out)
		stage(parts[0].plan.Files[0])
	}
	// Recipes first, then the master config, then the changelog.
	rank := func(p string) int {
		switch p {
		case req.MasterPath:
			return 1
		case req.ChangelogPath:
			return 2
		}
		return 0
	}
	slices.SortStableFunc(order, func(a, b string) int { return rank(a) - rank(b) })
	for _, p := range order {
		f := files[p]
		old, nw := string(f.Old), string(f.New)
		if lf, ok := fromCRLF(f.Old); ok {
			old = string(lf)
			if l2, ok := fromCRLF(f.New); ok {
				nw = string(l2)
			}
		}
		f.Diff = UnifiedDiff(filepath.ToSlash(p), old, nw)
		plan.Files = append(plan.Files, *f)
	}
	if req.MasterPath != "" && len(keys) > 0 {
		plan.Next = append(plan.Next, sweepCommand(req.MasterPath, keys))
	}
	plan.Keys = keys
	plan.Dropped = probe.remove
	runPreWriteChecks(req, plan)
	if len(plan.Refusals) > 0 {
		return plan, &RefusedError{Problems: plan.Refusals}
	}
	return plan, nil
}

func prLinkOf(req ExportRequest) string {
	if req.PRLink != "" {
		return req.PRLink
	}
	return srt.PlaceholderPRLink
}

// scenarioOfPoints is the scenario of the first point that names one.
func (c *exportCtx) scenarioOfPoints() string {
	for _, p := range append(append([]*model.Point{}, c.add...), c.remove...) {
		if s := changelogScenario(p.Curve.Scenario); s != "" {
			return s
		}
	}
	return ""
}

// dryRuns are the srtctl commands that check each new override.
func (c *exportCtx) dryRuns() []string {
	var out []string
	for _, o := range c.plan.Overrides {
		sel := c.req.RecipePath
		switch {
		case c.single && o.Key != "": // a file of the directory (or the file itself)
			if info, err := os.Stat(sel); err == nil && info.IsDir() {
				sel = filepath.Join(sel, o.Key)
			} else {
				sel = filepath.Join(filepath.Dir(sel), o.Key)
			}
		case o.Key != "":
			sel += ":" + o.Key
		}
		out = append(out, "srtctl dry-run -f "+shellWord(sel))
	}
	return out
}

// sweepCommand is InferenceX's own expansion of the written keys. The script
// reads configs/runners.yaml relative to the checkout, so when the master
// lies in an InferenceX checkout the command starts with a cd to its root
// and names the master from there; elsewhere it is run from a checkout.
func sweepCommand(master string, keys []string) string {
	var words []string
	if root, rel, ok := inferenceXCheckout(master); ok {
		words = append(words, "cd", shellWord(root), "&&")
		master = rel
	}
	words = append(words, "python", sweepScript, "test-config",
		"--config-files", shellWord(master), "--runner-config", "configs/runners.yaml", "--config-keys")
	for _, k := range keys {
		words = append(words, shellWord(k))
	}
	return strings.Join(words, " ")
}

const sweepScript = "utils/matrix_logic/generate_sweep_configs.py"

// inferenceXCheckout finds the InferenceX checkout holding path: the nearest
// parent with the sweep script, at most 16 levels up.
func inferenceXCheckout(path string) (root, rel string, ok bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", "", false
	}
	dir := filepath.Dir(abs)
	for range 16 {
		if st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(sweepScript))); err == nil && st.Mode().IsRegular() {
			if r, err := filepath.Rel(dir, abs); err == nil {
				return dir, filepath.ToSlash(r), true
			}
			return "", "", false
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return "", "", false
}

// shellWord quotes a word for a POSIX shell when it needs it.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@+,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// pins are a key's image and router version as the master text has them.
type pins struct{ image, router string }

func pinsOf(text, key string) (pins, bool) {
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 {
		return pins{}, false
	}
	e := srt.MapValue(doc.Content[0], key)
	if e == nil {
		return pins{}, false
	}
	var p pins
	if n := srt.MapValue(e, "image"); n != nil {
		p.image = n.Value
	}
	if r := srt.MapValue(e, "router"); r != nil {
		if n := srt.MapValue(r, "version"); n != nil {
			p.router = n.Value
		}
	}
	return p, true
}

// pinNotes warn when the keys of one change set pin different images or
// router versions, naming both.
func pinNotes(text string, keys []string) []string {
	var out []string
	if len(keys) < 2 {
		return nil
	}
	first, ok := pinsOf(text, keys[0])
	if !ok {
		return nil
	}
	for _, k := range keys[1:] {
		p, ok := pinsOf(text, k)
		if !ok {
			continue
		}
		if p.image != first.image {
			out = append(out, fmt.Sprintf("warning: the keys of this change set pin different images: %s has %s, %s has %s (--image moves a key once the change set touches it)", keys[0], orNone(first.image), k, orNone(p.image)))
		}
		if p.router != first.router && first.router != "" && p.router != "" {
			out = append(out, fmt.Sprintf("warning: the keys of this change set pin different router versions: %s has %s, %s has %s (--router-version moves both)", keys[0], first.router, k, p.router))
		}
	}
	return out
}

// fillPoints records the added points and the kept overrides for what is
// written from the plan besides the files (the PR body).
func (c *exportCtx) fillPoints() {
	c.plan.Added = c.add
	c.plan.Dropped = c.remove
	c.plan.Kept = nil
	for _, k := range c.kept {
		c.plan.Kept = append(c.plan.Kept, KeptVariant{Recipe: c.req.RecipePath, Key: k.key, Knobs: k.v.Knobs,
			Concurrencies: k.v.Concurrencies, Point: c.keptPoint(k)})
	}
}

// routerFromRecipes is the Dynamo version the given recipes pin beside
// their container (base.identity.frameworks.dynamo) when they agree on one,
// and the recipe that says so: with --image and no --router-version, the
// keys' router versions move to it ("" when none or several are pinned).
func routerFromRecipes(paths []string, read func(string) ([]byte, error)) (version, from string) {
	for _, p := range paths {
		data, err := read(p)
		if err != nil {
			continue
		}
		var doc yaml.Node
		if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
			continue
		}
		n := doc.Content[0]
		for _, k := range []string{"base", "identity", "frameworks", "dynamo"} {
			if n = srt.MapValue(n, k); n == nil {
				break
			}
		}
		if n == nil || n.Kind != yaml.ScalarNode || n.Value == "" {
			continue
		}
		if version != "" && version != n.Value {
			return "", ""
		}
		if version == "" {
			version, from = n.Value, p
		}
	}
	return version, from
}
