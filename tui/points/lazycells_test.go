package points

import "testing"

// Each row keeps its own value; only the blocks of rows asked for exist.
func TestLazyCellsKeepEachRowAndMakeOnlyTouchedBlocks(t *testing.T) {
	c := newLazyCells[string](3*cellBlock + 5)
	if c.Len() != 3*cellBlock+5 {
		t.Fatalf("len %d", c.Len())
	}
	rows := []int{0, 1, cellBlock - 1, 3*cellBlock + 4}
	for _, r := range rows {
		if *c.at(r) != "" {
			t.Fatalf("row %d not zero before it is set", r)
		}
		*c.at(r) = string(rune('a' + r%26))
	}
	for _, r := range rows {
		if got := *c.at(r); got != string(rune('a'+r%26)) {
			t.Errorf("row %d: %q", r, got)
		}
	}
	made := 0
	for _, b := range c.blocks {
		if b != nil {
			made++
		}
	}
	if made != 2 {
		t.Errorf("%d blocks made for rows in 2", made)
	}
}
