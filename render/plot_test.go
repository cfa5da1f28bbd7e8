package render

import (
	"testing"

	"github.com/sweeptune/sweeptune/demo"
	"github.com/sweeptune/sweeptune/model"
)

func TestPlotDemo(t *testing.T) {
	ds := demo.Load()
	s := SeriesBySource(ds.Points, model.AxisP90Intvty, model.AxisTputPerGPU, nil)
	c := Plot(s, PlotOptions{Width: 100, Height: 24, X: model.AxisP90Intvty, Y: model.AxisTputPerGPU})
	t.Log("\n" + c.String())
}
