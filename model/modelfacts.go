package model

import "strings"

// ModelFacts are the public architecture numbers of a model that the
// planner's first-principles laws read (docs/model-facts.md gives each
// model's source and how every number follows from its config.json).
// Parameter counts are in parameters, not bytes.
type ModelFacts struct {
	Key    string // the facts' key (the dashboard's model key where it has one)
	Name   string // the published name
	Source string // the public config the numbers come from

	Layers        int // transformer layers
	MoELayers     int // layers with routed experts; 0 for a dense model
	RoutedExperts int // routed experts per MoE layer (E)
	TopK          int // routed experts per token (k)
	SharedExperts int // shared experts per MoE layer

	TotalParams  float64 // every weight of the text model
	ActiveParams float64 // weights one token multiplies (non-routed + k of E routed)
	RoutedParams float64 // all routed experts' weights over all MoE layers
	EmbedParams  float64 // embeddings and output head (kept at 16 bits by every checkpoint here)

	// Attention: "mla" (latent KV, one copy per GPU under TP), "gqa", "gqa+linear"
	// (full-attention layers among linear ones), "compressed" (DeepSeek-V4's
	// compressed sparse attention), "mla+dsa" (MLA with a sparse indexer).
	Attention string
	// KVElemsPerTokenLayer: values cached per token per KV layer; KVLayers:
	// layers whose cache grows with the context. KV bytes per token per layer
	// are KVElemsPerTokenLayer × 2 at a 16-bit cache.
	KVElemsPerTokenLayer float64
	KVLayers             int
	// KVSharded: the KV heads split over tensor-parallel GPUs (GQA with at
	// least as many KV heads as GPUs); false for latent or single-head KV,
	// which every TP GPU holds whole.
	KVSharded bool
	// AttnFLOPsPerCtx: prefill attention FLOPs per token per earlier token
	// of its context (2·heads·(d_qk + d_v) over the full-attention layers);
	// 0 when not stated.
	AttnFLOPsPerCtx float64
	// OtherBytesAt4Bit: bytes per non-routed weight in the model's 4-bit
	// checkpoints (attention and shared experts stay FP8 or 16-bit).
	OtherBytesAt4Bit float64
	// Approximate names a number derived with an assumption (docs/model-facts.md).
	Approximate string
}

// NonRoutedParams are the weights every decode step reads whatever its batch.
func (f *ModelFacts) NonRoutedParams() float64 { return f.TotalParams - f.RoutedParams }

// WeightBytes is the bytes per weight of the routed experts and of the rest
// (embeddings and head excepted: 2 bytes) at a curve's precision.
func (f *ModelFacts) WeightBytes(precision string) (routed, other float64, ok bool) {
	switch strings.ToLower(precision) {
	case "fp8", "mxfp8":
		return 1, 1, true
	case "fp4", "nvfp4":
		// NVFP4: 4 bits and one FP8 scale per 16 values.
		return 0.5625, f.OtherBytesAt4Bit, f.OtherBytesAt4Bit > 0
	case "mxfp4":
		// MXFP4: 4 bits and one 8-bit scale per 32 values.
		return 0.53125, f.OtherBytesAt4Bit, f.OtherBytesAt4Bit > 0
	case "int4":
		return 0.5625, 2, true
	case "bf16", "fp16":
		return 2, 2, true
	}
	return 0, 0, false
}

// WeightBytesTotal is (routed, non-routed) weight bytes at a precision.
func (f *ModelFacts) WeightBytesTotal(precision string) (routed, other float64, ok bool) {
	rb, ob, ok := f.WeightBytes(precision)
	if !ok {
		return 0, 0, false
	}
	return f.RoutedParams * rb, (f.NonRoutedParams()-f.EmbedParams)*ob + f.EmbedParams*2, true
}

// modelFacts is the table (docs/model-facts.md). A switch-free slice: it is
// read once per calibration.
var modelFacts = []ModelFacts{
	{Key: "dsr1", Name: "DeepSeek-R1-0528", Source: "https://huggingface.co/deepseek-ai/DeepSeek-R1-0528/blob/main/config.json",
		Layers: 61, MoELayers: 58, RoutedExperts: 256, TopK: 8, SharedExperts: 1,
		TotalParams: 671.03e9, ActiveParams: 37.57e9, RoutedParams: 653.91e9, EmbedParams: 1.853e9,
		Attention: "mla", KVElemsPerTokenLayer: 576, KVLayers: 61, AttnFLOPsPerCtx: 61 * 2 * 128 * (192 + 128),
		OtherBytesAt4Bit: 1},
	{Key: "dsv4", Name: "DeepSeek-V4-Pro", Source: "https://huggingface.co/deepseek-ai/DeepSeek-V4-Pro/blob/main/config.json",
		Layers: 61, MoELayers: 61, RoutedExperts: 384, TopK: 6, SharedExperts: 1,
		TotalParams: 1572e9, ActiveParams: 49e9, RoutedParams: 1547.4e9, EmbedParams: 1.853e9,
		Attention: "compressed", KVElemsPerTokenLayer: 82, KVLayers: 61, AttnFLOPsPerCtx: 61 * 2 * 128 * (512 + 512) * 0.129,
		OtherBytesAt4Bit: 1,
		Approximate:      "non-routed weights from the stated 49 B active; KV and attention FLOPs averaged over the compress ratios 4 and 128"},
	{Key: "gptoss120b", Name: "gpt-oss-120b", Source: "https://huggingface.co/openai/gpt-oss-120b/blob/main/config.json",
		Layers: 36, MoELayers: 36, RoutedExperts: 128, TopK: 4,
		TotalParams: 116.83e9, ActiveParams: 5.71e9, RoutedParams: 114.66e9, EmbedParams: 1.158e9,
		Attention: "gqa", KVElemsPerTokenLayer: 2 * 8 * 64, KVLayers: 18, KVSharded: true, AttnFLOPsPerCtx: 18 * 2 * 64 * (64 + 64),
		OtherBytesAt4Bit: 2},
	{Key: "llama70b", Name: "Llama-3.3-70B-Instruct", Source: "https://huggingface.co/meta-llama/Llama-3.3-70B-Instruct/blob/main/config.json",
		Layers: 80, TotalParams: 70.55e9, ActiveParams: 70.55e9, EmbedParams: 2.101e9,
		Attention: "gqa", KVElemsPerTokenLayer: 2 * 8 * 128, KVLayers: 80, KVSharded: true, AttnFLOPsPerCtx: 80 * 2 * 64 * (128 + 128),
		OtherBytesAt4Bit: 0.5625},
	{Key: "kimik2.5", Name: "Kimi-K2.5", Source: "https://huggingface.co/moonshotai/Kimi-K2.5/blob/main/config.json",
		Layers: 61, MoELayers: 60, RoutedExperts: 384, TopK: 8, SharedExperts: 1,
		TotalParams: 1026.4e9, ActiveParams: 32.86e9, RoutedParams: 1014.69e9, EmbedParams: 2.349e9,
		Attention: "mla", KVElemsPerTokenLayer: 576, KVLayers: 61, AttnFLOPsPerCtx: 61 * 2 * 64 * (192 + 128),
		OtherBytesAt4Bit: 2},
	{Key: "minimaxm2.5", Name: "MiniMax-M2.5", Source: "https://huggingface.co/MiniMaxAI/MiniMax-M2.5/blob/main/config.json",
		Layers: 62, MoELayers: 62, RoutedExperts: 256, TopK: 8,
		TotalParams: 228.69e9, ActiveParams: 11.0e9, RoutedParams: 224.68e9, EmbedParams: 1.229e9,
		Attention: "gqa", KVElemsPerTokenLayer: 2 * 8 * 128, KVLayers: 62, KVSharded: true, AttnFLOPsPerCtx: 62 * 2 * 48 * (128 + 128),
		OtherBytesAt4Bit: 1},
	{Key: "qwen3.5", Name: "Qwen3.5-397B-A17B", Source: "https://huggingface.co/Qwen/Qwen3.5-397B-A17B/blob/main/config.json",
		Layers: 60, MoELayers: 60, RoutedExperts: 512, TopK: 10, SharedExperts: 1,
		TotalParams: 397e9, ActiveParams: 17e9, RoutedParams: 386.55e9, EmbedParams: 2.034e9,
		Attention: "gqa+linear", KVElemsPerTokenLayer: 2 * 2 * 256, KVLayers: 15, AttnFLOPsPerCtx: 15 * 2 * 32 * (256 + 256),
		OtherBytesAt4Bit: 1,
		Approximate:      "total and active parameters as the model name states them (397 B, 17 B)"},
	{Key: "glm5", Name: "GLM-5 / GLM-5.1", Source: "https://huggingface.co/zai-org/GLM-5/blob/main/config.json",
		Layers: 78, MoELayers: 75, RoutedExperts: 256, TopK: 8, SharedExperts: 1,
		TotalParams: 744e9, ActiveParams: 40e9, RoutedParams: 724.78e9, EmbedParams: 1.9e9,
		Attention: "mla+dsa", KVElemsPerTokenLayer: 576 + 128, KVLayers: 78,
		OtherBytesAt4Bit: 1,
		Approximate:      "total and active parameters as the model card states them (744 B, 40 B); prefill attention FLOPs not stated"},
}

// factAliases maps other names of a model to its facts' key.
var factAliases = map[string]string{
	"deepseek-r1-0528": "dsr1", "deepseek-r1": "dsr1", "dsr1": "dsr1",
	"deepseek-v4-pro": "dsv4", "dsv4": "dsv4",
	"gpt-oss-120b": "gptoss120b", "gptoss120b": "gptoss120b", "gptoss": "gptoss120b",
	"llama-3.3-70b-instruct": "llama70b", "llama70b": "llama70b",
	"kimi-k2.5": "kimik2.5", "kimi-k2.6": "kimik2.5", "kimik2.5": "kimik2.5",
	"minimax-m2.5": "minimaxm2.5", "minimaxm2.5": "minimaxm2.5",
	"qwen3.5-397b-a17b": "qwen3.5", "qwen-3.5-397b-a17b": "qwen3.5", "qwen3.5": "qwen3.5",
	"glm-5": "glm5", "glm-5.1": "glm5", "glm5": "glm5", "glm5.1": "glm5",
}

// FactsOf is the facts of a model name (a HuggingFace path, a dashboard key
// or a checkpoint name with its precision), false when none are known.
func FactsOf(name string) (*ModelFacts, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	if i := strings.LastIndexByte(strings.TrimRight(n, "/"), '/'); i >= 0 {
		n = strings.TrimRight(n, "/")[i+1:]
	}
	for {
		if k, ok := factAliases[n]; ok {
			for i := range modelFacts {
				if modelFacts[i].Key == k {
					return &modelFacts[i], true
				}
			}
		}
		cut := false
		for _, s := range [...]string{"-fp8", "-nvfp4", "-fp4", "-mxfp4", "-mxfp8", "-v2", "-preview", "-kv"} {
			if r, ok := strings.CutSuffix(n, s); ok {
				n, cut = r, true
			}
		}
		if !cut {
			return nil, false
		}
	}
}

// UnfactedModels are the models InferenceX publishes whose architecture
// numbers are not public here (docs/model-facts.md): the planner keeps its
// fitted laws for them.
var UnfactedModels = []string{"DeepSeek-V4.1-Flash", "Kimi-K3", "MiniMax-M3", "GLM-5.2", "Qwen3.8"}
