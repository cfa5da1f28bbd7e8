package sources

import (
	"bytes"
	"testing"

	"github.com/sweeptune/sweeptune/sources/shared"
)

// Fuzz targets of the readers for the real-world shapes; the seeds run as
// ordinary tests.

func oneRow(data []byte) int {
	if len(bytes.TrimSpace(data)) == 0 {
		return 0
	}
	return 1
}

func FuzzYAMLValue(f *testing.F) {
	shared.AddShapeSeeds(f, "recipes/*.yaml", "a: &x [1, *x]\n", "<<: {a: 1}\nb: 2\nb: 3\n", "- !!binary aGk=\n- 0x1F\n- 010\n- .inf\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		root, _, err := loadYAML(data, yamlPlain)
		if err != nil || root == nil {
			return
		}
		if _, err := yamlValue(root); err != nil && bytes.Contains(data, []byte("\x00")) {
			return
		}
	})
}

func FuzzBenchRaw(f *testing.F) {
	shared.AddShapeSeeds(f, "results/bench/*.json",
		`{"model_id":"m","max_concurrency":-1,"mean_tpot_ms":0}`,
		`{"model_id":"m","max_concurrency":2,"total_token_throughput":"x","p99_e2el_ms":NaN}`,
		`{"max_concurrency":null,"output_throughput":1e309}`)
	f.Fuzz(func(t *testing.T, data []byte) {
		checkInvariants(t, runParser(parseBenchRaw, data, Options{GPUs: 2}), oneRow(data))
	})
}

func FuzzWrappedRows(f *testing.F) {
	shared.AddShapeSeeds(f, "results/*.json",
		`{"benchmarks":[{"conc":1,"model":"m","metrics":{"tput_per_gpu":-1}},2],"evaluations":[1]}`,
		`{"A":[{"conc":4,"model":"m","hw":"h","output_tput_tps":8,"num_gpus":0}],"B":{}}`,
		`{"benchmarks":[{"conc":1,"model":"m","disagg":true,"num_prefill_gpu":3,"num_decode_gpu":5,"total_tput_tps":80}]}`)
	f.Fuzz(func(t *testing.T, data []byte) {
		checkInvariants(t, runParser(parseWrappedRows, data, Options{}), -1)
	})
}

func FuzzAIPerfCSV(f *testing.F) {
	shared.AddShapeSeeds(f, "results/aiperf-v0/*.csv",
		"Metric,avg,p50\nTime to First Token (ms),-3,x\n",
		"Metric,Value\nOutput Token Throughput (tokens/sec),1e400\n\"open\n",
		"Metric\nRequest Latency (ms)\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkInvariants(t, runParser(func(_ string, d []byte, ds *Dataset) {
			parseAIPerfCSV("run-concurrency4/profile_export_aiperf.csv", d, ds)
		}, data, Options{GPUs: 2}), -1)
	})
}
