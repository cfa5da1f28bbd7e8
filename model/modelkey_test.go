package model

import "testing"

// The dashboard's normalizer, case by case (InferenceX-app normalizers.ts).
func TestModelKey(t *testing.T) {
	for in, want := range map[string]string{
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
	} {
		if got := ModelKey(in); got != want {
			t.Errorf("ModelKey(%q) = %q, want %q", in, got, want)
		}
	}
}
