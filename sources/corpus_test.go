package sources

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/srt"
	"go.yaml.in/yaml/v3"
)

// The real-file corpus (../shared/corpus, 863 files from the public
// repositories): every file loads, and recipe knobs agree with what the
// files say, read independently of the recipe reader (the recipes' own
// fields decoded plainly, and the topology their file names spell).

type corpusFile struct {
	name, origPath, shape string
}

func corpusFiles(t *testing.T) (string, []corpusFile) {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "corpus")
	f, err := os.Open(filepath.Join(dir, "SOURCES.tsv"))
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	defer f.Close()
	var out []corpusFile
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for first := true; sc.Scan(); first = false {
		cols := strings.Split(sc.Text(), "\t")
		if first || len(cols) < 6 {
			continue
		}
		out = append(out, corpusFile{name: cols[0], origPath: cols[3], shape: cols[5]})
	}
	if len(out) < 800 {
		t.Fatalf("SOURCES.tsv lists %d files", len(out))
	}
	return dir, out
}

// TestCorpusEveryFileLoads: no file is of an unknown format; every results
// file gives points, each with metrics; every recipe gives variants; every
// config file loads clean.
func TestCorpusEveryFileLoads(t *testing.T) {
	dir, files := corpusFiles(t)
	var results, recipes share // files with points, with variants
	for _, cf := range files {
		data, err := os.ReadFile(filepath.Join(dir, cf.name))
		if err != nil {
			t.Errorf("%s: %v", cf.name, err)
			continue
		}
		ds := LoadBytes(filepath.Join(dir, cf.name), data, Options{})
		for _, w := range ds.Warnings {
			if strings.Contains(w.Msg, "unknown format") {
				t.Errorf("%s (%s): %s", cf.name, cf.shape, w.Msg)
			}
		}
		kind, _, _ := strings.Cut(cf.shape, "/")
		switch {
		case strings.Contains(cf.shape, "llm-d"):
			if len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, "llm-d recipe: not an srt-slurm recipe") {
				t.Errorf("%s: llm-d recipe said %v", cf.name, ds.Warnings)
			}
		case kind == "results":
			results.count(len(ds.Points) > 0)
			if len(ds.Points) == 0 {
				t.Errorf("%s (%s): no points; warnings %v", cf.name, cf.shape, ds.Warnings)
			}
			for i := range ds.Points {
				if len(ds.Points[i].Metrics.Present()) == 0 {
					t.Errorf("%s: point %s has no metrics", cf.name, ds.Points[i].ID)
				}
			}
		case kind == "recipe":
			recipes.count(len(ds.Variants) > 0)
			if len(ds.Variants) == 0 {
				t.Errorf("%s (%s): no variants; warnings %v", cf.name, cf.shape, ds.Warnings)
			}
		case kind == "config":
			for _, w := range ds.Warnings {
				t.Errorf("%s (%s): %s", cf.name, cf.shape, w)
			}
		}
	}
	t.Logf("results files with points: %d/%d; recipes with variants: %d/%d", results.with, results.of, recipes.with, recipes.of)
}

// share counts files and those of them with something.
type share struct{ of, with int }

func (s *share) count(with bool) {
	s.of++
	if with {
		s.with++
	}
}

// knobTally counts agreements per knob.
type knobTally struct {
	agree, total map[string]int
	misses       []string
}

func (k *knobTally) check(t *testing.T, file, knob string, got, want any) {
	if k.agree == nil {
		k.agree, k.total = map[string]int{}, map[string]int{}
	}
	k.total[knob]++
	if got == want {
		k.agree[knob]++
		return
	}
	k.misses = append(k.misses, file+": "+knob+": read "+fmtAny(got)+", file says "+fmtAny(want))
}

func fmtAny(v any) string {
	switch t := v.(type) {
	case int:
		return strconv.Itoa(t)
	case bool:
		return strconv.FormatBool(t)
	case string:
		return t
	}
	return "?"
}

// TestCorpusKnobsAgree compares every recipe variant's knobs (workers,
// GPUs, TP, EP, DP attention, concurrencies) with the file's own fields
// and with its file name's topology, and requires 99 % agreement.
func TestCorpusKnobsAgree(t *testing.T) {
	dir, files := corpusFiles(t)
	var tally knobTally
	for _, cf := range files {
		if !strings.HasPrefix(cf.shape, "recipe/") || strings.Contains(cf.shape, "llm-d") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, cf.name))
		if err != nil {
			t.Fatal(err)
		}
		vs, _ := srt.ParseRecipe(cf.name, data)
		if len(vs) == 0 {
			continue // TestCorpusEveryFileLoads reports it
		}
		if strings.HasPrefix(cf.shape, "recipe/s1-flat [") || strings.HasPrefix(cf.shape, "recipe/s2-single") {
			if len(vs) != 1 {
				t.Errorf("%s: a single recipe gave %d variants", cf.name, len(vs))
				continue
			}
			checkExplicit(t, &tally, cf, data, vs[0])
		}
		base := strings.TrimSuffix(filepath.Base(cf.origPath), ".yaml")
		for _, v := range vs {
			name := base
			if v.Override != "" {
				name = v.Name // bundle variants are named by srtctl
			}
			checkNamed(t, &tally, cf.name+" "+v.Override, name, v)
		}
	}
	agree, total := 0, 0
	for knob, n := range tally.total {
		agree += tally.agree[knob]
		total += n
		t.Logf("%-22s %4d/%4d agree", knob, tally.agree[knob], n)
	}
	for _, m := range tally.misses {
		t.Log("differs: " + m)
	}
	if total < 5000 {
		t.Fatalf("only %d values compared", total)
	}
	if float64(agree) < 0.99*float64(total) {
		t.Errorf("knobs agree on %d of %d values (%.2f %%), want ≥ 99 %%", agree, total, 100*float64(agree)/float64(total))
	}
	t.Logf("knobs agree on %d of %d values (%.2f %%)", agree, total, 100*float64(agree)/float64(total))
}

// checkExplicit reads the recipe's fields with a plain decoder and literal
// key names per engine (the engine from SOURCES.tsv's shape column).
func checkExplicit(t *testing.T, tally *knobTally, cf corpusFile, data []byte, v srt.Variant) {
	var doc map[string]any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return // repeated keys: yaml.v3 refuses what srtctl accepts
	}
	if _, sweep := doc["sweep"]; sweep {
		return // placeholders; the names check the expansion
	}
	engine := "sglang"
	for _, e := range []string{"trtllm", "vllm", "mocker"} {
		if strings.Contains(cf.shape, "["+e+"/") {
			engine = e
		}
	}
	if e, ok := doc["engine"].(string); ok {
		engine = e
	}
	get := func(m any, keys ...string) (any, bool) {
		for _, k := range keys {
			mm, ok := m.(map[string]any)
			if !ok {
				return nil, false
			}
			if m, ok = mm[k]; !ok {
				return nil, false
			}
		}
		return m, true
	}
	num := func(x any) (int, bool) {
		switch n := x.(type) {
		case int:
			return n, true
		case string:
			i, err := strconv.Atoi(n)
			return i, err == nil
		}
		return 0, false
	}
	k := v.Knobs
	roles := map[string]*model.Role{"prefill": &k.Prefill, "decode": &k.Decode}
	modes := map[string]string{"prefill": "prefill", "decode": "decode"}
	if k.Mode == model.ModeAgg {
		roles = map[string]*model.Role{"agg": &k.Prefill}
		modes = map[string]string{"agg": "aggregated"}
	}
	for role, r := range roles {
		var workers, gpus, args any
		var okW, okG bool
		if _, s2 := doc["roles"]; s2 {
			workers, okW = get(doc, "roles", role, "workers")
			gpus, okG = get(doc, "roles", role, "gpus")
			args, _ = get(doc, "roles", role, "args")
		} else {
			workers, okW = get(doc, "resources", role+"_workers")
			gpus, okG = get(doc, "resources", "gpus_per_"+role)
			args, _ = get(doc, "backend", engine+"_config", modes[role])
		}
		at := cf.name + " " + role
		if n, ok := num(workers); okW && ok {
			tally.check(t, at, "workers", r.Workers, n)
		}
		if n, ok := num(gpus); okG && ok {
			tally.check(t, at, "gpus per worker", r.GPUs, n)
		}
		a, _ := args.(map[string]any)
		switch engine {
		case "trtllm":
			if n, ok := num(a["tensor_parallel_size"]); ok {
				tally.check(t, at, "tp", r.TP, n)
			}
			if n, ok := num(a["moe_expert_parallel_size"]); ok {
				tally.check(t, at, "ep", r.EP, n)
			}
			if b, ok := a["enable_attention_dp"].(bool); ok {
				tally.check(t, at, "dp attention", r.DPAttn, b)
			}
		case "vllm":
			tp, okT := num(a["tensor-parallel-size"])
			dp, okD := num(a["data-parallel-size"])
			if !okT && !okD {
				break
			}
			width := max(tp, 1) * max(dp, 1)
			tally.check(t, at, "tp", r.TP, width)
			tally.check(t, at, "dp attention", r.DPAttn, dp > 1)
			if ep, ok := a["enable-expert-parallel"].(bool); ok && ep {
				tally.check(t, at, "ep", r.EP, width)
			}
		default:
			for _, key := range []string{"tensor-parallel-size", "tp-size"} {
				if n, ok := num(a[key]); ok {
					tally.check(t, at, "tp", r.TP, n)
					break
				}
			}
			for _, key := range []string{"expert-parallel-size", "ep-size"} {
				if n, ok := num(a[key]); ok {
					tally.check(t, at, "ep", r.EP, n)
					break
				}
			}
			if b, ok := a["enable-dp-attention"].(bool); ok {
				tally.check(t, at, "dp attention", r.DPAttn, b)
			}
		}
	}
	var concs []int
	bench, _ := doc["benchmark"].(map[string]any)
	switch c := bench["concurrencies"].(type) {
	case []any:
		for _, x := range c {
			if n, ok := num(x); ok {
				concs = append(concs, n)
			}
		}
	case int:
		concs = []int{c}
	case string:
		for _, s := range strings.Split(c, "x") {
			if n, err := strconv.Atoi(s); err == nil {
				concs = append(concs, n)
			}
		}
	}
	if env, ok := get(doc, "benchmark", "env", "CONC"); ok {
		if n, ok := num(env); ok {
			concs = []int{n}
		}
	}
	if len(concs) > 0 {
		tally.check(t, cf.name, "concurrencies", joinInts(v.Concurrencies), joinInts(concs))
	}
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// The topology recipe names spell (NVIDIA srt-slurm and InferenceX):
// ctx3_gen1_dep32_batch64 (TRT-LLM: workers, decode parallelism, batch),
// ctx1dep4_gen1dep32, 7p1d-dep2-dep16 (SGLang/vLLM disagg), agg-tp4.
var (
	ctxGenRe   = regexp.MustCompile(`(?:^|_)ctx(\d+)(?:(dep|tep|tp)(\d+))?_gen(\d+)(?:(dep|tep|tp)(\d+))?(?:_(dep|tep|tp)(\d+))?(?:_batch(\d+))?`)
	pdRe       = regexp.MustCompile(`(?:^|[-_])(\d+)p(\d+)d-(dep|tep|tp)(\d+)-(dep|tep|tp)(\d+)(?:-|$)`)
	aggParRe   = regexp.MustCompile(`(?:^|-)agg-(?:[a-z0-9]+-)?(dep|tep|tp)(\d+)(?:-|$)`)
	nameConcRe = regexp.MustCompile(`-c(\d+)(?:-|$)`)
)

func checkNamed(t *testing.T, tally *knobTally, at, name string, v srt.Variant) {
	k := v.Knobs
	role := func(r model.Role, who, par, n string) {
		size, _ := strconv.Atoi(n)
		tally.check(t, at, "name: "+who+" parallelism", r.Parallelism(), par+n)
		tally.check(t, at, "name: "+who+" tp", r.TP, size)
	}
	if m := ctxGenRe.FindStringSubmatch(name); m != nil && k.Mode == model.ModeDisagg {
		pw, _ := strconv.Atoi(m[1])
		dw, _ := strconv.Atoi(m[4])
		tally.check(t, at, "name: prefill workers", k.Prefill.Workers, pw)
		tally.check(t, at, "name: decode workers", k.Decode.Workers, dw)
		if m[2] != "" {
			role(k.Prefill, "prefill", m[2], m[3])
		}
		switch {
		case m[5] != "":
			role(k.Decode, "decode", m[5], m[6])
		case m[7] != "":
			role(k.Decode, "decode", m[7], m[8])
		}
		if m[9] != "" {
			bs, _ := strconv.Atoi(m[9])
			tally.check(t, at, "name: decode batch", k.DecodeBS, bs)
		}
	}
	if m := pdRe.FindStringSubmatch(name); m != nil && k.Mode == model.ModeDisagg {
		pw, _ := strconv.Atoi(m[1])
		dw, _ := strconv.Atoi(m[2])
		tally.check(t, at, "name: prefill workers", k.Prefill.Workers, pw)
		tally.check(t, at, "name: decode workers", k.Decode.Workers, dw)
		role(k.Prefill, "prefill", m[3], m[4])
		role(k.Decode, "decode", m[5], m[6])
	}
	if m := aggParRe.FindStringSubmatch(name); m != nil && k.Mode == model.ModeAgg {
		par := m[1]
		if par == "tp" && strings.Contains(name, "-"+m[1]+m[2]+"-ep-") {
			par = "tep" // agg-tp4-ep-8k1k: TP4 with expert parallel
		}
		role(k.Prefill, "agg", par, m[2])
	}
	if m := nameConcRe.FindStringSubmatch(name); m != nil && len(v.Concurrencies) == 1 {
		c, _ := strconv.Atoi(m[1])
		tally.check(t, at, "name: concurrency", v.Concurrencies[0], c)
	}
}
