package keys

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
)

// Conflicts returns one message per key that two enabled bindings of the
// same scope share.
func Conflicts(scope string, bindings []key.Binding) []string {
	owner := map[string]string{}
	var out []string
	for _, bd := range bindings {
		if !bd.Enabled() {
			continue
		}
		for _, k := range bd.Keys() {
			name := bd.Help().Desc
			if prev, ok := owner[k]; ok {
				out = append(out, fmt.Sprintf("%s: key %q bound to both %q and %q", scope, k, prev, name))
				continue
			}
			owner[k] = name
		}
	}
	return out
}
