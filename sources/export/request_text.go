package export

import (
	"fmt"
	"strconv"
	"unicode"

	"github.com/sweeptune/sweeptune/sources/srt"
)

// The request's one-line values (the PR link, the image, the config keys)
// are written into YAML files as they are: a line break in one would write
// a second line (a forged entry), a control character would reach the
// file and every terminal that shows it. They are checked before anything
// is planned, and the refusal names the flag and the character.

// checkRequestText refuses a one-line value holding a line break or
// another control character.
func checkRequestText(req ExportRequest) error {
	if err := oneLine("--pr-link", "a link is one line", req.PRLink, false); err != nil {
		return err
	}
	if err := oneLine("--image", "an image name is one line of text", req.Image, false); err != nil {
		return err
	}
	if req.RouterVersion != "" && !srt.VersionShaped(req.RouterVersion) {
		return fmt.Errorf("--router-version %s: not a version (like 0.8.1 or v1.2.0-rc1)", strconv.Quote(req.RouterVersion))
	}
	for _, k := range req.ConfigKeys {
		if err := oneLine("--config-keys", "a config key is one line of text", k, true); err != nil {
			return err
		}
	}
	return nil
}

func oneLine(flag, rule, v string, quote bool) error {
	n := 0
	for _, r := range v {
		n++
		if !unicode.IsControl(r) && r != '\u2028' && r != '\u2029' {
			continue
		}
		what := "a control character"
		if r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029' {
			what = "a line break"
		}
		of := ""
		if quote {
			of = " of " + strconv.Quote(v)
		}
		return fmt.Errorf("%s: %s (%s) at character %d%s; %s", flag, what, escRune(r), n, of, rule)
	}
	return nil
}

// escRune shows a character as Go writes it in a string: \n, \x1b, \u2028.
func escRune(r rune) string {
	q := strconv.QuoteRune(r)
	return q[1 : len(q)-1]
}
