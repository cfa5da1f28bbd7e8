package parity

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources"
	"github.com/sweeptune/sweeptune/sources/reading"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// Inputs say what CheckMaster reads.
type Inputs struct {
	MasterPath string
	// RecipeRoots are directories the rows' recipe paths resolve under
	// (srt-slurm's checkout, or its recipes/ directory).
	RecipeRoots []string
	// RecipeFiles are recipe files named one by one: a row's recipe path
	// resolves to the one it ends with (the longest match, else the one
	// file of that name).
	RecipeFiles []string
	// Keys restricts the check to these config keys (none: every key).
	Keys []string
	// OnlyGiven checks only rows whose recipe is one of RecipeFiles: a row
	// elsewhere is not the caller's business (an export checks what it writes).
	OnlyGiven bool
	// ReadFile reads a file (staged contents, say); nil reads the disk.
	ReadFile func(string) ([]byte, error)
}

// checker carries one check's caches.
type checker struct {
	in      Inputs
	read    func(string) ([]byte, error)
	recipes map[string]*parsedRecipe
	schema  map[string]bool // file + override already judged against the schema
	rep     *Report
}

type parsedRecipe struct {
	doc *srt.Recipe
	err error
}

// CheckMaster reads the master config and every recipe its rows select,
// and reports each fault between them. An error means the master itself
// could not be read.
func CheckMaster(in Inputs) (Report, error) {
	rep := Report{Findings: []Finding{}, Notes: []string{}}
	read := in.ReadFile
	if read == nil {
		read = sources.ReadRegular
	}
	data, err := read(in.MasterPath)
	if err != nil {
		return rep, fmt.Errorf("%s: %v", in.MasterPath, reading.PathErr(err))
	}
	mc, _, err := srt.ParseMaster(in.MasterPath, data)
	if err != nil {
		return rep, fmt.Errorf("%s: %v", in.MasterPath, err)
	}
	c := &checker{in: in, read: read, recipes: map[string]*parsedRecipe{}, schema: map[string]bool{}, rep: &rep}
	for _, e := range mc.Entries {
		if len(in.Keys) > 0 && !slices.Contains(in.Keys, e.Key) {
			continue
		}
		for _, sc := range e.Scenarios {
			for ri, row := range sc.Rows {
				c.row(e, sc, ri, row)
			}
		}
	}
	rep.Recipes = len(c.recipes)
	sortFindings(rep.Findings)
	return rep, nil
}

// entryCurve is what a master entry says of its curve.
func entryCurve(e *srt.MasterEntry, sc *srt.MasterScenario, row *srt.MasterRow) model.CurveKey {
	k := model.CurveKey{Framework: e.Framework, Precision: srt.NormPrecision(e.Precision)}
	if e.Model != "" {
		k.Model = model.ModelKey(e.Model)
	}
	if e.Runner != "" {
		k.Hardware = srt.GPUKey(strings.SplitN(e.Runner, "-", 2)[0])
	}
	if sc.Name != "fixed-seq-len" {
		k.Scenario = sc.Name
	}
	if row.SpecDecoding != "" {
		k.Spec = row.SpecDecoding
	}
	return k
}

func (c *checker) row(e *srt.MasterEntry, sc *srt.MasterScenario, ri int, row *srt.MasterRow) {
	file, override := row.Selector()
	if file == "" {
		return
	}
	rowKey := fmt.Sprintf("%s.scenarios.%s search-space[%d]", e.Key, sc.Name, ri)
	curve := entryCurve(e, sc, row)
	sel := file
	if override != "" {
		sel += ":" + override
	}
	path, found := c.resolve(file)
	if !found {
		if c.in.OnlyGiven || (len(c.in.RecipeRoots) == 0 && len(c.in.RecipeFiles) == 0) {
			return
		}
		c.rep.Rows++
		where := strings.Join(append(append([]string{}, c.in.RecipeRoots...), c.in.RecipeFiles...), ", ")
		c.add(Finding{Kind: KindRecipeMissing, Severity: Error, File: c.in.MasterPath, Line: row.Line, Key: rowKey + " recipe",
			ConfigKey: e.Key, Recipe: sel, Got: file, Curve: curve,
			Text: fmt.Sprintf("selects %s, which is not under %s: the row cannot run", file, where)})
		return
	}
	c.rep.Rows++
	pr := c.parse(path)
	if pr.err != nil {
		c.add(Finding{Kind: KindSchema, Severity: Error, File: path, Key: "(file)", ConfigKey: e.Key, Recipe: sel, Curve: curve,
			Text: fmt.Sprintf("not a recipe srtctl can load: %v (selected by %s line %d)", pr.err, filepath.Base(c.in.MasterPath), row.Line)})
		return
	}
	r := pr.doc
	var picks []srt.RecipeOverride
	switch {
	case override != "":
		for _, o := range r.Overrides {
			if o.Key == override {
				picks = append(picks, o)
			}
		}
		if len(picks) == 0 {
			c.add(Finding{Kind: KindOverrideAbsent, Severity: Error, File: c.in.MasterPath, Line: row.Line, Key: rowKey + " recipe",
				ConfigKey: e.Key, Recipe: sel, Got: override, Curve: curve,
				Text: fmt.Sprintf("selects %s, which %s does not define", override, filepath.Base(path))})
			return
		}
	case len(r.Overrides) > 0:
		picks = r.Overrides // srtctl apply -f bundle runs every variant
	}
	rowConcs := masterConcs(row)
	var recipeConcs []int
	var concKey string
	judge := func(key string, m map[string]any, block map[string]any) {
		label := key
		if label == "" {
			label = "(recipe)"
		}
		v, verr := srt.VariantOf(path, key, m)
		if verr == nil && curve.Scenario == "" {
			curve.Scenario = v.Curve.Scenario
		}
		if r.Schema == 1 && !c.schema[path+"\x00"+key] {
			c.schema[path+"\x00"+key] = true
			for _, p := range srtctlRejects(m) {
				c.add(Finding{Kind: KindSchema, Severity: Error, File: path, Key: prefixKey(key, block, p.key), ConfigKey: e.Key, Recipe: sel, Curve: curve,
					Text: p.msg})
			}
		}
		if verr != nil {
			c.rep.Notes = append(c.rep.Notes, fmt.Sprintf("%s %s: knobs not read (%v); caps not checked", path, label, verr))
			return
		}
		concs := v.Concurrencies
		if len(concs) == 0 && v.Knobs.Concurrency > 0 {
			concs = []int{v.Knobs.Concurrency}
		}
		if len(concs) > 0 {
			recipeConcs = append(recipeConcs, concs...)
			switch {
			case len(picks) > 1:
				concKey = fmt.Sprintf("%s of its %d variants", concPath(m), len(picks))
			case concKey == "":
				concKey = prefixKey(key, block, concPath(m))
			}
		}
		run := concs
		if len(run) == 0 {
			run = rowConcs
		}
		c.caps(path, key, r, m, block, v, run, e.Key, sel, curve)
	}
	if len(picks) == 0 {
		judge("", r.Base, nil)
	}
	for _, o := range picks {
		judge(o.Key, r.Resolve(o), o.Block)
	}
	if len(recipeConcs) > 0 && len(rowConcs) > 0 {
		want, got := uniqSorted(recipeConcs), uniqSorted(rowConcs)
		if !slices.Equal(want, got) {
			c.add(Finding{Kind: KindConcMismatch, Severity: Error, File: c.in.MasterPath, Line: row.Line, Key: rowKey + " conc-list",
				ConfigKey: e.Key, Recipe: sel, Got: ints(got), Want: ints(want), Curve: curve,
				Text: fmt.Sprintf("conc-list %s but %s %s runs %s: InferenceX expands one set, srtctl runs the other",
					ints(got), filepath.Base(path), concKey, ints(want))})
		}
	}
}

// caps: the decode (or aggregated) worker's CUDA-graph cap × its ranks and
// its max-running-requests against what the largest concurrency needs per
// worker, ceil(C / workers) (docs/parity.md).
func (c *checker) caps(path, key string, r *srt.Recipe, m, block map[string]any, v srt.Variant, concs []int, cfgKey, sel string, curve model.CurveKey) {
	if len(concs) == 0 {
		return
	}
	k := v.Knobs
	role, roleName := k.Decode, srt.RoleDecode
	if k.Mode == model.ModeAgg {
		role, roleName = k.Prefill, srt.RoleAgg
	}
	workers := max(role.Workers, 1)
	ranks := 1
	if role.DPAttn && role.TP > 0 {
		ranks = role.TP
	}
	cmax := slices.Max(concs)
	need := (cmax + workers - 1) / workers
	args := srt.ArgsPath(r.Schema, v.Engine, roleName)
	words := srt.Args(v.Engine)
	if k.DecodeBS > 0 && k.DecodeBS*ranks < need {
		name := argKey(m, args, append(append([]string{}, words.BatchCaps...), words.CapturedSizes))
		c.add(Finding{Kind: KindCapBelowConc, Severity: Warning, File: path, Key: prefixKey(key, block, name), ConfigKey: cfgKey, Recipe: sel, Curve: curve,
			Got: strconv.Itoa(k.DecodeBS * ranks), Want: strconv.Itoa(need),
			Text: fmt.Sprintf("decode CUDA-graph cap %d × %s = %d per worker, below c%d over %d %s = %d per worker: the rest decodes outside the graphs or waits",
				k.DecodeBS, model.Plural(ranks, "rank"), k.DecodeBS*ranks, cmax, workers, workerWord(workers), need)})
	}
	if k.MaxRunningRequests > 0 && k.MaxRunningRequests < need {
		name := argKey(m, args, []string{srt.ArgMaxRunningRequests})
		c.add(Finding{Kind: KindMRRBelowConc, Severity: Warning, File: path, Key: prefixKey(key, block, name), ConfigKey: cfgKey, Recipe: sel, Curve: curve,
			Got: strconv.Itoa(k.MaxRunningRequests), Want: strconv.Itoa(need),
			Text: fmt.Sprintf("max-running-requests %d per worker, below c%d over %d %s = %d per worker: the rest waits at admission",
				k.MaxRunningRequests, cmax, workers, workerWord(workers), need)})
	}
}

// argKey is the dotted key of the first of names present among a role's
// arguments, spelled as the recipe spells it.
func argKey(m map[string]any, args []string, names []string) string {
	am, _ := srt.Lookup(m, args...)
	amap, _ := am.(map[string]any)
	for _, name := range names {
		if name == "" {
			continue
		}
		parts := srt.ArgPath(name)
		cur, path := amap, append([]string{}, args...)
		ok := true
		for i, p := range parts {
			found := ""
			for k := range cur {
				if strings.ReplaceAll(strings.ToLower(k), "_", "-") == p {
					found = k
				}
			}
			if found == "" {
				ok = false
				break
			}
			path = append(path, found)
			if i < len(parts)-1 {
				if cur, ok = cur[found].(map[string]any); !ok {
					break
				}
			}
		}
		if ok {
			return strings.Join(path, ".")
		}
	}
	return strings.Join(args, ".")
}

// prefixKey names a key of a resolved variant where it is written: under
// the override when its block sets it, else under base (a bundle).
func prefixKey(override string, block map[string]any, key string) string {
	if override == "" {
		return key
	}
	if strings.HasPrefix(override, "sweep[") {
		return key + " (" + override + ")"
	}
	if _, ok := srt.Lookup(block, strings.Split(key, ".")...); ok {
		return override + "." + key
	}
	return "base." + key + " (" + override + ")"
}

// concPath is the key a resolved recipe keeps its concurrencies under.
func concPath(m map[string]any) string {
	for _, p := range [][]string{srt.ConcEnvPath, srt.ConcEnvAltPath, srt.ConcListPath, srt.ConcOnePath} {
		if v, ok := srt.Lookup(m, p...); ok && v != nil {
			return strings.Join(p, ".")
		}
	}
	return strings.Join(srt.ConcListPath, ".")
}

// masterConcs are the concurrencies a row expands to: conc-list, else
// conc-start doubled up to conc-end (generate_sweep_configs.py).
func masterConcs(row *srt.MasterRow) []int {
	if len(row.ConcList) > 0 {
		return row.ConcList
	}
	lo, ok1 := nodeInt(srt.MapValue(row.Node, "conc-start"))
	hi, ok2 := nodeInt(srt.MapValue(row.Node, "conc-end"))
	if !ok1 || !ok2 || lo <= 0 || hi < lo {
		return nil
	}
	var out []int
	for c := lo; ; c *= 2 {
		if c >= hi {
			out = append(out, hi)
			break
		}
		out = append(out, c)
	}
	return out
}

func uniqSorted(xs []int) []int {
	out := slices.Clone(xs)
	slices.Sort(out)
	return slices.Compact(out)
}

func ints(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// resolve finds a row's recipe file among the given files, then under the
// roots (the path as written, then without its first directory, which
// is srt-slurm's recipes/ when a root is that directory).
func (c *checker) resolve(file string) (string, bool) {
	file = filepath.FromSlash(file)
	best, bestLen, byBase := "", -1, []string{}
	for _, f := range c.in.RecipeFiles {
		cf := filepath.Clean(f)
		if n := commonTail(cf, file); n > bestLen && n > 0 {
			best, bestLen = f, n
		}
		if filepath.Base(cf) == filepath.Base(file) {
			byBase = append(byBase, f)
		}
	}
	if bestLen >= 2 || (bestLen == 1 && len(byBase) == 1) {
		return best, true
	}
	if c.in.OnlyGiven {
		return "", false
	}
	for _, root := range c.in.RecipeRoots {
		cands := []string{filepath.Join(root, file)}
		if i := strings.IndexRune(file, filepath.Separator); i > 0 {
			cands = append(cands, filepath.Join(root, file[i+1:]))
		}
		for _, p := range cands {
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
				return p, true
			}
		}
	}
	return "", false
}

// commonTail counts the trailing path parts a and b share.
func commonTail(a, b string) int {
	pa := strings.Split(a, string(filepath.Separator))
	pb := strings.Split(b, string(filepath.Separator))
	n := 0
	for n < len(pa) && n < len(pb) && pa[len(pa)-1-n] == pb[len(pb)-1-n] {
		n++
	}
	return n
}

func (c *checker) parse(path string) *parsedRecipe {
	if pr, ok := c.recipes[path]; ok {
		return pr
	}
	pr := &parsedRecipe{}
	data, err := c.read(path)
	if err != nil {
		pr.err = reading.PathErr(err)
	} else {
		pr.doc, _, pr.err = srt.ParseRecipeDoc(path, data)
	}
	c.recipes[path] = pr
	return pr
}

func (c *checker) add(f Finding) { c.rep.Findings = append(c.rep.Findings, f) }

func workerWord(n int) string {
	if n == 1 {
		return "worker"
	}
	return "workers"
}

// nodeInt reads a scalar node as an integer.
func nodeInt(n *yaml.Node) (int, bool) {
	if n == nil || n.Kind != yaml.ScalarNode {
		return 0, false
	}
	v, err := strconv.Atoi(strings.TrimSpace(n.Value))
	return v, err == nil
}
