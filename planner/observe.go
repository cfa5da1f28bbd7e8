package planner

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// obs is one calibration point in the model's units.
type obs struct {
	id      string
	np, d   int
	g, c    float64
	bs      float64 // 0: unknown cap
	balance string
	theta   float64 // total tok/s
	tpot    float64 // mean s per output token (from TPOT, mean or p90 interactivity)
	mean    float64 // mean interactivity; 0 when not published
	p90     float64 // p90 interactivity; 0 when not published
	ttft    float64 // TTFT of the calibration's kind; 0 when unknown
	e2el    float64 // mean E2EL; 0 when unknown
	hasTPOT bool    // tpot is a measured mean TPOT

	decShape, preShape string // worker parallelism labels
	dpAttn             bool
	preGPUs, decGPUs   int
	family             string // decode family

	delta     float64
	bbar      float64
	capBound  bool
	collapsed bool // at or past a measured collapse of its configuration
}

// bmax is the busiest rank's batch: b̄ + δ, held at the cap.
func (o *obs) bmax() float64 {
	b := o.bbar + o.delta
	if o.bs > 0 && b > o.bs {
		return o.bs
	}
	return b
}

// ttftKinds are the TTFT statistics the loop identity can use, best first.
var ttftKinds = []struct {
	name   string
	metric model.Metric
}{{"mean", model.MeanTTFT}, {"median", model.MedianTTFT}, {"p90", model.P90TTFT}}

// observe converts and checks the points, naming everything that is missing.
// It also picks the TTFT statistic every point has, and notes what it
// assumed.
func observe(points []model.Point) ([]obs, string, []string, error) {
	var problems, notes []string
	out := make([]obs, 0, len(points))
	var noBS []string
	shapes := map[string]bool{}
	for i := range points {
		pt := &points[i]
		k := pt.Knobs
		if k.Mode == model.ModeAgg {
			return nil, "", nil, fmt.Errorf("%s: %w", pt.ID, ErrOutOfScope)
		}
		var miss []string
		y, okY := pt.Metrics.Get(model.TputPerGPU)
		mean, _ := pt.Metrics.Get(model.MeanIntvty)
		p90, _ := pt.Metrics.Get(model.P90Intvty)
		tpot, _ := pt.Metrics.Get(model.MeanTPOT)
		if !okY || y <= 0 {
			miss = append(miss, "throughput per GPU")
		}
		if mean <= 0 && p90 <= 0 && tpot <= 0 {
			miss = append(miss, "mean interactivity (nor p90 interactivity or mean TPOT)")
		}
		if k.Concurrency <= 0 {
			miss = append(miss, "concurrency")
		}
		if k.Prefill.Workers <= 0 {
			miss = append(miss, "prefill workers")
		}
		if k.DecodeRanks() <= 0 {
			miss = append(miss, "decode ranks")
		}
		if pt.GPUs() <= 0 {
			miss = append(miss, "GPU count")
		}
		if len(miss) > 0 {
			problems = append(problems, fmt.Sprintf("%s: no %s", pt.ID, strings.Join(miss, ", no ")))
			continue
		}
		o := obs{id: pt.ID, np: k.Prefill.Workers, d: k.DecodeRanks(), g: float64(pt.GPUs()),
			bs: float64(k.DecodeBS), c: float64(k.Concurrency), balance: k.Balance,
			theta: y * float64(pt.GPUs()), mean: mean, p90: p90,
			decShape: k.Decode.Parallelism(), preShape: k.Prefill.Parallelism(),
			dpAttn: k.Decode.DPAttn, preGPUs: k.Prefill.GPUs, decGPUs: k.Decode.GPUs}
		o.family = decodeFamily(o.decShape, o.dpAttn)
		switch {
		case tpot > 0:
			o.tpot, o.hasTPOT = tpot, true
		case mean > 0:
			o.tpot = 1 / mean
		}
		if e, ok := pt.Metrics.Get(model.MeanE2EL); ok && e > 0 {
			o.e2el = e
		}
		if k.DecodeBS <= 0 {
			noBS = append(noBS, pt.ID)
		}
		shapes[k.Shape()] = true
		out = append(out, o)
	}
	if len(problems) > 0 {
		return nil, "", nil, fmt.Errorf("cannot calibrate: %s", strings.Join(problems, "; "))
	}
	if len(out) < 3 {
		return nil, "", nil, fmt.Errorf("cannot calibrate: need at least three disaggregated points with throughput, interactivity and concurrency, have %d", len(out))
	}
	if len(noBS) > 0 {
		notes = append(notes, fmt.Sprintf("decode BS unknown for %s: treated as a free cap (never cap-bound); the other points pin f", strings.Join(noBS, ", ")))
	}
	kind := pickTTFT(points, out)
	if len(shapes) < 2 && kind == "" && !allE2EL(out) {
		return nil, "", nil, errors.New("cannot calibrate: every point has the same shape and no point set carries TTFT or E2EL on every point; need TTFT (or E2EL) or at least two shapes (prefill workers or decode BS) to separate the decode step from the time outside decode")
	}
	if kind != "" && kind != "mean" {
		notes = append(notes, fmt.Sprintf("TTFT: %s TTFT stands in for the mean (no mean TTFT on every point); u absorbs their ratio", kind))
	}
	return out, kind, notes, nil
}

// pickTTFT sets each obs's TTFT from the first statistic every point has;
// "" when none has one on every point.
func pickTTFT(points []model.Point, obsv []obs) string {
	for _, kd := range ttftKinds {
		all := true
		for i := range points {
			if v, ok := points[i].Metrics.Get(kd.metric); !ok || v <= 0 {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		for i := range points {
			obsv[i].ttft, _ = points[i].Metrics.Get(kd.metric)
		}
		return kd.name
	}
	return ""
}

// allE2EL says whether every point carries mean E2EL.
func allE2EL(obsv []obs) bool {
	for _, o := range obsv {
		if o.e2el <= 0 {
			return false
		}
	}
	return true
}
