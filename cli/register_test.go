package cli

import "testing"

// Each command registers under its own name, so that a run naming it
// builds that command alone; the lean tree and the whole one give the
// command the same flags.
func TestBuildersRegisterUnderTheirNames(t *testing.T) {
	full := map[string]string{}
	for _, c := range newRoot(&cmdEnv{}, nil).Commands() {
		full[c.Name()] = c.Flags().FlagUsages()
	}
	for _, b := range builders {
		lean := newRoot(&cmdEnv{}, []string{b.name}).Commands()
		if b.name == "man" {
			continue // man pages the whole tree
		}
		if len(lean) != 1 || lean[0].Name() != b.name {
			t.Errorf("%s: the lean tree holds %d commands, the first %q", b.name, len(lean), lean[0].Name())
			continue
		}
		if got := lean[0].Flags().FlagUsages(); got != full[b.name] {
			t.Errorf("%s: flags differ from the whole tree's:\n%s\nwant\n%s", b.name, got, full[b.name])
		}
	}
}
