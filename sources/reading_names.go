package sources

import "github.com/sweeptune/sweeptune/sources/reading"

// Warning is one problem with the input (sources/reading): the file, the
// field or line at fault where known, and what was wrong.
type Warning = reading.Warning

// OneLine shows the line breaks of s escaped, for a name or message
// printed on one line among others.
func OneLine(s string) string { return reading.OneLine(s) }

// The bounded YAML loading every YAML reader of this package goes through.
var (
	loadYAML      = reading.LoadYAML
	dupWarnings   = reading.DupWarnings
	yamlValue     = reading.YAMLValue
	yamlMapping   = reading.YAMLMapping
	yamlErr       = reading.YAMLErr
	unwrapPathErr = reading.PathErr
)

const (
	yamlPlain = reading.YAMLPlain
	yamlTyped = reading.YAMLTyped
)
