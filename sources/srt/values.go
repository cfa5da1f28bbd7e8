package srt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sweeptune/sweeptune/model"
)

// Values an export copies from data into a recipe or a master config are
// accepted only when they are what the field holds (docs/export.md,
// "Hostile input"): a balancing method from the engine's own list, a
// router version shaped like a version. Anything else (a line break, HTML,
// a command) is refused with the file and field it came from.

// BalanceMethods are the values sglang's --load-balance-method accepts
// (server_args.py's choices, old and new; the recipes of srt-slurm and
// InferenceX use round_robin, total_requests and total_tokens).
var BalanceMethods = []string{"auto", "round_robin", "shortest_queue", "minimum_tokens", "total_requests", "total_tokens", "follow_bootstrap_room"}

// knownBalance reports whether b is a balancing method ("" is unknown, not
// written).
func knownBalance(b string) bool { return b == "" || slices.Contains(BalanceMethods, b) }

// BalanceProblem is the refusal for a point whose balancing method is not
// a known one, "" when it is.
func BalanceProblem(p *model.Point) string {
	if knownBalance(p.Knobs.Balance) {
		return ""
	}
	from := p.Prov.File
	if p.Prov.Recipe != "" {
		from = strings.TrimPrefix(from+", ", ", ") + p.Prov.Recipe
	}
	if from == "" {
		from = "its source"
	}
	return fmt.Sprintf("%s: load-balance %s (from %s) is not a balancing method sglang knows (%s); not written",
		p.ID, QuoteDQ(CutText(p.Knobs.Balance, 60)), from, strings.Join(BalanceMethods, ", "))
}

// VersionShaped reports whether v reads as a version: an optional "v",
// numbers joined by dots (at least two), then optional parts of letters,
// digits, dots, "-", "+" or "_" (0.8.1, v1.2.0-rc1, 1.7.0.dev20261029,
// 0.9.0+cu128); at most 64 bytes.
func VersionShaped(v string) bool {
	if len(v) > 64 {
		return false
	}
	v = strings.TrimPrefix(v, "v")
	numbers := 0
	for {
		i := 0
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i++
		}
		if i == 0 {
			break
		}
		numbers++
		v = v[i:]
		if len(v) < 2 || v[0] != '.' || v[1] < '0' || v[1] > '9' {
			break
		}
		v = v[1:]
	}
	if numbers < 2 {
		return false
	}
	for _, r := range v {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '+' || r == '_') {
			return false
		}
	}
	return !strings.Contains(v, "..")
}

// CutText is s cut to n bytes on a character boundary.
func CutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xc0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
