package model

import (
	"sort"
	"strings"
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
var dashboardDisplay = map[string]string{
	"dsr1": "DeepSeek-R1-0528", "gptoss120b": "gpt-oss-120b", "llama70b": "Llama-3.3-70B-Instruct-FP8",
	"qwen3.5": "Qwen-3.5-397B-A17B", "kimik2.5": "Kimi-K2.5", "minimaxm2.5": "MiniMax-M2.5", "glm5": "GLM-5",
}

// DashboardModel is the dashboard's display name of a model (any name
// ModelKey resolves: dsr1, deepseek-ai/DeepSeek-R1-0528, the display name
// itself), and false for a model the dashboard does not know.
func DashboardModel(name string) (string, bool) {
	for k, d := range dashboardDisplay {
		if strings.EqualFold(name, d) {
			return dashboardDisplay[k], true
		}
	}
	d, ok := dashboardDisplay[ModelKey(name)]
	return d, ok
}

// DashboardModels lists the display names, sorted.
func DashboardModels() []string {
	out := make([]string, 0, len(dashboardDisplay))
	for _, d := range dashboardDisplay {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// dashboardModelKeys are the DB model keys (DB_MODEL_TO_DISPLAY).
var dashboardModelKeys = map[string]bool{
	"dsr1": true, "gptoss120b": true, "llama70b": true, "qwen3.5": true,
	"kimik2.5": true, "minimaxm2.5": true, "glm5": true,
}

// modelToKey is MODEL_TO_KEY: full paths and names seen in artifacts.
var modelToKey = map[string]string{
	"nvidia/DeepSeek-R1-0528-FP4-V2":               "dsr1",
	"nvidia/DeepSeek-R1-0528-FP4-v2":               "dsr1",
	"nvidia/DeepSeek-R1-0528-FP4":                  "dsr1",
	"deepseek-ai/DeepSeek-R1-0528":                 "dsr1",
	"deepseek-ai/DeepSeek-R1":                      "dsr1",
	"amd/DeepSeek-R1-0528-MXFP4":                   "dsr1",
	"amd/DeepSeek-R1-0528-MXFP4-Preview":           "dsr1",
	"/mnt/lustre01/models/deepseek-r1-0528-fp4-v2": "dsr1",
	"/models/DeepSeek-R1":                          "dsr1",
	"/models/DeepSeek-R1-0528-MXFP4-Preview":       "dsr1",
	"DeepSeek-R1-0528":                             "dsr1",
	"deepseek-r1-0528":                             "dsr1",
	"deepseek-r1-0528-fp4-v2":                      "dsr1",
	"deepseek-r1-0528-nvfp4-v2":                    "dsr1",
	"dsr1-0528-fp8":                                "dsr1",
	"dsr1-0528-nvfp4-v2":                           "dsr1",
	"dsr1-fp8":                                     "dsr1",
	"openai/gpt-oss-120b":                          "gptoss120b",
	"/mnt/lustre01/models/gpt-oss-120b":            "gptoss120b",
	"nvidia/Llama-3.3-70B-Instruct-FP8":            "llama70b",
	"nvidia/Llama-3.3-70B-Instruct-FP4":            "llama70b",
	"amd/Llama-3.3-70B-Instruct-FP8-KV":            "llama70b",
	"amd/Llama-3.3-70B-Instruct-MXFP4-Preview":     "llama70b",
	"Qwen/Qwen3.5-397B-A17B":                       "qwen3.5",
	"Qwen/Qwen3.5-397B-A17B-FP8":                   "qwen3.5",
	"moonshotai/Kimi-K2.5":                         "kimik2.5",
	"MiniMaxAI/MiniMax-M2.5":                       "minimaxm2.5",
	"zai-org/GLM-5-FP8":                            "glm5",
}

// modelToKeyLower is modelToKey with lower-case names.
var modelToKeyLower = func() map[string]string {
	out := make(map[string]string, len(modelToKey))
	for k, v := range modelToKey {
		out[strings.ToLower(k)] = v
	}
	return out
}()

// prefixAliases is PREFIX_ALIASES.
var prefixAliases = map[string]string{"gptoss": "gptoss120b"}

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
	if k, ok := modelToKey[name]; ok {
		return k
	}
	lower := strings.ToLower(name)
	if k, ok := modelToKeyLower[lower]; ok {
		return k
	}
	if i := strings.LastIndexByte(strings.TrimRight(lower, "/"), '/'); i >= 0 {
		if k, ok := modelToKeyLower[strings.TrimRight(lower, "/")[i+1:]]; ok {
			return k
		}
	}
	if dashboardModelKeys[lower] {
		return lower
	}
	if k, ok := prefixAliases[lower]; ok {
		return k
	}
	stripped := withoutPrecision(lower)
	if dashboardModelKeys[stripped] {
		return stripped
	}
	if k, ok := prefixAliases[stripped]; ok {
		return k
	}
	return name
}

// CanonicalModels puts every point's curve under its dashboard model key,
// so one model's results from different file shapes make one curve.
// Each distinct name is resolved once: a million rows name a few models.
func CanonicalModels(points []Point) {
	var lastIn, lastOut string
	resolved := map[string]string{}
	for i := range points {
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
}
