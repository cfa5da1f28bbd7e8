// Package lazyre holds regular expressions compiled on first use.
//
// A command reads few of the formats sweeptune knows, and a run of a demo
// command lasts a few milliseconds: compiling every format's patterns at
// start-up made each run pay for all of them.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a pattern compiled the first time it is used; an invalid
// pattern panics then, as regexp.MustCompile would at start-up (each
// package's tests use every pattern it holds).
type Regexp struct {
	pattern string
	once    sync.Once
	re      *regexp.Regexp
}

// New holds pattern for compiling on first use.
func New(pattern string) *Regexp { return &Regexp{pattern: pattern} }

// Compiled is the compiled pattern.
func (r *Regexp) Compiled() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.pattern) })
	return r.re
}

func (r *Regexp) Match(b []byte) bool        { return r.Compiled().Match(b) }
func (r *Regexp) MatchString(s string) bool  { return r.Compiled().MatchString(s) }
func (r *Regexp) FindString(s string) string { return r.Compiled().FindString(s) }
func (r *Regexp) FindStringSubmatch(s string) []string {
	return r.Compiled().FindStringSubmatch(s)
}
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.Compiled().FindAllStringSubmatch(s, n)
}
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.Compiled().ReplaceAllString(src, repl)
}
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.Compiled().ReplaceAllStringFunc(src, repl)
}
