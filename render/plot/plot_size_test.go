package plot

import (
	"testing"
	"unsafe"
)

// A marker stays 64 bytes: a large curve's series is made on the key.
func TestPlotPointIs64Bytes(t *testing.T) {
	if n := unsafe.Sizeof(PlotPoint{}); n != 64 {
		t.Fatalf("PlotPoint is %d bytes", n)
	}
}
