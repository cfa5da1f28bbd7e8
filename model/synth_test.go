package model_test

import (
	"math"
	"math/rand"
	"strconv"

	"github.com/sweeptune/sweeptune/model"
)

// pt builds a point with x on the axis's metric and y as tput-per-GPU.
func pt(id string, x model.Axis, xv, yv float64) model.Point {
	p := model.Point{ID: id, Source: model.SourceLocal}
	p.Metrics.Set(x.Metric, xv)
	p.Metrics.Set(model.TputPerGPU, yv)
	return p
}

// randomCurve draws n points on a small integer grid so that ties in x, ties
// in y (plateaus) and exact duplicates all occur.
func randomCurve(r *rand.Rand, x model.Axis, n, grid int) []model.Point {
	out := make([]model.Point, n)
	for i := range out {
		out[i] = pt("p"+strconv.Itoa(i), x, float64(1+r.Intn(grid)), float64(1+r.Intn(grid)))
	}
	return out
}

// largeCurve draws n points around a falling throughput-interactivity curve,
// like a dense sweep: throughput ≈ 1.2e6·(1 − x/700)^0.7 with noise.
func largeCurve(r *rand.Rand, n int) []model.Point {
	out := make([]model.Point, n)
	for i := range out {
		x := 10 + 590*r.Float64()
		y := 1.2e6 * math.Pow(1-x/700, 0.7) * (0.9 + 0.1*r.Float64())
		out[i] = pt("q"+strconv.Itoa(i), model.AxisMeanIntvty, x, y)
	}
	return out
}

// randomTrials runs trial 300 times on mean interactivity and 300 times on
// the latency axis given (so both x directions), drawing from one
// generator seeded with seed.
func randomTrials(seed int64, latency model.Axis, trial func(r *rand.Rand, x model.Axis)) {
	r := rand.New(rand.NewSource(seed))
	for _, x := range []model.Axis{model.AxisMeanIntvty, latency} {
		for range 300 {
			trial(r, x)
		}
	}
}

func shuffled(r *rand.Rand, pts []model.Point) []model.Point {
	out := append([]model.Point(nil), pts...)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}
