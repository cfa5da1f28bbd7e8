package review

import (
	"github.com/sweeptune/sweeptune/model"
	"github.com/sweeptune/sweeptune/render"
	"github.com/sweeptune/sweeptune/themes"
	"github.com/sweeptune/sweeptune/tui/paint"
	"github.com/sweeptune/sweeptune/tui/workbench"
)

// maxKept is how many kept IDs the pane names in the header: a curve of
// thousands would fill the pane with them.
const maxKept = 3

// maxListed is how many rows each of the pane's lists shows (the kept
// points under the hull, the points left out): at a million points a
// curve leaves out tens of thousands, which no one scrolls through and
// which took half a second to draw.
const maxListed = 40

// Options are the review's wording options in the pane: its width and the
// keys that act on what it says.
func Options(width int) render.ReviewOptions {
	return render.ReviewOptions{Width: width, MaxKept: maxKept, MaxListed: maxListed, MarkHint: "m on a point marks it",
		AxisHint: "x cycles the axis", PlannedHint: "p toggles", DropHint: "D drops them"}
}

// Doc is the report's words (render.ReviewOfMarks), the same the CLI
// prints, laid out for width cells.
func Doc(r workbench.Review, width int) render.Doc {
	o := Options(width)
	o.ViewAxis, o.Gains, o.KeptByHand, o.KeepHint = r.ViewX.Name, r.Gains, r.Keep != nil, "K toggles the selected point"
	return render.ReviewOfMarks(r.Orphans, r.Curves, o)
}

// Render is the report in the theme's styles, laid out for width cells.
func Render(r workbench.Review, st themes.Styles, width int) string {
	return paint.Doc(Doc(r, width), st)
}

// RenderSelection is the shown curve's selection (render.Selection, the
// words select prints) in the theme's styles, or why there is none.
func RenderSelection(sel *model.Selection, points []model.Point, err error, st themes.Styles, width int) string {
	if err != nil || sel == nil {
		msg := "no selection"
		if err != nil {
			msg = "no selection: " + err.Error()
		}
		return st.Muted.Render(msg)
	}
	return paint.Doc(render.SelectionIn(sel, points, nil, width), st)
}
