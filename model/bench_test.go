package model_test

import (
	"math/rand"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// The speed target: frontier, hull and a 1,000-point review over a
// 100,000-point curve under 50 ms together.
const benchN, benchRemoved = 100_000, 1_000

func benchData() (curve, removed []model.Point) {
	r := rand.New(rand.NewSource(7))
	return largeCurve(r, benchN), largeCurve(r, benchRemoved)
}

func BenchmarkFrontier100k(b *testing.B) {
	curve, _ := benchData()
	for b.Loop() {
		model.Frontier(curve, model.AxisMeanIntvty, model.AxisTputPerGPU)
	}
}

func BenchmarkHullGaps100k(b *testing.B) {
	curve, _ := benchData()
	for b.Loop() {
		model.HullGaps(curve, model.AxisMeanIntvty, model.AxisTputPerGPU)
	}
}

func BenchmarkReview1kOver100k(b *testing.B) {
	curve, removed := benchData()
	for b.Loop() {
		model.ReviewRemovals(curve, removed, model.AxisMeanIntvty, model.AxisTputPerGPU)
	}
}

// BenchmarkGeometry100k is the three together, as the target counts them.
func BenchmarkGeometry100k(b *testing.B) {
	curve, removed := benchData()
	x, y := model.AxisMeanIntvty, model.AxisTputPerGPU
	for b.Loop() {
		model.Frontier(curve, x, y)
		model.HullGaps(curve, x, y)
		model.ReviewRemovals(curve, removed, x, y)
	}
}
