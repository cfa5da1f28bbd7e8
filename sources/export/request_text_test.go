package export_test

import (
	"strings"
	"testing"

	"github.com/sweeptune/sweeptune/sources/export"
)

// A --pr-link with a line break used to be refused as "appending to … gives
// 5 entries, want 4". The request's one-line values are checked first and
// the refusal says which value and what is wrong with it.
func TestRequestValuesAreOneLine(t *testing.T) {
	dir := copyFixtures(t)
	for _, c := range []struct {
		set  func(*export.ExportRequest)
		want string
	}{
		{func(r *export.ExportRequest) {
			r.PRLink = "https://github.com/SemiAnalysisAI/InferenceX/pull/1\n- config-keys: [\"*\"]"
		}, `--pr-link: a line break (\n) at character 52; a link is one line`},
		{func(r *export.ExportRequest) { r.Image = "img:1\x1b[2J" }, `--image: a control character (\x1b) at character 6; an image name is one line of text`},
		{func(r *export.ExportRequest) { r.ConfigKeys = []string{"ok", "a\rb"} }, `--config-keys: a line break (\r) at character 2 of "a\rb"; a config key is one line of text`},
	} {
		req := retuneRequest(t, dir)
		c.set(&req)
		_, err := export.BuildExport(req)
		if err == nil || err.Error() != c.want {
			t.Errorf("err %v\nwant %s", err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "entries, want") {
			t.Error("the old refusal")
		}
	}
}
