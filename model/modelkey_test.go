package model

import "testing"

// The dashboard's normalizer, case by case (InferenceX-app normalizers.ts).
func TestModelKey(t *testing.T) {
	modelKeysAre(t, map[string]string{
		"deepseek-ai/DeepSeek-R1-0528":    "dsr1",
		"dsr1":                            "dsr1",
		"DSR1":                            "dsr1",
		"dsr1-fp8":                        "dsr1",
		"Qwen/Qwen3.5-397B-A17B-FP8":      "qwen3.5",
		"qwen3.5-fp4-foo":                 "qwen3.5",
		"gptoss":                          "gptoss120b",
		"gptoss-fp4":                      "gptoss120b",
		"openai/gpt-oss-120b":             "gptoss120b",
		"zai-org/GLM-5-FP8":               "glm5",
		"deepseek-ai/DeepSeek-V4.1-Flash": "deepseek-ai/DeepSeek-V4.1-Flash", // unknown: unchanged
		"openai/gpt-oss-20b":              "openai/gpt-oss-20b",
	})
}

// Names the dashboard's table holds in another case or under another
// organisation resolve all the same.
func TestModelKeyCaseAndPath(t *testing.T) {
	modelKeysAre(t, map[string]string{
		"nvidia/DeepSeek-R1-0528-NVFP4-v2":  "dsr1",
		"/models/DeepSeek-R1-0528-NVFP4-v2": "dsr1",
		"DEEPSEEK-AI/DEEPSEEK-R1-0528":      "dsr1",
		"qwen/qwen3.5-397b-a17b-fp8":        "qwen3.5",
		"DSR1":                              "dsr1",
		"Qwen/Qwen3-0.6B":                   "Qwen/Qwen3-0.6B",
	})
}

// modelKeysAre checks ModelKey of each name against its wanted key.
func modelKeysAre(t *testing.T, want map[string]string) {
	t.Helper()
	for name, key := range want {
		if got := ModelKey(name); got != key {
			t.Errorf("ModelKey(%q) = %q, want %q", name, got, key)
		}
	}
}
