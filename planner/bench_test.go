package planner

import (
	"fmt"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// twentyPoints makes 20 disaggregated points from the reference model's own
// predictions, with a ±2 % wobble so the fit has something to do.
func twentyPoints(b *testing.B) []model.Point { return wobblePoints(b, 20) }

// wobblePoints is n such points.
func wobblePoints(b *testing.B, n int) []model.Point {
	c := refCal(b)
	var pts []model.Point
	for i := 0; len(pts) < n; i++ {
		np, cc := 2+i%8, 600+i*400
		pr, err := c.Predict(Config{PrefillWorkers: np, PrefillGPUs: 2, DecodeRanks: 16,
			Balance: model.BalanceTotalRequests, Concurrency: cc})
		if err != nil {
			b.Fatal(err)
		}
		// A free cap just above the busiest rank: loop-bound points.
		bs := SnapCap(int(pr.DecodeBatchMax) + 1 + 8*(i%3))
		w := 1 + 0.02*float64(i%5-2)/2
		pts = append(pts, disagg(fmt.Sprintf("p%d", i), np, bs, cc, model.BalanceTotalRequests,
			pr.TputPerGPU*w, pr.MeanIntvty/w, pr.P90Intvty, 3600))
	}
	return pts
}

func BenchmarkPredict(b *testing.B) {
	c := refCal(b)
	cfg := ConfigFromKnobs(fitPoints()[0].Knobs)
	cfg.PrefillWorkers, cfg.DecodeBS, cfg.Concurrency = 7, 96, 5540
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Predict(cfg); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCalibrate20(b *testing.B) {
	pts := twentyPoints(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Calibrate(pts); err != nil {
			b.Fatal(err)
		}
	}
}

// Prefill workers 1–16 × every captured cap, concurrency at the knee, with a
// budget that admits all 16 worker counts.
func BenchmarkDesign(b *testing.B) {
	c := refCal(b)
	pts := append(fitPoints(), testPoints()...)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Design(c, pts, 64, 4); err != nil {
			b.Fatal(err)
		}
	}
}

// A prediction on a TTFT-calibrated fit: TTFT grows with load, so the loop
// equation is solved by Newton's method.
func BenchmarkPredictTTFT(b *testing.B) {
	c, err := Calibrate(synthPoints(b))
	if err != nil {
		b.Fatal(err)
	}
	cfg := ConfigFromKnobs(synthKnobs(2, "dep", 1, 512, 2000))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Predict(cfg); err != nil {
			b.Fatal(err)
		}
	}
}

// Calibration with TTFT, two decode families and a saturated point.
func BenchmarkCalibrateTTFT(b *testing.B) {
	pts := synthPoints(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Calibrate(pts); err != nil {
			b.Fatal(err)
		}
	}
}

// A 50-point curve: calibrate on every point, then backtest it the way
// plan --backtest does (leave-one-out over all points: 50 more fits).
// Budget: 50 ms.
func BenchmarkCalibrateBacktest50(b *testing.B) {
	pts := wobblePoints(b, 50)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Calibrate(pts); err != nil {
			b.Fatal(err)
		}
		if cv := LeaveOneOut(pts, pts); len(cv.Rows) != 50 {
			b.Fatalf("%d rows, skipped %v", len(cv.Rows), cv.Skipped)
		}
	}
}

// plan --fit auto on a 50-point curve: every candidate set's leave-one-out.
func BenchmarkAutoFit50(b *testing.B) {
	pts := wobblePoints(b, 50)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := AutoFit(pts); err != nil {
			b.Fatal(err)
		}
	}
}

// Calibrate and the workbench's cross-validation (2-fold past 16
// configurations) of a 50-point curve.
func BenchmarkCalibrateCV50(b *testing.B) {
	pts := wobblePoints(b, 50)
	for b.Loop() {
		if _, err := Calibrate(pts); err != nil {
			b.Fatal(err)
		}
		CrossValidate(pts)
	}
}
