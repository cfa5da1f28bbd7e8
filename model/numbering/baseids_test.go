package numbering

import (
	"math/rand/v2"
	"testing"

	"github.com/sweeptune/sweeptune/model"
)

// baseIDs gives every knobs the number of its own BaseID text, packed or
// not (negative, 16-bit-overflowing and huge numbers, odd modes).
func TestBaseIDsNumberTheText(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	nums := []int{0, 1, 2, 8, 16, -1, 1 << 16, 1<<16 - 1, 1 << 33, -1 << 40}
	modes := []model.Mode{model.ModeAgg, model.ModeDisagg, "odd"}
	in := newBaseIDs()
	for range 5000 {
		n := func() int { return nums[r.IntN(len(nums))] }
		k := model.Knobs{Mode: modes[r.IntN(len(modes))], Prefill: model.Role{Workers: n(), GPUs: n(), TP: n(), EP: n(), DPAttn: r.IntN(2) == 0},
			Decode: model.Role{Workers: n(), GPUs: n(), TP: n(), EP: n(), DPAttn: r.IntN(2) == 0}, DecodeBS: n(), Concurrency: n()}
		b := in.ofKnobs(&k)
		if got, want := in.texts[b], k.BaseID(); got != want {
			t.Fatalf("%+v: base %q, BaseID %q", k, got, want)
		}
	}
}
