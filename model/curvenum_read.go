package model

// Of is each point's curve number, in the points' order; the caller
// does not write it.
func (c *CurveNumbering) Of() []int32 { return c.of }

// Keys are the curves' keys by number (the order they first appear in);
// the caller does not write them.
func (c *CurveNumbering) Keys() []CurveKey { return c.keys }
