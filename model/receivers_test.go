package model

import (
	"reflect"
	"testing"
)

// The methods a pass over every point of a view calls take pointers: on a
// value they copied the struct, cache lines the pass never reads.
func TestHotMethodsTakePointers(t *testing.T) {
	for _, c := range []struct {
		v       any
		methods []string
	}{
		{Provenance{}, []string{"ShortRun", "Projected", "RawShort"}},
		{Knobs{}, []string{"GPUs", "GPUsPerNode", "DecodeRanks"}},
		{Role{}, []string{"TotalGPUs", "NodesAt", "Ranks"}},
	} {
		vt := reflect.TypeOf(c.v)
		for _, name := range c.methods {
			if _, ok := vt.MethodByName(name); ok {
				t.Errorf("%s.%s takes a value", vt.Name(), name)
			}
			if _, ok := reflect.PointerTo(vt).MethodByName(name); !ok {
				t.Errorf("*%s has no method %s", vt.Name(), name)
			}
		}
	}
}
