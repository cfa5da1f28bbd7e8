package sources

import (
	"reflect"
	"testing"
)

// Every known key but metrics is read into a field of the Go type its kind
// writes, found at its offset: what makes rowFieldOf's pointers safe.
func TestRowFieldsAreTheirFields(t *testing.T) {
	want := map[rowFieldKind]reflect.Kind{strField: reflect.String, boolField: reflect.Bool, countField: reflect.Int, gpusField: reflect.Int}
	// every field of resultRow and of its roles, by offset
	at := map[uintptr]reflect.StructField{}
	var walk func(t reflect.Type, base uintptr)
	walk = func(t reflect.Type, base uintptr) {
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Type.Kind() == reflect.Struct && f.Type == reflect.TypeFor[rowRole]() {
				walk(f.Type, base+f.Offset)
				continue
			}
			at[base+f.Offset] = f
		}
	}
	walk(reflect.TypeFor[resultRow](), 0)
	for id, fd := range rowFieldOf {
		name := apiKeys[id]
		if id == kMetrics {
			if fd.kind != notAField {
				t.Errorf("metrics is read as a field (kind %d)", fd.kind)
			}
			continue
		}
		f, ok := at[fd.off]
		if !ok {
			t.Errorf("%s: no field at offset %d", name, fd.off)
			continue
		}
		if k, ok := want[fd.kind]; !ok || f.Type.Kind() != k {
			t.Errorf("%s: kind %d into %s (%s)", name, fd.kind, f.Name, f.Type)
		}
	}
}
