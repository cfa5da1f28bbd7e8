package synth

import (
	"math/rand/v2"
	"strconv"
)

// Rows writes n InferenceX API rows in the shape of the Python speed
// reference's generator (random metrics, one configuration per prefill
// worker count and concurrency, 28 run dates) spread over about curves
// curves: 12 is four hardware × three frameworks of one model and
// precision; larger counts vary the model and precision too.
func Rows(n, curves int) []byte { return RowFiles(n, curves, n)[0] }

// RowFiles is Rows cut into files of at most perFile rows each (a million
// rows are more than one file may hold).
func RowFiles(n, curves, perFile int) [][]byte {
	hws := []string{"gb300", "gb200", "b200", "h200"}
	fws := []string{"dynamo-sglang", "dynamo-vllm", "sglang"}
	models := []string{"dsv41flash"}
	precs := []string{"fp4"}
	if curves > 12 {
		hws = append(hws, "mi355x", "mi325x", "mi300x", "h100", "b300", "gb100")
		fws = append(fws, "vllm", "trt", "dynamo-trt", "sglang-disagg", "atom")
		precs = append(precs, "fp8", "bf16", "int4")
		for len(models)*len(hws)*len(fws)*len(precs) < curves {
			models = append(models, "model"+strconv.Itoa(len(models)))
		}
	}
	concs := []int{4, 16, 64, 256, 700, 1228, 2884, 5540, 7480}
	r := rand.New(rand.NewPCG(7, 7))
	var files [][]byte
	b := make([]byte, 0, min(n, perFile)*760)
	b = append(b, '[')
	f := func(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }
	num := func(v float64) { b = strconv.AppendFloat(b, v, 'g', -1, 64) }
	for i := 0; i < n; i++ {
		if i > 0 && i%perFile == 0 {
			files = append(files, append(b, ']'))
			b = append(make([]byte, 0, min(n-i, perFile)*760), '[')
		} else if i > 0 {
			b = append(b, ", "...)
		}
		np := 1 + r.IntN(12)
		conc := concs[r.IntN(len(concs))] + i%97
		c := r.IntN(curves)
		hw := hws[c%len(hws)]
		fw := fws[c/len(hws)%len(fws)]
		pr := precs[c/(len(hws)*len(fws))%len(precs)]
		md := models[c/(len(hws)*len(fws)*len(precs))%len(models)]
		b = append(b, `{"hardware": "`+hw+`", "framework": "`+fw+`", "model": "`+md+`", "precision": "`+pr+`", "spec_method": "mtp", "disagg": true, "is_multinode": true, `...)
		b = append(b, `"prefill_tp": 2, "prefill_ep": 2, "prefill_dp_attention": true, "prefill_num_workers": `...)
		b = strconv.AppendInt(b, int64(np), 10)
		b = append(b, `, "decode_tp": 16, "decode_ep": 16, "decode_dp_attention": true, "decode_num_workers": 1, "num_prefill_gpu": `...)
		b = strconv.AppendInt(b, int64(2*np), 10)
		b = append(b, `, "num_decode_gpu": 16, "isl": null, "osl": null, "conc": `...)
		b = strconv.AppendInt(b, int64(conc), 10)
		b = append(b, `, "image": "img", "metrics": {"tput_per_gpu": `...)
		num(f(1e3, 1.2e6))
		b = append(b, `, "mean_intvty": `...)
		num(f(20, 600))
		b = append(b, `, "median_intvty": `...)
		num(f(20, 600))
		b = append(b, `, "p90_intvty": `...)
		num(f(20, 600))
		b = append(b, `, "p90_e2el": `...)
		num(f(1, 60))
		b = append(b, `, "p75_e2el": `...)
		num(f(1, 40))
		b = append(b, `, "mean_ttft": `...)
		num(f(0.1, 9))
		b = append(b, `}, "date": "2026-11-`...)
		d := 1 + i%28
		b = append(b, byte('0'+d/10), byte('0'+d%10))
		b = append(b, `", "run_url": "https://example.invalid/r/`...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, `"}`...)
	}
	return append(files, append(b, ']'))
}
