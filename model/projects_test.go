package model

import (
	"math/rand"
	"testing"
)

// Projects is what ProjectShownBy does to a point: true exactly for the
// points it projects by the curve's first projection, on short runs of
// several lengths (some no factor covers), planned and rival points,
// projected runs, and points missing the metrics the factors are of.
func TestProjectsIsWhatProjectingDoes(t *testing.T) {
	r := rand.New(rand.NewSource(24))
	yes, no := 0, 0 // short runs projected and not
	lengths := []float64{0, SteadyStateS / 4, SteadyStateS / 3, SteadyStateS / 2, SteadyStateS, 2 * SteadyStateS}
	for trial := 0; trial < 40; trial++ {
		runs := make([]Point, 300)
		for i := range runs {
			p := &runs[i]
			p.Curve = CurveKey{Model: "m", Hardware: "gb200"}
			p.Source = SourcePublished
			p.Knobs = Knobs{Mode: ModeAgg, Concurrency: 1 + r.Intn(12)}
			p.Prov.Date = "2026-01-10"
			p.Prov.DurationS = lengths[r.Intn(len(lengths))]
			for _, m := range []Metric{TputPerGPU, MeanIntvty, MedianTTFT, TputPerMW} {
				if r.Intn(4) > 0 {
					p.Metrics.Set(m, 1+r.Float64())
				}
			}
			switch r.Intn(10) {
			case 0:
				p.Source = SourcePlanned
			case 1:
				p.Source = SourceCompetitor
			case 2:
				p.Prov.ProjectedFromS = SteadyStateS / 2
			}
		}
		projs := ProjectRuns(runs)
		if len(projs) == 0 {
			continue
		}
		pr := &projs[0]
		for i := range runs {
			want := runs[i]
			shown := []Point{want}
			ProjectShownBy(shown, projs)
			projected := shown[0].Prov.ProjectedFromS != want.Prov.ProjectedFromS
			if d := want.Prov.DurationS; d > 0 && d < pr.SteadyS && projected {
				yes++
			} else if d > 0 && d < pr.SteadyS {
				no++
			}
			if p := &runs[i]; pr.Projects(MeasuredRun(p), p.Prov.DurationS, p.Metrics.PresentMask()) != projected {
				t.Fatalf("trial %d, point %d (%s, %v s, metrics %b): Projects %v, ProjectShownBy projected it: %v",
					trial, i, want.Source, want.Prov.DurationS, want.Metrics.PresentMask(), !projected, projected)
			}
		}
	}
	if yes == 0 || no == 0 {
		t.Fatalf("%d short runs projected, %d not: the trials did not test both", yes, no)
	}
}
