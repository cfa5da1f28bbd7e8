// Package ptyrun runs a program on a pseudo-terminal, as a person's
// terminal would: what it draws is read as it comes, keys are written to
// it. Tests drive the real workbench with it (docs/workbench-speed.md).
package ptyrun
