package model

import (
	"sort"
	"strings"

	"github.com/sweeptune/sweeptune/internal/par"
)

// One model is one curve whatever the file calls it: API rows say "dsr1"
// or "qwen3.5", flat rows, AIPerf exports and recipes the HuggingFace path
// ("deepseek-ai/DeepSeek-R1-0528", "Qwen/Qwen3.5-397B-A17B-FP8"). The
// InferenceX dashboard resolves every name to one DB model key; so does
// sweeptune, with the dashboard's own tables: SemiAnalysisAI/InferenceX-app
// packages/db/src/etl/normalizers.ts (MODEL_TO_KEY, PREFIX_ALIASES, the
// precision-suffix rule) and packages/constants/src/models.ts
// (DB_MODEL_TO_DISPLAY's keys), commit 77ca49a679198bbf593bd1a57fe26a27c9967bb3.

// dashboardDisplay is DB_MODEL_TO_DISPLAY: the display name the
// dashboard's API takes as its model parameter (/api/v1/benchmarks?model=…).
// The tables here are slices, not maps: static data, where a map literal
// is built by every run's start-up, and a few names are looked up a run.
var dashboardDisplay = []struct{ key, display string }{
	{"dsr1", "DeepSeek-R1-0528"}, {"gptoss120b", "gpt-oss-120b"}, {"llama70b", "Llama-3.3-70B-Instruct-FP8"},
	{"qwen3.5", "Qwen-3.5-397B-A17B"}, {"kimik2.5", "Kimi-K2.5"}, {"minimaxm2.5", "MiniMax-M2.5"}, {"glm5", "GLM-5"},
}

// displayOf is the display name of a DB model key.
func displayOf(key string) (string, bool) {
	for _, d := range dashboardDisplay {
		if d.key == key {
			return d.display, true
		}
	}
	return "", false
}

// DashboardModel is the dashboard's display name of a model (any name
// ModelKey resolves: dsr1, deepseek-ai/DeepSeek-R1-0528, the display name
// itself), and false for a model the dashboard does not know.
func DashboardModel(name string) (string, bool) {
	for _, d := range dashboardDisplay {
		if strings.EqualFold(name, d.display) {
			return d.display, true
		}
	}
	return displayOf(ModelKey(name))
}

// DashboardModels lists the display names, sorted.
func DashboardModels() []string {
	out := make([]string, 0, len(dashboardDisplay))
	for _, d := range dashboardDisplay {
		out = append(out, d.display)
	}
	sort.Strings(out)
	return out
}

// isDashboardKey reports whether k is a DB model key (DB_MODEL_TO_DISPLAY's).
func isDashboardKey(k string) bool {
	_, ok := displayOf(k)
	return ok
}

// modelToKey is MODEL_TO_KEY: full paths and names seen in artifacts, each
// with its lower-case form (TestModelToKeyLowerIsLower keeps it so).
var modelToKey = []struct{ name, lower, key string }{
	{"nvidia/DeepSeek-R1-0528-FP4-V2", "nvidia/deepseek-r1-0528-fp4-v2", "dsr1"},
	{"nvidia/DeepSeek-R1-0528-FP4-v2", "nvidia/deepseek-r1-0528-fp4-v2", "dsr1"},
	{"nvidia/DeepSeek-R1-0528-FP4", "nvidia/deepseek-r1-0528-fp4", "dsr1"},
	{"deepseek-ai/DeepSeek-R1-0528", "deepseek-ai/deepseek-r1-0528", "dsr1"},
	{"deepseek-ai/DeepSeek-R1", "deepseek-ai/deepseek-r1", "dsr1"},
	{"amd/DeepSeek-R1-0528-MXFP4", "amd/deepseek-r1-0528-mxfp4", "dsr1"},
	{"amd/DeepSeek-R1-0528-MXFP4-Preview", "amd/deepseek-r1-0528-mxfp4-preview", "dsr1"},
	{"/mnt/lustre01/models/deepseek-r1-0528-fp4-v2", "/mnt/lustre01/models/deepseek-r1-0528-fp4-v2", "dsr1"},
	{"/models/DeepSeek-R1", "/models/deepseek-r1", "dsr1"},
	{"/models/DeepSeek-R1-0528-MXFP4-Preview", "/models/deepseek-r1-0528-mxfp4-preview", "dsr1"},
	{"DeepSeek-R1-0528", "deepseek-r1-0528", "dsr1"},
	{"deepseek-r1-0528", "deepseek-r1-0528", "dsr1"},
	{"deepseek-r1-0528-fp4-v2", "deepseek-r1-0528-fp4-v2", "dsr1"},
	{"deepseek-r1-0528-nvfp4-v2", "deepseek-r1-0528-nvfp4-v2", "dsr1"},
	{"dsr1-0528-fp8", "dsr1-0528-fp8", "dsr1"},
	{"dsr1-0528-nvfp4-v2", "dsr1-0528-nvfp4-v2", "dsr1"},
	{"dsr1-fp8", "dsr1-fp8", "dsr1"},
	{"openai/gpt-oss-120b", "openai/gpt-oss-120b", "gptoss120b"},
	{"/mnt/lustre01/models/gpt-oss-120b", "/mnt/lustre01/models/gpt-oss-120b", "gptoss120b"},
	{"nvidia/Llama-3.3-70B-Instruct-FP8", "nvidia/llama-3.3-70b-instruct-fp8", "llama70b"},
	{"nvidia/Llama-3.3-70B-Instruct-FP4", "nvidia/llama-3.3-70b-instruct-fp4", "llama70b"},
	{"amd/Llama-3.3-70B-Instruct-FP8-KV", "amd/llama-3.3-70b-instruct-fp8-kv", "llama70b"},
	{"amd/Llama-3.3-70B-Instruct-MXFP4-Preview", "amd/llama-3.3-70b-instruct-mxfp4-preview", "llama70b"},
	{"Qwen/Qwen3.5-397B-A17B", "qwen/qwen3.5-397b-a17b", "qwen3.5"},
	{"Qwen/Qwen3.5-397B-A17B-FP8", "qwen/qwen3.5-397b-a17b-fp8", "qwen3.5"},
	{"moonshotai/Kimi-K2.5", "moonshotai/kimi-k2.5", "kimik2.5"},
	{"MiniMaxAI/MiniMax-M2.5", "minimaxai/minimax-m2.5", "minimaxm2.5"},
	{"zai-org/GLM-5-FP8", "zai-org/glm-5-fp8", "glm5"},
}

// keyOfName is MODEL_TO_KEY's key for name, exactly or (lower) by the
// name's lower-case form.
func keyOfName(name string, lower bool) (string, bool) {
	for _, e := range modelToKey {
		if !lower && e.name == name || lower && e.lower == name {
			return e.key, true
		}
	}
	return "", false
}

// prefixAlias is PREFIX_ALIASES ({"gptoss": "gptoss120b"}).
func prefixAlias(name string) (string, bool) {
	if name == "gptoss" {
		return "gptoss120b", true
	}
	return "", false
}

// withoutPrecision is a lower-case name without its precision suffix:
// everything from the first "-fp4", "-fp8", "-mxfp4" or "-nvfp4" that ends
// the name or is followed by "-" and the rest of the line (the pattern
// `-(?:fp4|fp8|mxfp4|nvfp4)(?:-.*)?$`, without a regexp to compile on
// every run that loads a file).
func withoutPrecision(s string) string {
	for i := strings.IndexByte(s, '-'); i >= 0; {
		rest := s[i+1:]
		for _, t := range [...]string{"fp4", "fp8", "mxfp4", "nvfp4"} {
			if r, ok := strings.CutPrefix(rest, t); ok && (r == "" || r[0] == '-' && !strings.Contains(r, "\n")) {
				return s[:i]
			}
		}
		j := strings.IndexByte(rest, '-')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return s
}

// ModelKey is the dashboard's DB model key of a model name ("dsr1" for
// "deepseek-ai/DeepSeek-R1-0528" and for "dsr1-fp8"); a name the dashboard
// does not know comes back unchanged, so a new model keeps its own name.
//
// Beyond the dashboard's exact table, a name is matched without regard to
// case, and by its last path part: nvidia/DeepSeek-R1-0528-NVFP4-v2 is
// deepseek-r1-0528-nvfp4-v2, which the table maps to dsr1.
func ModelKey(name string) string {
	if k, ok := keyOfName(name, false); ok {
		return k
	}
	lower := strings.ToLower(name)
	if k, ok := keyOfName(lower, true); ok {
		return k
	}
	if i := strings.LastIndexByte(strings.TrimRight(lower, "/"), '/'); i >= 0 {
		if k, ok := keyOfName(strings.TrimRight(lower, "/")[i+1:], true); ok {
			return k
		}
	}
	if isDashboardKey(lower) {
		return lower
	}
	if k, ok := prefixAlias(lower); ok {
		return k
	}
	stripped := withoutPrecision(lower)
	if isDashboardKey(stripped) {
		return stripped
	}
	if k, ok := prefixAlias(stripped); ok {
		return k
	}
	return name
}

// CanonicalModels puts every point's curve under its dashboard model key,
// so one model's results from different file shapes make one curve.
// Each distinct name is resolved once: a million rows name a few models.
func CanonicalModels(points []Point) {
	par.Halves(len(points), parallelPassMin, func(lo, hi int) {
		var lastIn, lastOut string
		resolved := map[string]string{}
		for i := lo; i < hi; i++ {
			m := points[i].Curve.Model
			if m == "" {
				continue
			}
			if m != lastIn {
				k, ok := resolved[m]
				if !ok {
					k = ModelKey(m)
					resolved[m] = k
				}
				lastIn, lastOut = m, k
			}
			points[i].Curve.Model = lastOut
		}
	})
}
