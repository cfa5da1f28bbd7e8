// Package srt reads and writes the srt-slurm / InferenceX dialect: recipes
// (schema 1 and 2, bundles, zip overrides, sweep templates), the master
// config and perf-changelog, and the names InferenceX gives a model and a
// scenario. One vocabulary (vocab.go) says where a recipe keeps each knob,
// for the reader (recipe*.go, master.go, changelog*.go) and the writer
// (override_*.go, master_write.go, changelog_write.go, patch.go) alike, so
// what export writes reads back as the point it came from.
//
// It stands below the load (sources registers its formats and gathers
// what it reads) and the change set (sources/export decides what to write
// and writes it atomically), and imports only model, sources/reading and
// internal/ machinery (docs/architecture.md).
package srt
