// Package export is the change set: it writes what a tuning session decided
// back into the files InferenceX reads (srt-slurm recipe overrides, master
// config search-space rows, one perf-changelog entry), each as a diff first
// and then atomically as a set, with a journal and a backup under the user
// state directory, refusing while a check fails. How each file is spelled
// and edited is the dialect's (sources/srt); export decides what to write,
// checks it and writes it.
//
// See docs/export.md.
package export
