package model

import "testing"

// The dashboard's normalizer, case by case (InferenceX-app normalizers.ts),
// and names its table holds in another case or under another organisation,
// which resolve all the same.
func TestModelKey(t *testing.T) {
	for _, c := range []struct{ name, key string }{
		{"deepseek-ai/DeepSeek-R1-0528", "dsr1"},
		{"dsr1", "dsr1"},
		{"DSR1", "dsr1"},
		{"dsr1-fp8", "dsr1"},
		{"Qwen/Qwen3.5-397B-A17B-FP8", "qwen3.5"},
		{"qwen3.5-fp4-foo", "qwen3.5"},
		{"gptoss", "gptoss120b"},
		{"gptoss-fp4", "gptoss120b"},
		{"openai/gpt-oss-120b", "gptoss120b"},
		{"zai-org/GLM-5-FP8", "glm5"},
		{"deepseek-ai/DeepSeek-V4.1-Flash", "deepseek-ai/DeepSeek-V4.1-Flash"}, // unknown: unchanged
		{"openai/gpt-oss-20b", "openai/gpt-oss-20b"},
		// another case, another organisation, a local path
		{"nvidia/DeepSeek-R1-0528-NVFP4-v2", "dsr1"},
		{"/models/DeepSeek-R1-0528-NVFP4-v2", "dsr1"},
		{"DEEPSEEK-AI/DEEPSEEK-R1-0528", "dsr1"},
		{"qwen/qwen3.5-397b-a17b-fp8", "qwen3.5"},
		{"Qwen/Qwen3-0.6B", "Qwen/Qwen3-0.6B"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := ModelKey(c.name); got != c.key {
				t.Errorf("ModelKey(%q) = %q, want %q", c.name, got, c.key)
			}
		})
	}
}
