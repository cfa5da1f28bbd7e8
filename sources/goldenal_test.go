package sources

import (
	"strings"
	"testing"
)

func TestGoldenALRecognisedWithoutPoints(t *testing.T) {
	good := "# golden AL\ndeepseek-v4-pro-0813:\n  thinking_on:\n    1: 1.84\n    5: 3.61\n"
	ds := LoadBytes("al.yaml", []byte(good), Options{})
	if len(ds.Points) != 0 || len(ds.Warnings) != 0 {
		t.Fatalf("points %d, warnings %v", len(ds.Points), ds.Warnings)
	}
	bad := "m:\n  thinking_on:\n    3: fast\n"
	ds = LoadBytes("al.yaml", []byte(bad), Options{})
	if len(ds.Warnings) != 1 || !strings.Contains(ds.Warnings[0].String(), "m.thinking_on.3") {
		t.Fatalf("warnings %v", ds.Warnings)
	}
}

func FuzzGoldenAL(f *testing.F) {
	f.Add([]byte("m:\n  thinking_on:\n    1: 1.84\n"))
	f.Add([]byte("m:\n  thinking_off:\n    x: [1\n"))
	f.Add([]byte("m:\n  thinking_on:\n    -1: .nan\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ds := &Dataset{}
		parseGoldenAL("al.yaml", data, ds)
		if len(ds.Points) != 0 {
			t.Fatal("golden AL files carry no points")
		}
	})
}
