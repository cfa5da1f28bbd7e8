package sources

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/sources/resultrow"
	"github.com/sweeptune/sweeptune/sources/srt"
)

// srtctl run directories (NVIDIA/srt-slurm; docs/formats/srtctl-run.md).
// srtctl writes one directory per job, in two layouts:
//
//	outputs/<job_id>/                   2.x (srtctl apply)
//	  <job_id>.json                     job metadata: version "2.0", job_id, job_name,
//	                                    model{path,container,precision}, resources{gpu_type,
//	                                    gpus_per_node, prefill/decode/agg nodes, workers,
//	                                    gpus_per_*}, backend_type, frontend_type, benchmark{type,isl,osl}
//	  config.yaml                       the recipe it ran
//	  logs/benchmark-rollup.json        {benchmark_type, config{model,isl,osl}, runs[…]}
//	  logs/benchmark-rollup.csv         one row per concurrency (sa-bench rollup.py)
//	  logs/sa-bench_isl_<I>_osl_<O>/results_concurrency_<C>_gpus_<G>[_ctx_<P>_gen_<D>].json
//
//	logs/<job_id>_<xP>_<yD>_<date>/     older layout
//	  <job_id>.json                     {run_metadata{…}, profiler_metadata{type,isl,osl,concurrencies}}
//	  sa-bench_isl_<I>_osl_<O>/concurrency_<C>.json
//
// Each file is read on its own (the per-concurrency files are
// benchmark_serving output); joinRuns then gives every result under a job
// directory the job's knobs and GPUs (its recipe's variant, else the
// metadata's resources) and its curve (model, hardware, precision,
// framework, ISL/OSL, spec decoding), and keeps one point per concurrency:
// the per-concurrency file over the rollup JSON over the rollup CSV.

func init() {
	register(format{name: "srtctl job metadata", priority: 9, sniff: sniffSrtctlMeta, parse: parseSrtctlMeta})
	register(format{name: "srtctl benchmark rollup", priority: 9, sniff: sniffRollup, parse: parseRollup})
	register(format{name: "srtctl benchmark rollup CSV", priority: 9, sniff: sniffRollupCSV, parse: parseRollupCSV})
}

// runMeta is one job's metadata.
type runMeta struct {
	file, dir        string
	jobID, jobName   string
	model, precision string
	container        string
	gpuType          string
	backend, front   string
	isl, osl         int
	gpn              int
	pre, dec, agg    struct{ nodes, workers, gpus int }
	disagg           bool
}

func sniffSrtctlMeta(data []byte) bool {
	h := head(data, 4096)
	if len(h) == 0 || h[0] != '{' {
		return false
	}
	if bytes.Contains(h, []byte(`"run_metadata"`)) && (bytes.Contains(h, []byte(`"slurm_job_id"`)) || bytes.Contains(h, []byte(`"profiler_metadata"`))) {
		return true
	}
	return bytes.Contains(h, []byte(`"job_id"`)) && bytes.Contains(h, []byte(`"resources"`)) &&
		(bytes.Contains(h, []byte(`"backend_type"`)) || bytes.Contains(h, []byte(`"benchmark"`)))
}

func parseSrtctlMeta(path string, data []byte, ds *Dataset) {
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		ds.Warnf(path, "", "srtctl job metadata: invalid JSON (%v); file skipped", err)
		return
	}
	r := runMeta{file: path, dir: filepath.Dir(path)}
	str := func(v any) string { s, _ := v.(string); return s }
	num := func(v any) int { n, _ := srt.AsInt(v); return n }
	if rm, ok := m["run_metadata"].(map[string]any); ok { // older layout
		r.jobID, r.jobName = str(rm["slurm_job_id"]), str(rm["job_name"])
		r.model, r.container, r.gpuType = str(rm["model_dir"]), str(rm["container"]), str(rm["gpu_type"])
		r.gpn = num(rm["gpus_per_node"])
		r.pre.nodes, r.pre.workers = num(rm["prefill_nodes"]), num(rm["prefill_workers"])
		r.dec.nodes, r.dec.workers = num(rm["decode_nodes"]), num(rm["decode_workers"])
		r.agg.nodes, r.agg.workers = num(rm["agg_nodes"]), num(rm["agg_workers"])
		r.disagg = str(rm["mode"]) != "aggregated" && (r.pre.nodes > 0 || r.dec.nodes > 0)
		if pm, ok := m["profiler_metadata"].(map[string]any); ok {
			r.isl, r.osl = num(pm["isl"]), num(pm["osl"])
		}
	} else {
		r.jobID, r.jobName = str(m["job_id"]), str(m["job_name"])
		if mm, ok := m["model"].(map[string]any); ok {
			r.model, r.container, r.precision = str(mm["path"]), str(mm["container"]), str(mm["precision"])
		}
		res, _ := m["resources"].(map[string]any)
		r.gpuType, r.gpn = str(res["gpu_type"]), num(res["gpus_per_node"])
		r.pre.nodes, r.pre.workers, r.pre.gpus = num(res["prefill_nodes"]), num(res["prefill_workers"]), num(res["gpus_per_prefill"])
		r.dec.nodes, r.dec.workers, r.dec.gpus = num(res["decode_nodes"]), num(res["decode_workers"]), num(res["gpus_per_decode"])
		r.agg.nodes, r.agg.workers, r.agg.gpus = num(res["agg_nodes"]), num(res["agg_workers"]), num(res["gpus_per_agg"])
		// srtctl: disaggregated when prefill or decode nodes are set.
		r.disagg = r.pre.nodes > 0 || r.dec.nodes > 0
		r.backend, r.front = str(m["backend_type"]), str(m["frontend_type"])
		if b, ok := m["benchmark"].(map[string]any); ok {
			r.isl, r.osl = num(b["isl"]), num(b["osl"])
		}
	}
	ds.runs = append(ds.runs, r)
}

// knobs are the job's topology from its metadata (srtctl's ResourceConfig:
// GPUs per worker explicit, else nodes × GPUs per node / workers, else a
// node's GPUs).
func (r *runMeta) knobs() model.Knobs {
	role := func(x struct{ nodes, workers, gpus int }) model.Role {
		ro := model.Role{Workers: max(x.workers, 1), Nodes: x.nodes, GPUs: x.gpus}
		if ro.GPUs == 0 && x.nodes > 0 && r.gpn > 0 {
			ro.GPUs = x.nodes * r.gpn / ro.Workers
		}
		if ro.GPUs == 0 {
			ro.GPUs = r.gpn
		}
		ro.TP = ro.GPUs
		return ro
	}
	if r.disagg {
		return model.Knobs{Mode: model.ModeDisagg, Prefill: role(r.pre), Decode: role(r.dec)}
	}
	return model.Knobs{Mode: model.ModeAgg, Prefill: role(r.agg)}
}

// curve is what the metadata says of the job's curve.
func (r *runMeta) curve() model.CurveKey {
	return model.CurveKey{Model: srt.ModelName(strings.TrimPrefix(r.model, "hf:")), Scenario: srt.SeqScenario(r.isl, r.osl),
		Hardware: srt.GPUKey(r.gpuType), Framework: srt.FrameworkOf(r.backend, r.front), Precision: srt.NormPrecision(r.precision)}
}

// rollup formats.

func sniffRollup(data []byte) bool {
	h := head(data, 4096)
	return len(h) > 0 && h[0] == '{' && bytes.Contains(h, []byte(`"benchmark_type"`)) &&
		(bytes.Contains(h, []byte(`"runs"`)) || bytes.Contains(h, []byte(`"data"`)))
}

type rollupRun struct {
	Concurrency       *float64 `json:"concurrency"`
	Throughput        *float64 `json:"throughput_toks"`
	TTFTMean          *float64 `json:"ttft_mean_ms"`
	TTFTP99           *float64 `json:"ttft_p99_ms"`
	TPOTMean          *float64 `json:"tpot_mean_ms"`
	TPOTP99           *float64 `json:"tpot_p99_ms"`
	E2ELMean          *float64 `json:"e2el_mean_ms"`
	Completed         *float64 `json:"completed_requests"`
	TotalInputTokens  *float64 `json:"total_input_tokens"`
	TotalOutputTokens *float64 `json:"total_output_tokens"`
}

func parseRollup(path string, data []byte, ds *Dataset) {
	var doc struct {
		Type   string `json:"benchmark_type"`
		Config struct {
			Model string `json:"model"`
			ISL   any    `json:"isl"`
			OSL   any    `json:"osl"`
		} `json:"config"`
		Runs []json.RawMessage `json:"runs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		ds.Warnf(path, "", "srtctl benchmark rollup: invalid JSON (%v); file skipped", err)
		return
	}
	if doc.Runs == nil {
		// mooncake-router and other AIPerf-driven rollups wrap the AIPerf export.
		ds.Warnf(path, "", "srtctl %s rollup: a copy of the AIPerf export (artifacts/*/profile_export_aiperf.json), which is read instead; no points here", doc.Type)
		return
	}
	isl, _ := srt.AsInt(doc.Config.ISL)
	osl, _ := srt.AsInt(doc.Config.OSL)
	for i, raw := range doc.Runs {
		var r rollupRun
		if err := json.Unmarshal(raw, &r); err != nil {
			ds.Warnf(path, fmt.Sprintf("runs[%d]", i), "%v; run skipped", err)
			continue
		}
		conc := 0
		if r.Concurrency != nil {
			conc, _ = srt.AsInt(*r.Concurrency)
		}
		if conc <= 0 {
			ds.Warnf(path, fmt.Sprintf("runs[%d].concurrency", i), "missing or not a positive count; run skipped")
			continue
		}
		p := model.Point{Curve: model.CurveKey{Model: srt.ModelName(doc.Config.Model), Scenario: srt.SeqScenario(isl, osl)},
			Source: model.SourceLocal, Prov: model.Provenance{File: path}}
		p.Knobs.Concurrency = conc
		p.Label = fmt.Sprintf("rollup c%d", conc)
		set := func(m model.Metric, v *float64) {
			if v != nil && *v >= 0 {
				p.Metrics.Set(m, *v/1000)
			}
		}
		set(model.MeanTTFT, r.TTFTMean)
		set(model.P99TTFT, r.TTFTP99)
		set(model.MeanTPOT, r.TPOTMean)
		set(model.P99TPOT, r.TPOTP99)
		set(model.MeanE2EL, r.E2ELMean)
		if v, ok := p.Metrics.Get(model.MeanTPOT); ok && v > 0 {
			p.Metrics.Set(model.MeanIntvty, 1/v)
		}
		var t resultrow.Totals
		if r.Throughput != nil {
			t.Set("output_throughput", *r.Throughput)
			// total = output × (input + output) / output tokens: one duration.
			if r.TotalInputTokens != nil && r.TotalOutputTokens != nil && *r.TotalOutputTokens > 0 {
				t.Set("total_token_throughput", *r.Throughput*(*r.TotalInputTokens+*r.TotalOutputTokens) / *r.TotalOutputTokens)
				t.Set("input_throughput", *r.Throughput**r.TotalInputTokens / *r.TotalOutputTokens)
			}
		}
		h := model.UnknownHealth()
		if r.TotalOutputTokens != nil {
			h.OutputTokens = *r.TotalOutputTokens
		}
		if r.Completed != nil && *r.Completed == 0 {
			h.Requests = 0
		}
		h.Judge(&p)
		ds.pending = append(ds.pending, gpuPending{point: len(ds.Points), totals: t, byRole: true})
		ds.Points = append(ds.Points, p)
	}
}

// rollupCSVHeader is how sa-bench's rollup.py starts benchmark-rollup.csv.
var rollupCSVHeader = []byte("Config,Total GPU Count,")

func sniffRollupCSV(data []byte) bool {
	return bytes.HasPrefix(head(data, 256), rollupCSVHeader)
}

func parseRollupCSV(path string, data []byte, ds *Dataset) {
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		ds.Warnf(path, "", "srtctl benchmark rollup CSV: %v; file skipped", err)
		return
	}
	if len(rows) == 0 {
		return
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[strings.TrimSpace(h)] = i
	}
	for li, row := range rows[1:] {
		get := func(name string) (float64, bool) {
			i, ok := col[name]
			if !ok || i >= len(row) || strings.TrimSpace(row[i]) == "" {
				return 0, false
			}
			v, err := strconv.ParseFloat(strings.TrimSpace(row[i]), 64)
			return v, err == nil
		}
		c, _ := get("Concurrency")
		conc, ok := srt.AsInt(c)
		if !ok || conc <= 0 {
			ds.Warnf(path, fmt.Sprintf("line %d: Concurrency", li+2), "missing or not a positive count; row skipped")
			continue
		}
		p := model.Point{Source: model.SourceLocal, Prov: model.Provenance{File: path}}
		p.Knobs.Concurrency = conc
		p.Label = fmt.Sprintf("rollup c%d", conc)
		for name, m := range map[string]model.Metric{"Median TTFT": model.MedianTTFT, "Median TPOT": model.MedianTPOT} {
			if v, ok := get(name); ok {
				p.Metrics.Set(m, v/1000)
			}
		}
		if v, ok := p.Metrics.Get(model.MedianTPOT); ok && v > 0 {
			p.Metrics.Set(model.MedianIntvty, 1/v)
		}
		var t resultrow.Totals
		if v, ok := get("Total Token Throughput"); ok {
			t.Set("total_token_throughput", v)
		}
		if v, ok := get("Output Token Throughput"); ok {
			t.Set("output_throughput", v)
		}
		if g, ok := get("Total Working GPU Count"); ok && g > 0 {
			p.GPUCount = int(g)
		}
		ds.pending = append(ds.pending, gpuPending{point: len(ds.Points), totals: t, byRole: true})
		ds.Points = append(ds.Points, p)
	}
}

// joinRuns gives the results under each job directory the job's knobs and
// curve, and keeps one point per concurrency and job.
func joinRuns(ds *Dataset, fills *curveFills) {
	if len(ds.runs) == 0 {
		return
	}
	// Deeper job directories first: a job directory inside another's wins.
	runs := append([]runMeta(nil), ds.runs...)
	sort.SliceStable(runs, func(i, j int) bool { return len(runs[i].dir) > len(runs[j].dir) })
	taken := make([]bool, len(ds.Points))
	drop := map[int]bool{}
	readFrom := map[string]string{} // a file whose runs are read from another
	for ri := range runs {
		r := &runs[ri]
		v := runVariant(ds, r)
		byConc := map[int][]int{}
		for i := range ds.Points {
			p := &ds.Points[i]
			if taken[i] || p.Source != model.SourceLocal || !inDir(p.Prov.File, r.dir) {
				continue
			}
			taken[i] = true
			byConc[p.Knobs.Concurrency] = append(byConc[p.Knobs.Concurrency], i)
			conc, spec := p.Knobs.Concurrency, p.Knobs.SpecDecoding
			if v != nil {
				p.Knobs = v.Knobs
				noteRecipe(p, v)
				if p.Prov.Image == "" {
					p.Prov.Image = v.Image
				}
				fills.fill(p, v, "recipe "+variantRef(v))
			} else if p.Knobs.Mode == "" {
				p.Knobs = r.knobs()
				p.Prov.Recipe, p.Prov.RecipeVariant = r.file, r.jobName
			}
			p.Knobs.Concurrency = conc
			if spec != "" {
				p.Knobs.SpecDecoding = spec
			}
			fills.fill(p, &srt.Variant{File: r.file, Curve: r.curve()}, "job metadata "+filepath.Base(r.file))
			if p.Prov.Image == "" {
				p.Prov.Image = r.container
			}
			if p.Prov.Recipe == "" {
				p.Prov.Recipe, p.Prov.RecipeVariant = r.file, r.jobName
			}
			p.Label = ""
		}
		// One point per concurrency: the per-concurrency file, else the
		// rollup JSON, else the CSV; the point keeps the metrics only the
		// others give.
		for _, idx := range byConc {
			if len(idx) < 2 {
				continue
			}
			sort.SliceStable(idx, func(a, b int) bool {
				return resultRank(ds.Points[idx[a]].Prov.File) < resultRank(ds.Points[idx[b]].Prov.File)
			})
			best := ds.Points[idx[0]].Prov.File
			if resultRank(best) == 0 {
				best = filepath.Dir(best) + string(filepath.Separator) // the per-concurrency files
			}
			for _, i := range idx[1:] {
				drop[i] = true
				fillMissing(&ds.Points[idx[0]].Metrics, &ds.Points[i].Metrics)
				if f := ds.Points[i].Prov.File; readFrom[f] == "" && !inDir(f, best) {
					readFrom[f] = best
				}
			}
		}
	}
	ds.runs = nil // joined: a later Join (published results) has none to redo
	if len(drop) == 0 {
		return
	}
	dropPoints(ds, drop)
	files := make([]string, 0, len(readFrom))
	for f := range readFrom {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		ds.Notices = append(ds.Notices, fmt.Sprintf("%s: the same runs as %s, read from there", f, readFrom[f]))
	}
}

// fillMissing gives dst the metrics of the same run that only src has:
// the rollup JSON carries means and p99s, the rollup CSV medians, so a job
// with only its rollups keeps both.
func fillMissing(dst, src *model.Metrics) {
	for m := range model.NumMetrics {
		if _, ok := dst.Get(m); ok {
			continue
		}
		if v, ok := src.Get(m); ok {
			dst.Set(m, v)
		}
	}
}

// runVariant is the recipe variant the job ran: the one in its
// config.yaml (the variant named as the job when it holds several).
func runVariant(ds *Dataset, r *runMeta) *srt.Variant {
	var in []*srt.Variant
	for i := range ds.Variants {
		v := &ds.Variants[i]
		if filepath.Dir(v.File) == r.dir {
			in = append(in, v)
		}
	}
	if len(in) == 1 {
		return in[0]
	}
	for _, v := range in {
		if r.jobName != "" && v.Name == r.jobName {
			return v
		}
	}
	return nil
}

// resultRank orders a job's result files: per-concurrency output, rollup
// JSON, rollup CSV.
func resultRank(file string) int {
	switch base := filepath.Base(file); {
	case strings.HasSuffix(base, ".csv"):
		return 2
	case strings.Contains(base, "rollup"):
		return 1
	}
	return 0
}

// inDir reports whether file lies under dir.
func inDir(file, dir string) bool {
	rel, err := filepath.Rel(dir, file)
	return err == nil && rel != "." && !strings.HasPrefix(rel, "..")
}

// dropPoints removes the points marked in drop, keeping pending indices right.
func dropPoints(ds *Dataset, drop map[int]bool) {
	newIdx := make([]int, len(ds.Points))
	out := ds.Points[:0]
	for i := range ds.Points {
		if drop[i] {
			newIdx[i] = -1
			continue
		}
		newIdx[i] = len(out)
		out = append(out, ds.Points[i])
	}
	ds.Points = out
	pend := ds.pending[:0]
	for _, pd := range ds.pending {
		if pd.point >= 0 && pd.point < len(newIdx) && newIdx[pd.point] >= 0 {
			pd.point = newIdx[pd.point]
			pend = append(pend, pd)
		}
	}
	ds.pending = pend
}
