package model

// RecommendedFrontierPoints is InferenceX's recommendation for the number of
// frontier points per curve on each E2EL percentile.
const RecommendedFrontierPoints = 5

// CoverageResult counts frontier points of throughput against p90 and p75
// end-to-end latency (lower is better), as InferenceX's Pareto coverage check.
// --json writes the counts by these tags (and the recommendation beside them).
type CoverageResult struct {
	P90E2EL     int   `json:"p90_e2el"` // frontier points
	P75E2EL     int   `json:"p75_e2el"`
	P90Points   int   `json:"p90_points"` // points that have the latency and y
	P75Points   int   `json:"p75_points"`
	P90Frontier []int `json:"-"` // the frontier's indices, x ascending
	P75Frontier []int `json:"-"`
}

// P90Short reports fewer p90 frontier points than recommended.
func (c CoverageResult) P90Short() bool { return c.P90E2EL < RecommendedFrontierPoints }

// P75Short reports fewer p75 frontier points than recommended.
func (c CoverageResult) P75Short() bool { return c.P75E2EL < RecommendedFrontierPoints }

// Short reports that either percentile is below the recommendation.
func (c CoverageResult) Short() bool { return c.P90Short() || c.P75Short() }

// Coverage counts the frontier points of one curve's points on y against p90
// and p75 E2EL. Equal-throughput plateaus at distinct latency count, as on
// the dashboard (see FrontierBeats).
func Coverage(points []Point, y Axis) CoverageResult {
	return coverageAt(len(points), sliceAt(points), y)
}

// CoverageRefs is Coverage of the points refs refer to.
func CoverageRefs(refs []*Point, y Axis) CoverageResult {
	return coverageAt(len(refs), refsAt(refs), y)
}

func coverageAt(n int, at pointAt, y Axis) CoverageResult {
	var r CoverageResult
	r.P90Frontier = frontierAt(n, at, AxisP90E2EL, y)
	r.P75Frontier = frontierAt(n, at, AxisP75E2EL, y)
	r.P90E2EL, r.P75E2EL = len(r.P90Frontier), len(r.P75Frontier)
	r.P90Points = len(coordsAt(n, at, AxisP90E2EL, y, nil))
	r.P75Points = len(coordsAt(n, at, AxisP75E2EL, y, nil))
	return r
}
