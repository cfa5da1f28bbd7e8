// Package export writes what a tuning session decided back into the
// files InferenceX reads: srt-slurm recipe overrides, master config
// search-space rows and perf-changelog entries, each as a diff first and
// then atomically with a backup under the user state directory, refusing
// while a check fails.
//
// See docs/export.md.
package export
