package model

// FrontierHull is Coords, Frontier and HullVertices of the points on
// (x, y) at once: the coordinates are read and the frontier found once
// for the three (a table's statuses need all three of one view).
func FrontierHull(points []Point, x, y Axis) (coords []XYPoint, frontier, vertices []int) {
	return frontierHullAt(len(points), sliceAt(points), x, y)
}

// FrontierHullRefs is FrontierHull of the points refs refer to.
func FrontierHullRefs(refs []*Point, x, y Axis) (coords []XYPoint, frontier, vertices []int) {
	return frontierHullAt(len(refs), refsAt(refs), x, y)
}

func frontierHullAt(n int, at pointAt, x, y Axis) (coords []XYPoint, frontier, vertices []int) {
	var short []int
	coords = coordsAt(n, at, x, y, &short)
	frontier, vertices = frontierHullOf(at, coords, short, x, y)
	return coords, frontier, vertices
}

// FrontierHullOfCoords is FrontierHullRefs's frontier and hull vertices
// given its coordinates, read already (CoordsRefs of refs on x, y), and
// the places in them of the short runs shown raw: a view's own pass reads
// them (workbench.viewFrom). coords is left as it is.
func FrontierHullOfCoords(refs []*Point, coords []XYPoint, short []int, x, y Axis) (frontier, vertices []int) {
	return frontierHullOf(refsAt(refs), coords, short, x, y)
}

// frontierHullOf is frontierHullAt given the coordinates and short runs.
func frontierHullOf(at pointAt, coords []XYPoint, short []int, x, y Axis) (frontier, vertices []int) {
	front := frontierOfKept(at, coords, short, x, y)
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
	return frontier, vertices
}
