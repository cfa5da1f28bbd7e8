package model

// projectPoint is projectOne on p in place, for a shown point: the same
// metrics, raw metrics, lengths and the same ok, without a ProjectedRun
// (its Dropped list) or a copy of the point (664 bytes, three times).
func projectPoint(pr *Projection, p *Point, d float64) bool {
	var ms Metrics
	covered := false
	for m := Metric(0); m < NumMetrics; m++ {
		if !p.Metrics.Has(m) || !noiseMetric(m) {
			continue
		}
		v, _ := p.Metrics.Get(m)
		f, ok := pr.Factor(m, d)
		if !ok {
			continue
		}
		ms.Set(m, v*f.Factor)
		covered = true
	}
	if !covered {
		return false
	}
	if f, ok := pr.Factor(TputPerGPU, d); ok && ms.Has(TputPerGPU) {
		if v, ok := p.Metrics.Get(TputPerMW); ok {
			ms.Set(TputPerMW, v*f.Factor)
		}
		if v, ok := p.Metrics.Get(CostPerMTok); ok {
			ms.Set(CostPerMTok, v/f.Factor)
		}
	}
	raw := new(Metrics)
	*raw = p.Metrics
	p.Metrics = ms
	p.Prov.Raw = raw
	p.Prov.ProjectedFromS = d
	p.Prov.DurationS = pr.SteadyS
	return true
}
