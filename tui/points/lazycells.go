package points

// lazyCells are a value per table row, made as rows are drawn: blocks of
// cellBlock rows come into being on first use, so a view of 83,000 rows
// whose first screen is drawn makes one block, not 83,000 slots of fresh
// memory on the key (docs/workbench-speed.md).
type lazyCells[T any] struct {
	n      int
	blocks [][]T
}

// cellBlock is how many rows' values a block holds: a screen or two.
const cellBlock = 128

func newLazyCells[T any](n int) *lazyCells[T] {
	return &lazyCells[T]{n: n, blocks: make([][]T, (n+cellBlock-1)/cellBlock)}
}

// Len is the number of rows.
func (c *lazyCells[T]) Len() int { return c.n }

// at is row r's value (the zero value until set through it).
func (c *lazyCells[T]) at(r int) *T {
	b := &c.blocks[r/cellBlock]
	if *b == nil {
		*b = make([]T, cellBlock)
	}
	return &(*b)[r%cellBlock]
}
