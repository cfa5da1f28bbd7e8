package sources

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

func TestGPUConfigOverridesTheTable(t *testing.T) {
	specs := model.DefaultGPUSpecs()
	data := []byte("# mine\ngb300: {power-kw: 2.5, cost-per-hour: 3.6}\nh100: {cost-per-hour: 1.9}\nnewgpu: {power-kw: 1.2}\nb200: {power-kw: -1, watts: 3}\nmi355x: 7\n")
	warns := ParseGPUConfig("gpus.yaml", data, specs)
	if s := specs["gb300"]; s.PowerKW != 2.5 || s.CostPerHour != 3.6 {
		t.Errorf("gb300 %+v", s)
	}
	if s := specs["h100"]; s.PowerKW != 1.73 || s.CostPerHour != 1.9 {
		t.Errorf("h100 %+v: the power must stay the built-in 1.73", s)
	}
	if s := specs["newgpu"]; s.PowerKW != 1.2 || s.CostPerHour != 0 {
		t.Errorf("newgpu %+v", s)
	}
	if s := specs["b200"]; s.PowerKW != 2.17 {
		t.Errorf("a bad value replaced b200's power: %+v", s)
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.String())
	}
	want := []string{
		`gpus.yaml: b200.power-kw: want a positive number, got "-1"`,
		`gpus.yaml: b200.watts: unknown field (want power-kw or cost-per-hour)`,
		`gpus.yaml: mi355x: want {power-kw: KW, cost-per-hour: USD}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestGPUConfigFile(t *testing.T) {
	dir := t.TempDir()
	if w := LoadGPUConfig(filepath.Join(dir, "none.yaml"), true, model.DefaultGPUSpecs()); len(w) != 0 {
		t.Errorf("an absent default config warned: %v", w)
	}
	if w := LoadGPUConfig(filepath.Join(dir, "none.yaml"), false, model.DefaultGPUSpecs()); len(w) != 1 || !strings.Contains(w[0].String(), "cannot read") {
		t.Errorf("an absent named config: %v", w)
	}
	p := filepath.Join(dir, "gpus.yaml")
	os.WriteFile(p, []byte("[1, 2]\n"), 0o644)
	if w := LoadGPUConfig(p, true, model.DefaultGPUSpecs()); len(w) != 1 || !strings.Contains(w[0].Msg, "want a mapping") {
		t.Errorf("a list: %v", w)
	}
	if !strings.HasSuffix(DefaultGPUConfigPath(), filepath.Join("sweeptune", "gpus.yaml")) {
		t.Errorf("default path %q", DefaultGPUConfigPath())
	}
}

func FuzzGPUConfig(f *testing.F) {
	for _, s := range []string{"gb300: {power-kw: 2.1}\n", "h100: {cost-per-hour: .Inf}\n", "x: [1]\n", "? [a]\n: b\n", "a: {power-kw: 1e400}\n", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		specs := model.DefaultGPUSpecs()
		ParseGPUConfig("fuzz.yaml", data, specs)
		for hw, s := range specs {
			if s.PowerKW < 0 || s.CostPerHour < 0 || math.IsNaN(s.PowerKW) || math.IsInf(s.PowerKW, 0) || math.IsInf(s.CostPerHour, 0) || math.IsNaN(s.CostPerHour) {
				t.Fatalf("%s: %+v", hw, s)
			}
		}
	})
}
