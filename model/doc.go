// Package model is the domain: sweep points and their knobs, metrics and
// axes, curves, the Pareto frontier and the upper concave hull, the
// removal review's line test, coverage, gains against a competitor and
// re-tunes, and the number formatting every front end shares. It imports
// nothing of the terminal and nothing of the other floors.
//
// See docs/architecture.md for the floors and docs/review.md for the
// review rule.
package model
