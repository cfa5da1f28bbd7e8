package render

// PlanCalibrating is what the planner shows while its calibration on a new
// curve (or as-of, or data) runs in the background.
func PlanCalibrating() Doc {
	var d Doc
	d.Add(S(Muted, "calibrating…"))
	return d
}
