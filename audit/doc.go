// Package audit ranks the loaded curves by what a retune would gain
// (docs/audit.md): per curve, its coverage on the dashboard's axes, empty
// bands and holes, the points the line test would remove, where a
// competitor leads, the image's age, the parity faults of its master rows
// and recipes, and a retune value that weighs the gain by how far it can
// be trusted and the GPUs it takes. Regress compares a new image's runs
// with the published baseline. Pure Go: no terminal, no writes.
package audit
