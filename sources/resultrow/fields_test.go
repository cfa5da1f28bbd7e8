package resultrow

import (
	"reflect"
	"testing"
)

// Every known key but metrics is read into a field of the Go type its kind
// writes, found at its offset: what makes Fields's pointers safe.
func TestRowFieldsAreTheirFields(t *testing.T) {
	want := map[FieldKind]reflect.Kind{StrField: reflect.String, BoolField: reflect.Bool, CountField: reflect.Int, GPUsField: reflect.Int}
	// every field of Row and of its roles, by offset
	at := map[uintptr]reflect.StructField{}
	var walk func(t reflect.Type, base uintptr)
	walk = func(t reflect.Type, base uintptr) {
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Type.Kind() == reflect.Struct && f.Type == reflect.TypeFor[Role]() {
				walk(f.Type, base+f.Offset)
				continue
			}
			at[base+f.Offset] = f
		}
	}
	walk(reflect.TypeFor[Row](), 0)
	for id, fd := range Fields {
		name := Keys[id]
		if id == KeyMetrics {
			if fd.Kind != NotAField {
				t.Errorf("metrics is read as a field (kind %d)", fd.Kind)
			}
			continue
		}
		f, ok := at[fd.off]
		if !ok {
			t.Errorf("%s: no field at offset %d", name, fd.off)
			continue
		}
		if k, ok := want[fd.Kind]; !ok || f.Type.Kind() != k {
			t.Errorf("%s: kind %d into %s (%s)", name, fd.Kind, f.Name, f.Type)
		}
	}
}
