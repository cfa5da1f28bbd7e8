package model

// FrontierHull is Coords, Frontier and HullVertices of the points on
// (x, y) at once: the coordinates are read and the frontier found once
// for the three (a table's statuses need all three of one view).
func FrontierHull(points []Point, x, y Axis) (coords []XYPoint, frontier, vertices []int) {
	coords = Coords(points, x, y)
	front := frontierOf(points, coords, x, y)
	frontier = make([]int, len(front))
	for i, p := range front {
		frontier[i] = p.Index
	}
	vertices = append([]int(nil), newHull(front, x, y).index...)
	if !x.HigherBetter {
		// Good-x order is x descending on a lower-is-better axis.
		for i, j := 0, len(vertices)-1; i < j; i, j = i+1, j-1 {
			vertices[i], vertices[j] = vertices[j], vertices[i]
		}
	}
	return coords, frontier, vertices
}
