package render

// NextCommands is what to run after an export is written: a dry run of
// each new srt-slurm selector, then InferenceX's expansion of the keys.
func NextCommands(cmds []string) Doc {
	var d Doc
	if len(cmds) == 0 {
		return d
	}
	d.Blank()
	d.Addf(Accent, "Next, check what was written:")
	for _, c := range cmds {
		d.Add(P("  " + c))
	}
	return d
}
