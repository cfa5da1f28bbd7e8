package plot

import (
	"testing"
	"unsafe"
)

// A marker stays 48 bytes: a large curve's series is made on the key.
func TestPlotPointIs48Bytes(t *testing.T) {
	if n := unsafe.Sizeof(PlotPoint{}); n != 48 {
		t.Fatalf("PlotPoint is %d bytes", n)
	}
}
