package planner

// AdvisedCap is the smallest captured decode cap, from the recommendation
// rec up, that does not bind at cfg's concurrency (0: none up to the
// largest captured size). The recommendation is sized for the prefill
// ceiling (its lower bound when τP is unknown), so past that concurrency it
// can name the very cap the prediction says binds; this one agrees with
// "decode cap binds".
func (c *Calibration) AdvisedCap(cfg Config, rec int) int {
	for _, s := range CapturedSizes() {
		if s < rec {
			continue
		}
		cfg.DecodeBS = s
		if p, err := c.Predict(cfg); err == nil && !p.CapBinds {
			return s
		}
	}
	return 0
}
