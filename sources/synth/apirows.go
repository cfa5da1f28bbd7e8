// Package synth writes large synthetic inputs in the real formats for
// benchmarks; it is not used by the program itself.
package synth

import (
	"fmt"
	"strings"
)

// APIRows writes n InferenceX API rows shaped like the real dump (every
// topology field, ~20 metrics): ten curves, disagg and agg.
func APIRows(n int) []byte {
	var b strings.Builder
	b.Grow(n * 1300)
	b.WriteString("[")
	hws := []string{"gb300", "gb200", "b200", "h200", "mi355x"}
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		disagg := i%3 != 0
		pw, conc := 1+i%9, 4<<(i%10)
		fmt.Fprintf(&b, `{"hardware":%q,"framework":"dynamo-sglang","model":"dsr1","precision":"fp4","spec_method":"none","disagg":%t,"is_multinode":%t,`+
			`"prefill_tp":2,"prefill_ep":2,"prefill_dp_attention":true,"prefill_num_workers":%d,"decode_tp":16,"decode_ep":16,"decode_dp_attention":true,"decode_num_workers":1,`+
			`"num_prefill_gpu":%d,"num_decode_gpu":16,"isl":%d,"osl":1024,"conc":%d,"image":"lmsysorg/sglang:v0.5.9-cu130","metrics":{`,
			hws[i%len(hws)], disagg, disagg, pw, pw*2, 1024<<(3*(i%2)), conc)
		x := float64(i%997) + 0.123456789012345
		fmt.Fprintf(&b, `"p99_itl":%v,"std_itl":%v,"mean_itl":%v,"p99_e2el":%v,"p99_tpot":%v,"p99_ttft":%v,"std_e2el":%v,"std_tpot":%v,"std_ttft":%v,`+
			`"mean_e2el":%v,"mean_tpot":%v,"mean_ttft":%v,"median_itl":%v,"p99_intvty":%v,"std_intvty":%v,"mean_intvty":%v,"median_e2el":%v,`+
			`"median_tpot":%v,"median_ttft":%v,"tput_per_gpu":%v,"median_intvty":%v,"input_tput_per_gpu":%v,"output_tput_per_gpu":%v},`,
			x/1e3, x/1e4, x/1e3, x*11, x/1e3, x/2, x/3, x/1e5, x/9, x*9, x/1e3, x/7, x/1e3, 1e3/x, x*53, 1e3/(x+1), x*9.5, x/1e3, x/9.3, x*181, 1e3/(x+2), x*90, x*89)
		fmt.Fprintf(&b, `"date":"2026-02-27","run_url":"https://github.com/SemiAnalysisAI/InferenceX/actions/runs/%d/attempts/1"}`, 22469096331+i%50)
	}
	b.WriteString("]")
	return []byte(b.String())
}
