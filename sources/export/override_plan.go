package export

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/parity"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/reading"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// ExportRequest says which points to write and where (docs/export.md).
type ExportRequest struct {
	Points []model.Point // every loaded point: the curve for the review and the description
	Add    []string      // IDs to write as overrides and master rows
	Remove []string      // IDs whose overrides and rows go

	RecipePath    string   // srt-slurm bundle, recipe or directory (required unless RecipePaths)
	RecipePaths   []string // more recipes: each point goes to the one of its mode and topology
	MasterPath    string   // master config; "" skips the rows
	ConfigKeys    []string // master entries to edit: each recipe's points go to the key whose rows select it
	ChangelogPath string   // perf-changelog.yaml; "" skips the entry
	PRLink        string   // PlaceholderPRLink when ""
	// Image is the image the points ran, named in the description; when
	// given, the recipe's model.container and the master entry's image
	// are set to it where they differ. "" takes the added points' image
	// for the description and changes neither.
	Image string
	// RouterVersion is the Dynamo router version the image bundles: with
	// it, every touched key's router.version and each touched recipe's
	// identity.frameworks.dynamo move too.
	RouterVersion string
	// AsOf judges removals against the curve as it was on that date
	// (YYYY-MM-DD); "" the latest.
	AsOf string
	// Keep names the kept curve exactly (review --keep; the workbench's
	// kept-curve toggles); IDs of other curves are ignored per curve.
	Keep []string
	// KeepWhy says why Keep leaves each point out when the list comes from
	// the workbench's toggles, not the user (model.ReviewRequest.KeepWhy);
	// empty: "not in --keep".
	KeepWhy []model.LeftOut

	Replace     bool     // overwrite overrides whose key or name exists
	WithPlanned bool     // the review may lean on planned points (said in the entry)
	Force       bool     // remove points the review does not clear
	ForceReason string   // written into the description when forcing
	ExplicitMRR []string // IDs whose MRR differs from decode ranks × BS on purpose

	ReadFile func(string) ([]byte, error) // nil: os.ReadFile

	// Settle says the plan is built to be written (export --write): an
	// export interrupted in the target directories is settled first
	// (journal.go). Without it (a dry run, a preview) nothing is settled:
	// a journal there stops the build with an *InterruptedError.
	Settle bool

	// Selection is the accepted selection the sets came from (export
	// --from-select): its pairing, inside-noise candidates and margin go
	// into the plan for the PR body; nil when the sets were given by hand.
	Selection *model.SelectionSet

	routerRead bool // RouterVersion was read from a recipe, not given
}

// FileChange is one file's old and new contents and their unified diff.
type FileChange struct {
	Path     string
	Old, New []byte
	Diff     string
	Create   bool   // a new file (a recipe derived from a sibling)
	Within   string // a derived name: the directory it must stay in (confine.go)
}

// ExportedOverride is one written override block.
type ExportedOverride struct {
	ID, Key, Name string
	Text          string // the block as inserted, comment included
}

// ExportPlan is everything an export would write; nothing is written until Write.
type ExportPlan struct {
	Files     []FileChange
	Overrides []ExportedOverride
	Removed   []string // override keys removed from the bundle
	Rows      []string // master rows as inserted
	Entry     string   // the changelog entry as appended
	Verdicts  []model.RemovalVerdict
	Refusals  []string      // checks that failed; Write refuses while any remain
	Notes     []string      // things to know that do not block the export
	Next      []string      // commands to run after writing (srtctl dry-run, InferenceX's sweep expansion)
	Kept      []KeptVariant // the bundles' overrides that stay, in the order the entry lists them
	Keys      []string      // the config keys the entry lists
	Added     []*model.Point
	Dropped   []*model.Point  // the removed points, in the order of Verdicts
	AsOf      string          // the date the removals were judged as of
	Keep      []string        // the kept curve given (empty: the default)
	KeepWhy   []model.LeftOut // why Keep leaves points out (ExportRequest.KeepWhy)
	// Selection is ExportRequest.Selection: why these points (nil: by hand).
	Selection *model.SelectionSet
	Parity    []parity.Finding // the reviewers' bots' checks on the files as written (parity_gate.go)
}

// KeptVariant is an override an export leaves in its bundle.
type KeptVariant struct {
	Recipe, Key   string
	Knobs         model.Knobs
	Concurrencies []int
	Point         *model.Point // its measurement, when one is loaded
}

// RefusedError is returned when a check before writing fails.
type RefusedError struct{ Problems []string }

func (e *RefusedError) Error() string {
	return "export refused: " + strings.Join(e.Problems, "; ")
}

// Diff is every file's diff, in file order.
func (p *ExportPlan) Diff() string {
	var b strings.Builder
	for _, f := range p.Files {
		b.WriteString(f.Diff)
	}
	return b.String()
}

// Write replaces the changed files atomically, keeping a backup of each
// under BackupDir.
func (p *ExportPlan) Write() error {
	if len(p.Refusals) > 0 {
		return &RefusedError{Problems: p.Refusals}
	}
	var ws []FileWrite
	for _, f := range p.Files {
		if string(f.Old) != string(f.New) || f.Create {
			ws = append(ws, FileWrite{Path: f.Path, Old: f.Old, Content: f.New, Create: f.Create, Within: f.Within})
		}
	}
	return WriteFilesAtomic(ws)
}

// exportCtx carries what BuildExport has worked out so far.
type exportCtx struct {
	req        ExportRequest
	plan       *ExportPlan
	add        []*model.Point
	remove     []*model.Point
	recipe     *srt.Recipe
	vocab      srt.Vocab
	base       srt.Variant
	gpn        int
	removed    map[string]*model.Point // override key → removed point
	kept       []keptOverride
	recipeText []byte
	indent     int               // the recipe's indentation step once known (bundleIndentOf)
	blocks     *recipeBlocks     // the recipe's top-level blocks once known (recipeTopBlocks)
	shown      []model.Point     // the points as of --as-of once known (keptPoints); read only
	crlf       map[string][]byte // path → its CRLF bytes; editing sees LF
	single     bool              // one topology per file: new files, not overrides
	imageNoted bool              // the image note was given
	rows       []srt.RowSpec     // master rows to write (one topology per file)
	concEdits  []*concEdit       // concurrency lists to edit (one topology per file)
	// verdicts are the change set's review, done once over every removed
	// point; nil: this export reviews its own removals.
	verdicts map[string]model.RemovalVerdict
}

type keptOverride struct {
	key   string
	v     srt.Variant
	point *model.Point
}

// BuildExport works out every file's new contents and diff without writing.
// Bad input is a plain error (no plan); failed checks return the plan with
// its Refusals and a *RefusedError.
func BuildExport(req ExportRequest) (plan *ExportPlan, err error) {
	defer func() { plan, err = checkParity(req, plan, err) }() // parity_gate.go
	if req.ReadFile == nil {
		req.ReadFile = sources.ReadRegular // a FIFO named as --changelog must not hang
	}
	if req.PRLink == "" {
		req.PRLink = srt.PlaceholderPRLink
	}
	if err := checkRequestText(req); err != nil { // request_text.go
		return nil, err
	}
	var settled []string
	if targets := append(req.recipePaths(), req.MasterPath, req.ChangelogPath); req.Settle {
		settled, err = SettleInterrupted(targets...) // journal.go
	} else {
		err = FindInterrupted(targets...)
	}
	if err != nil {
		return nil, err
	}
	var routerNote []string
	if req.Image != "" && req.RouterVersion == "" {
		if v, from := routerFromRecipes(req.recipePaths(), req.ReadFile); v != "" && !srt.VersionShaped(v) {
			routerNote = []string{fmt.Sprintf("warning: %s: identity.frameworks.dynamo %s is not a version; no router version pinned from it (give --router-version)", from, srt.QuoteDQ(srt.CutText(v, 60)))}
		} else if v != "" {
			req.RouterVersion, req.routerRead = v, true
			routerNote = []string{fmt.Sprintf("router version %s read from %s (identity.frameworks.dynamo): it moves with --image", v, filepath.Base(from))}
		}
	}
	if len(req.recipePaths()) > 1 || len(req.ConfigKeys) > 1 {
		plan, err := buildChangeSet(req)
		if plan != nil {
			plan.Notes = append(append(append([]string{}, settled...), routerNote...), plan.Notes...)
		}
		return plan, err
	}
	if paths := req.recipePaths(); len(paths) == 1 {
		req.RecipePath = paths[0]
	}
	c := &exportCtx{req: req, plan: &ExportPlan{AsOf: req.AsOf, Keep: req.Keep, KeepWhy: req.KeepWhy, Selection: req.Selection}, removed: map[string]*model.Point{}, crlf: map[string][]byte{}}
	c.plan.Notes = append(c.plan.Notes, settled...)
	c.req.ReadFile = c.readLF(req.ReadFile)
	if err := c.resolvePoints(); err != nil {
		return nil, err
	}
	if req.RecipePath == "" {
		return nil, fmt.Errorf("--recipe: a recipe bundle, a recipe or a directory of recipes to write into is required")
	}
	if err := c.recipes(); err != nil {
		return nil, err
	}
	keys := req.ConfigKeys
	scenario := ""
	if req.MasterPath != "" {
		me, err := c.master()
		if err != nil {
			return nil, err
		}
		if me.KeysTouched != nil {
			keys = me.KeysTouched
		}
		scenario = me.Scenario
	}
	if req.ChangelogPath != "" {
		if err := c.changelog(keys, scenario); err != nil {
			return nil, err
		}
	}
	c.plan.Next = c.dryRuns()
	c.plan.Keys = keys
	c.plan.Notes = append(routerNote, c.plan.Notes...)
	c.fillPoints()
	if req.MasterPath != "" && len(keys) > 0 {
		c.plan.Next = append(c.plan.Next, sweepCommand(req.MasterPath, keys))
	}
	runPreWriteChecks(req, c.plan)
	if len(c.plan.Refusals) > 0 {
		return c.plan, &RefusedError{Problems: c.plan.Refusals}
	}
	return c.plan, nil
}

func (c *exportCtx) refuse(format string, args ...any) {
	c.plan.Refusals = append(c.plan.Refusals, fmt.Sprintf(format, args...))
}

// change records a file's new contents. A CRLF file was edited as LF: its
// new lines get CRLF too and Old is the bytes as read (the diff shows lines).
func (c *exportCtx) change(path string, old, new []byte) {
	diff := UnifiedDiff(filepath.ToSlash(path), string(old), string(new))
	if orig, ok := c.crlf[path]; ok {
		old, new = orig, toCRLF(new)
	}
	c.plan.Files = append(c.plan.Files, FileChange{Path: path, Old: old, New: new, Diff: diff})
}

func (c *exportCtx) resolvePoints() error {
	if len(c.req.Add) == 0 && len(c.req.Remove) == 0 {
		return fmt.Errorf("nothing to export: give points to add (--add) or remove (--remove)")
	}
	seen := map[string]bool{}
	find := func(ids []string, flag string) ([]*model.Point, error) {
		var out []*model.Point
		for _, id := range ids {
			if seen[id] {
				return nil, fmt.Errorf("%s: %s is given twice", flag, id)
			}
			seen[id] = true
			i := model.FindID(c.req.Points, id)
			if i < 0 {
				return nil, fmt.Errorf("%s: no loaded point has ID %q", flag, id)
			}
			p := &c.req.Points[i]
			if p.Knobs.Mode == "" {
				return nil, fmt.Errorf("%s: %s has no knobs (no recipe joined it); nothing to write", flag, id)
			}
			out = append(out, p)
		}
		return out, nil
	}
	var err error
	if c.add, err = find(c.req.Add, "--add"); err != nil {
		return err
	}
	for _, p := range c.add {
		if p.Knobs.Concurrency <= 0 {
			return fmt.Errorf("--add: %s has no concurrency", p.ID)
		}
	}
	c.remove, err = find(c.req.Remove, "--remove")
	return err
}

func (c *exportCtx) readRecipe(data []byte) error {
	r, warns, err := srt.ParseRecipeDoc(c.req.RecipePath, data)
	return c.useRecipe(data, r, warns, err)
}

// useRecipe takes the bundle export writes into, as ParseRecipeDoc read it
// from data.
func (c *exportCtx) useRecipe(data []byte, r *srt.Recipe, warns []reading.Warning, err error) error {
	path := c.req.RecipePath
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	if len(warns) > 0 {
		return fmt.Errorf("%s", warns[0])
	}
	if !r.Bundle {
		return fmt.Errorf("%s: a single recipe (one topology per file), not a bundle with base: and override_* blocks", path)
	}
	c.recipe, c.recipeText, c.indent, c.blocks = r, data, 0, nil
	base, err := srt.VariantOf(path, "", r.Base)
	if err != nil {
		return fmt.Errorf("%s: base.%v", path, err)
	}
	for _, p := range append(append([]*model.Point{}, c.add...), c.remove...) {
		if p.Knobs.Mode != base.Knobs.Mode {
			return fmt.Errorf("%s: %s is %s but the base of %s is %s: pass --recipe with the %s bundle that runs it too (several --recipe make one change set)",
				p.ID, p.ID, srt.ModeWord(p.Knobs.Mode), path, srt.ModeWord(base.Knobs.Mode), pointShape(p.Knobs))
		}
	}
	c.base = base
	c.vocab = srt.NewVocab(r, base.Engine)
	c.gpn = r.GPUsPerNode()
	return nil
}

// variants resolves every override of the bundle.
func (c *exportCtx) variants() map[string]srt.Variant {
	out := map[string]srt.Variant{}
	for _, o := range c.recipe.Overrides {
		if v, err := srt.VariantOf(c.req.RecipePath, o.Key, c.recipe.Resolve(o)); err == nil {
			out[o.Key] = v
		}
	}
	return out
}

// matches reports whether a recipe variant is the point: same workers and
// concurrency, and the same BS when both know it.
func matches(v srt.Variant, p *model.Point) bool {
	vk, k := v.Knobs, p.Knobs
	if vk.Prefill.Workers != k.Prefill.Workers || vk.Decode.Workers != k.Decode.Workers || !v.RunsAt(k.Concurrency) {
		return false
	}
	// Same parallelism where both know it: an agg TP4 and an agg TP2/EP2
	// worker at c16 are different points.
	for _, r := range [][2]model.Role{{vk.Prefill, k.Prefill}, {vk.Decode, k.Decode}} {
		if r[0].GPUs > 0 && r[1].GPUs > 0 && r[0].Parallelism() != r[1].Parallelism() {
			return false
		}
	}
	return vk.DecodeBS == 0 || k.DecodeBS == 0 || vk.DecodeBS == k.DecodeBS
}

// overrideKeyOf is the bundle's override for a point: the conventional key
// when present, else the one variant whose knobs match.
func (c *exportCtx) overrideKeyOf(p *model.Point, vs map[string]srt.Variant) string {
	conv := model.OverrideName(p.Knobs.BaseID())
	if _, ok := vs[conv]; ok {
		return conv
	}
	var keys []string
	for _, o := range c.recipe.Overrides {
		if v, ok := vs[o.Key]; ok && matches(v, p) {
			keys = append(keys, o.Key)
		}
	}
	if len(keys) == 1 {
		return keys[0]
	}
	return ""
}

// overrides builds the new blocks and runs the per-point checks.
func (c *exportCtx) overrides() ([]srt.NewOverride, error) {
	vs := c.variants()
	for _, p := range c.remove {
		key := c.overrideKeyOf(p, vs)
		if key == "" {
			c.unplaced(p, "no override in %s runs it", c.req.RecipePath)
			continue
		}
		c.removed[key] = p
		c.plan.Removed = append(c.plan.Removed, key)
	}
	var names []string
	nameOwner := map[string]string{}
	for _, o := range c.recipe.Overrides {
		if v, ok := vs[o.Key]; ok && v.Name != "" {
			names = append(names, v.Name)
			nameOwner[v.Name] = o.Key
		}
	}
	baseName, _ := c.recipe.Base["name"].(string)
	explicit := c.explicitMRR()
	var out []srt.NewOverride
	for _, p := range c.add {
		id := p.Knobs.BaseID()
		key := model.OverrideName(id)
		name := srt.OverrideName(id, baseName, names)
		if _, exists := vs[key]; exists || c.recipe.HasOverride(key) {
			if !c.req.Replace {
				c.refuse("%s: override %s already exists in %s (use --replace to overwrite it)", p.ID, key, c.req.RecipePath)
			} else {
				c.removed[key] = p
			}
		}
		if owner, ok := nameOwner[name]; ok && owner != key && !c.req.Replace {
			c.refuse("%s: name %q is already used by %s (use --replace)", p.ID, name, owner)
		}
		c.checkPoint(p, explicit[p.ID])
		d := srt.BuildDelta(p, name, c.base, c.vocab, c.gpn)
		c.plan.Notes = append(c.plan.Notes, d.Notes...)
		if err := c.roundTrip(p, d); err != nil {
			c.refuse("%s: %v", p.ID, err)
		}
		k := p.Knobs
		text := d.Render(key, srt.OverrideComment(p, c.gpn, c.vocab.SGLangArgs()), bundleIndentOf(c))
		out = append(out, srt.NewOverride{Key: key, Text: text, Order: [3]int{k.Prefill.Workers, k.Decode.Workers, k.Concurrency}})
		c.plan.Overrides = append(c.plan.Overrides, ExportedOverride{ID: p.ID, Key: key, Name: name, Text: text})
	}
	sort.SliceStable(out, func(i, j int) bool { return srt.Less3(out[i].Order, out[j].Order) })
	for key, v := range vs {
		if c.removed[key] == nil {
			c.kept = append(c.kept, keptOverride{key: key, v: v})
		}
	}
	sort.Slice(c.kept, func(i, j int) bool {
		a, b := c.kept[i].v.Knobs, c.kept[j].v.Knobs
		return srt.Less3([3]int{a.Prefill.Workers, a.Decode.Workers, a.Concurrency}, [3]int{b.Prefill.Workers, b.Decode.Workers, b.Concurrency})
	})
	return out, nil
}

// bundleIndentOf is the bundle's own indentation step (2 when unknown),
// found once per recipe: each new override asks for it.
func bundleIndentOf(c *exportCtx) int {
	if c.indent == 0 {
		c.indent = 2
		if b := c.recipeTopBlocks(); b.err == nil {
			c.indent = srt.BundleIndent(b.lines, b.blocks)
		}
	}
	return c.indent
}

// recipeBlocks are the recipe text's lines and top-level blocks.
type recipeBlocks struct {
	lines  []string
	blocks []srt.TopBlock
	err    error
}

// recipeTopBlocks parses the recipe text's top-level blocks once: the
// indentation step and the bundle edit both need them.
func (c *exportCtx) recipeTopBlocks() *recipeBlocks {
	if c.blocks == nil {
		text := string(c.recipeText)
		b := &recipeBlocks{lines: srt.SplitLines(text)}
		b.blocks, b.err = srt.TopBlocks(text, b.lines)
		c.blocks = b
	}
	return c.blocks
}

// checkPoint: the same parallelism as the base, workers fit their nodes,
// and MRR = decode ranks × BS unless explicit.
func (c *exportCtx) checkPoint(p *model.Point, explicitMRR bool) {
	k := p.Knobs
	if problem := srt.BalanceProblem(p); problem != "" { // values.go
		c.refuse("%s", problem)
	}
	for _, role := range srt.ExportRoles(k) {
		r := struct {
			name       string
			want, base model.Role
		}{role.Name, role.Want, srt.BaseRole(c.base.Knobs, role.Name)}
		if r.want.Parallelism() != r.base.Parallelism() {
			c.refuse("%s: %s workers are %s but the bundle's base runs %s; an override here cannot change the parallelism",
				p.ID, r.name, strings.ToUpper(r.want.Parallelism()), strings.ToUpper(r.base.Parallelism()))
		}
		if r.want.Workers <= 0 || r.want.GPUs <= 0 {
			c.refuse("%s: %s workers or GPUs per worker unknown", p.ID, r.name)
			continue
		}
		nodes := srt.TargetNodes(r.want, c.gpn)
		if c.gpn > 0 && r.want.Workers*r.want.GPUs > nodes*c.gpn {
			c.refuse("%s: %d %s workers × %d GPUs = %d GPUs do not fit %d nodes × %d GPUs per node",
				p.ID, r.want.Workers, r.name, r.want.GPUs, r.want.Workers*r.want.GPUs, nodes, c.gpn)
		}
		if c.gpn > 0 && r.want.GPUs <= c.gpn && r.want.Workers > nodes*(c.gpn/r.want.GPUs) {
			c.refuse("%s: %d %s workers of %d GPUs do not fit %d nodes of %d GPUs (a worker cannot span nodes)",
				p.ID, r.want.Workers, r.name, r.want.GPUs, nodes, c.gpn)
		}
	}
	if c.gpn == 0 {
		c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s: the bundle states no resources.gpus_per_node; node fit not checked", p.ID))
	}
	// A value the target already holds is not the point's to defend.
	held := k.MaxRunningRequests == c.base.Knobs.MaxRunningRequests
	if k.DecodeBS > 0 && k.MaxRunningRequests > 0 && !explicitMRR && !held && c.vocab.SGLangArgs() {
		if want := k.WorkerMRR(); k.MaxRunningRequests != want {
			c.refuse("%s: max-running-requests %d is not one decode worker's ranks %d × BS %d = %d (it is each worker's own argument; pass --explicit-mrr %s if %d is meant)",
				p.ID, k.MaxRunningRequests, k.WorkerRanks(), k.DecodeBS, want, p.ID, k.MaxRunningRequests)
		}
	}
	if k.DecodeBS == 0 {
		c.plan.Notes = append(c.plan.Notes, fmt.Sprintf("%s: decode BS unknown; the override inherits the base's", p.ID))
	}
}

// roundTrip resolves the written delta with the deep-merge rules and
// checks that it gives back the point's knobs.
func (c *exportCtx) roundTrip(p *model.Point, d srt.OverrideDelta) error {
	v, err := srt.VariantOf(c.req.RecipePath, "", srt.DeepMerge(c.recipe.Base, d.AsMap()))
	if err != nil {
		return fmt.Errorf("resolved override: %v", err)
	}
	return knobsMatch(v.Knobs, p.Knobs, c.gpn, c.vocab.SGLangArgs())
}

// knobsMatch compares what the point knows with what a variant resolves
// to; sglang says whether the engine carries MRR, extra slots and balancing.
func knobsMatch(got, want model.Knobs, gpn int, sglang bool) error {
	var diffs []string
	chk := func(name string, g, w int) {
		if w > 0 && g != w {
			diffs = append(diffs, fmt.Sprintf("%s %d, want %d", name, g, w))
		}
	}
	for _, r := range []struct {
		name string
		g, w model.Role
	}{{"prefill", got.Prefill, want.Prefill}, {"decode", got.Decode, want.Decode}} {
		chk(r.name+" workers", r.g.Workers, r.w.Workers)
		chk(r.name+" GPUs", r.g.GPUs, r.w.GPUs)
		chk(r.name+" nodes", r.g.Nodes, srt.TargetNodes(r.w, gpn))
		chk(r.name+" TP", r.g.TP, r.w.TP)
		chk(r.name+" EP", max(r.g.EP, 1), max(r.w.EP, 1))
		if r.g.DPAttn != r.w.DPAttn {
			diffs = append(diffs, r.name+" DP attention differs")
		}
	}
	chk("decode BS", got.DecodeBS, want.DecodeBS)
	chk("concurrency", got.Concurrency, want.Concurrency)
	if got.Mode != want.Mode {
		diffs = append(diffs, fmt.Sprintf("mode %s, want %s", got.Mode, want.Mode))
	}
	if !sglang {
		return joinDiffs(diffs)
	}
	chk("max-running-requests", got.MaxRunningRequests, srt.ExportMRR(want))
	chk("extra slots", got.DecodeExtraSlots, want.DecodeExtraSlots)
	if want.Balance != "" && got.Balance != want.Balance {
		diffs = append(diffs, fmt.Sprintf("balance %q, want %q", got.Balance, want.Balance))
	}
	return joinDiffs(diffs)
}

func joinDiffs(diffs []string) error {
	if len(diffs) > 0 {
		return errors.New("the override does not resolve to the point: " + strings.Join(diffs, ", "))
	}
	return nil
}

func (c *exportCtx) editRecipe(old string, adds []srt.NewOverride) (string, error) {
	orderOf := map[string][3]int{}
	for key, v := range c.variants() {
		k := v.Knobs
		orderOf[key] = [3]int{k.Prefill.Workers, k.Decode.Workers, k.Concurrency}
	}
	remove := map[string]bool{}
	for key := range c.removed {
		remove[key] = true
	}
	var blocks []srt.TopBlock
	if old == string(c.recipeText) {
		b := c.recipeTopBlocks()
		if b.err != nil {
			return "", fmt.Errorf("%s: %v", c.req.RecipePath, b.err)
		}
		blocks = b.blocks
	}
	out, err := srt.EditBundle(old, blocks, remove, adds, orderOf)
	if err != nil {
		return "", fmt.Errorf("%s: %v", c.req.RecipePath, err)
	}
	return out, nil
}
