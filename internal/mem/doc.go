// Package mem holds the memory tricks of the load's passes over a million
// points, kept out of the domain: pages filled ahead of their first write
// (WritePages, Fresh; madvise where Linux has it), a pool of scratch arrays
// the last passes of a load hand each other (UseScratch, Take, Give), and
// reads that bring a value's cache lines in ahead of its use (WarmLines), and
// a file mapped read-only for one sequential pass (MapFile, Unmap).
// It imports no code of this module (docs/report-speed.md says what each
// saves).
package mem
