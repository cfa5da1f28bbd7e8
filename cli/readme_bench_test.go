package cli

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkReadmeExamples runs the README's examples on the demo in
// process: what a user waits for on each, start-up of the command tree and
// the embedded demo's load included.
func BenchmarkReadmeExamples(b *testing.B) {
	fit := "3p1d-dep2-dep16-b24-c1228@2026-10-29,5p1d-dep2-dep16-b40-c2884,9p1d-dep2-dep16-b192-c7480"
	for _, ex := range []struct {
		name string
		args []string
	}{
		{"report", []string{"report", "--x", "mean-intvty"}},
		{"review", []string{"review", "--as-of", "2026-11-05", "--remove", "agg-tep2-c16,8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480"}},
		{"compare", []string{"compare"}},
		{"plan", []string{"plan", "--fit", fit, "--prefill-workers", "7", "--decode-bs", "96", "--concurrency", "5540"}},
		{"backtest", []string{"plan", "--fit", fit, "--backtest"}},
		{"export", changeSetArgs(filepath.Join("..", "testdata", "export"), "--as-of", "2026-11-05")},
	} {
		b.Run(ex.name, func(b *testing.B) {
			for b.Loop() {
				if code := run(ex.args, strings.NewReader(""), io.Discard, io.Discard); code != exitOK {
					b.Fatalf("%s: exit %d", ex.name, code)
				}
			}
		})
	}
}
