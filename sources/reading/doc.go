// Package reading is what every reader of sources and the srt-slurm dialect
// (sources/srt) share, below both: the warning a reader gives, its text on
// one line, and YAML loaded within bounds (duplicate keys named, aliases
// and size priced). It imports no other package of this module.
package reading
