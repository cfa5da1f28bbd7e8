package sources

import (
	"strings"
	"testing"
)

// A truncated or damaged file of a known family says what is wrong with it
// and where, instead of "unknown format".
func TestDamagedFileSaysWhy(t *testing.T) {
	rows := `[{"hardware":"mi355x","framework":"sglang","model":"dsr1","precision":"fp4","conc":4,"num_prefill_`
	for name, tc := range map[string]struct{ path, data, want string }{
		"truncated JSON": {"x/rows.json", rows, "invalid JSON (line 1: unterminated string (truncated?)); file skipped"},
		"damaged JSON":   {"x/a.json", "{\n\"a\": 1,\n\"b\": ]\n}", "invalid JSON (line 3: "},
		"broken YAML":    {"x/r.yaml", "name: r\nresources:\n  gpus_per_node: 4\n   prefill_nodes: [1\n", "not valid YAML"},
		"TSV":            {"x/SOURCES.tsv", "file\trepo: x\n a: b: c\n", "unknown format"},
	} {
		t.Run(name, func(t *testing.T) {
			ds := LoadBytes(tc.path, []byte(tc.data), Options{})
			if len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, tc.want) {
				t.Errorf("warnings %v, want %q", ds.Warnings, tc.want)
			}
		})
	}
}
