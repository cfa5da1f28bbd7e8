package sources

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// yamlKeys are the keys yaml.v3 decodes into the struct type of v: each
// field's yaml tag, or its lowercased name.
func yamlKeys(v any) []string {
	t := reflect.TypeOf(v)
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		out = append(out, name)
	}
	return out
}

// The written-out key lists are the keys of the types they check.
func TestTableKeysAreTheTypes(t *testing.T) {
	for _, c := range []struct {
		name string
		got  []string
		typ  any
	}{
		{"tableFileKeys", tableFileKeys, tableFile{}},
		{"tablePointKeys", tablePointKeys, tablePoint{}},
		{"tableRoleKeys", tableRoleKeys, tableRole{}},
		{"tableCurveKeys", tableCurveKeys, model.CurveKey{}},
	} {
		if want := yamlKeys(c.typ); !slices.Equal(c.got, want) {
			t.Errorf("%s = %q, the type decodes %q", c.name, c.got, want)
		}
	}
}
