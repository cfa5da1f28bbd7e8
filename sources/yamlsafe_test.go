package sources

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/srt"
)

// Hostile YAML: yaml.v3 checks duplicate keys pair by
// pair and expands aliases without bound. Every fixture is generated here.

// dupKeyTable is a points table whose one point repeats a key n times
// (40 KB at n = 8,000): yaml.v3 alone took 4 GB and 16–25 s.
func dupKeyTable(n int) []byte {
	var b bytes.Buffer
	b.WriteString("curve: {model: m, hardware: h, framework: f, precision: p, scenario: s}\npoints:\n  - label: a\n    concurrency: 4\n    metrics: {tput-per-gpu: 10}\n")
	for i := 0; i < n; i++ {
		b.WriteString("    duration-s: 60\n")
	}
	return b.Bytes()
}

// aliasRecipe is a schema-2 bundle whose overrides all merge one large
// anchored args map (141 KB at 150 overrides): yaml.v3 took 58 s.
func aliasRecipe(args, overrides int) []byte {
	var b bytes.Buffer
	b.WriteString("schema: 2\nbase:\n  name: x\n  resources: {gpus_per_node: 4}\n  roles:\n    prefill:\n      nodes: 1\n      workers: 1\n      args: &args\n")
	for i := 0; i < args; i++ {
		fmt.Fprintf(&b, "        flag-%d: %d\n", i, i)
	}
	b.WriteString("    decode:\n      nodes: 1\n      workers: 1\n      args: {<<: *args, cuda-graph-max-bs: 8}\n")
	for i := 0; i < overrides; i++ {
		fmt.Fprintf(&b, "override_%d:\n  roles:\n    decode:\n      args:\n        <<: *args\n        cuda-graph-max-bs: %d\n", i, i+1)
	}
	return b.Bytes()
}

// laughs is a billion-laughs document: levels of lists of ten aliases.
func laughs(levels int) []byte {
	var b bytes.Buffer
	b.WriteString("schema: 2\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [", i, i)
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*l%d", i-1)
		}
		b.WriteString("]\n")
	}
	b.WriteString("base: {roles: {agg: {nodes: 1, workers: 1, gpus: 1, x: *l" + fmt.Sprint(levels) + "}}}\n")
	return b.Bytes()
}

// bigMapping is a recipe with one mapping of distinct keys filling size bytes.
func bigMapping(size int) []byte {
	var b bytes.Buffer
	b.WriteString("resources: {gpus_per_node: 4, agg_nodes: 1}\nbackend:\n  sglang_config:\n    aggregated:\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "      k%d: %d\n", i, i)
	}
	return b.Bytes()
}

// flowList is a recipe with one flow-style list filling size bytes.
func flowList(size int) []byte {
	var b bytes.Buffer
	b.WriteString("resources: {gpus_per_node: 4, agg_nodes: 1}\nbackend: {}\nx: [")
	for b.Len() < size {
		b.WriteString("1,")
	}
	b.WriteString("1]\n")
	return b.Bytes()
}

// allocatedBy reports the bytes fn allocates.
func allocatedBy(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestYAMLRepeatedKeyTakesLastValueWithWarning(t *testing.T) {
	recipe := "name: r\nresources:\n  gpus_per_node: 8\n  agg_nodes: 1\n  agg_workers: 1\nbackend:\n  type: sglang\n  sglang_config:\n    aggregated:\n      tensor-parallel-size: 4\n      cuda-graph-max-bs: 64\n      tensor-parallel-size: 8\nbenchmark: {concurrencies: [16]}\n"
	vs, warns := srt.ParseRecipe("r.yaml", []byte(recipe))
	if len(vs) != 1 || vs[0].Knobs.Prefill.TP != 8 || vs[0].Knobs.DecodeBS != 64 {
		t.Fatalf("variants %+v", vs)
	}
	if len(warns) != 1 || warns[0].Field != "backend.sglang_config.aggregated.tensor-parallel-size (line 12)" ||
		!strings.Contains(warns[0].Msg, "first at line 10") || !strings.Contains(warns[0].Msg, "last value") {
		t.Errorf("warnings %v", warns)
	}
}

func TestYAMLHostileDuplicateKeys(t *testing.T) {
	data := dupKeyTable(8000)
	if len(data) < 40_000 {
		t.Fatalf("fixture %d bytes", len(data))
	}
	var ds *Dataset
	if n := allocatedBy(func() { ds = LoadBytes("dup.yaml", data, Options{}) }); n > 64<<20 {
		t.Errorf("allocated %d MB", n>>20)
	}
	if len(ds.Points) != 1 || ds.Points[0].Prov.DurationS != 60 {
		t.Fatalf("points %+v", ds.Points)
	}
	if len(ds.Warnings) != 1 || ds.Warnings[0].Field != "points[0].duration-s (line 8005)" {
		t.Errorf("want one warning naming the repeated key, got %d: %v", len(ds.Warnings), ds.Warnings[:min(3, len(ds.Warnings))])
	}
}

func TestYAMLHostileAliasesStayLinear(t *testing.T) {
	data := aliasRecipe(1000, 150)
	if len(data) < 20_000 {
		t.Fatalf("fixture %d bytes", len(data))
	}
	var vs []srt.Variant
	var warns []Warning
	if n := allocatedBy(func() { vs, warns = srt.ParseRecipe("alias.yaml", data) }); n > 500<<20 {
		t.Errorf("allocated %d MB", n>>20)
	}
	if len(warns) != 0 || len(vs) != 150 {
		t.Fatalf("%d variants, warnings %v", len(vs), warns)
	}
	for _, v := range vs {
		want := 0
		fmt.Sscanf(strings.TrimPrefix(v.Override, "override_"), "%d", &want)
		if v.Knobs.DecodeBS != want+1 {
			t.Fatalf("%s: BS %d", v.Override, v.Knobs.DecodeBS)
		}
	}
}

func TestYAMLHostileRefusedWithReason(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"billion laughs", laughs(9), "aliases expand to more than"},
		{"10 MB mapping", bigMapping(10 << 20), "too large to read"},
		{"10 MB flow list", flowList(10 << 20), "too large to read"},
		{"alias cycle", []byte("resources: &r {a: *r}\nbackend: {}\n"), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var ds *Dataset
			if n := allocatedBy(func() { ds = LoadBytes("h.yaml", c.data, Options{}) }); n > 500<<20 {
				t.Errorf("allocated %d MB", n>>20)
			}
			if len(ds.Warnings) != 1 || len(ds.Variants) != 0 || !strings.Contains(ds.Warnings[0].Msg, c.want) {
				t.Errorf("want one warning saying %q, got %v", c.want, ds.Warnings)
			}
		})
	}
}

// A typed reader (the master config) refuses mappings whose pairwise key
// check would be quadratic; the same keys in a recipe cost nothing extra.
func TestYAMLTypedDecodeBounded(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("key-a:\n  image: i\n  scenarios:\n    s:\n    - search-space:\n      - conc-list: [1]\n")
	for i := 0; i < 8000; i++ {
		fmt.Fprintf(&b, "        x%d: 1\n", i)
	}
	_, _, err := srt.ParseMaster("m.yaml", b.Bytes())
	if err == nil || !strings.Contains(err.Error(), "8001 keys at line 6") {
		t.Errorf("err %v", err)
	}
}

func BenchmarkYAMLHostile(b *testing.B) {
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"dupkeys-40KB", dupKeyTable(8000)},
		{"aliases-150x1000", aliasRecipe(1000, 150)},
		{"aliases-141KB", aliasRecipe(1000, 1200)},
		{"laughs-9", laughs(9)},
		{"mapping-10MB", bigMapping(10 << 20)},
		{"mapping-3MB-at-limit", bigMapping(3_000_000)},
		{"flowlist-10MB", flowList(10 << 20)},
		{"flowlist-580KB-at-limit", flowList(580_000)},
		{"variants-100x100k", manyVariants(100_000, 100)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.data)))
			b.ReportAllocs()
			for b.Loop() {
				LoadBytes("h.yaml", c.data, Options{})
			}
		})
	}
}

// manyVariants is a bundle of n overrides over a base of size values.
func manyVariants(size, n int) []byte {
	var b bytes.Buffer
	b.WriteString("base:\n  name: x\n  resources: {gpus_per_node: 4, agg_nodes: 1}\n  backend:\n    sglang_config:\n      aggregated:\n")
	for i := 0; i < size; i++ {
		fmt.Fprintf(&b, "        k%d: %d\n", i, i)
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "override_%d: {benchmark: {concurrencies: [%d]}}\n", i, i+1)
	}
	return b.Bytes()
}

func TestYAMLHostileVariantBlowupRefused(t *testing.T) {
	var ds *Dataset
	data := manyVariants(100_000, 100)
	if n := allocatedBy(func() { ds = LoadBytes("many.yaml", data, Options{}) }); n > 500<<20 {
		t.Errorf("allocated %d MB", n>>20)
	}
	if len(ds.Variants) != 0 || len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].Msg, "100 variants of a base this large are too many") {
		t.Errorf("variants %d, warnings %v", len(ds.Variants), ds.Warnings)
	}
	if ds = LoadBytes("few.yaml", manyVariants(1000, 100), Options{}); len(ds.Variants) != 100 || len(ds.Warnings) != 0 {
		t.Errorf("a bundle of 100 variants of 1,000 values: %d variants, %v", len(ds.Variants), ds.Warnings)
	}
}
