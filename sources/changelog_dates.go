package sources

import (
	"bufio"
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sweeptune/sweeptune/model"
)

// perf-changelog.yaml entries carry no date: InferenceX runs a sweep when
// the PR that appends an entry merges. The date an entry entered the file
// is its commit's, which git blame gives when the file lies in a checkout.

// DatedEntry is a changelog entry and the day its lines were committed
// ("" when unknown: not in a git checkout, or uncommitted).
type DatedEntry struct {
	ChangelogEntry
	Date string
}

// ChangelogFile is a changelog read during a load, kept for the history view.
type ChangelogFile struct {
	Path    string
	Entries []ChangelogEntry
}

// gitBlameTimeout bounds the git call: a history view must not hang.
const gitBlameTimeout = 10 * time.Second

// DateChangelog dates each entry by git blame of its first line (the
// "- config-keys:" line). Without git or a checkout every date is "".
func DateChangelog(path string, entries []ChangelogEntry) []DatedEntry {
	out := make([]DatedEntry, len(entries))
	for i, e := range entries {
		out[i].ChangelogEntry = e
	}
	days := blameDays(path)
	for i := range out {
		out[i].Date = days[out[i].Line]
	}
	return out
}

// blameDays maps line numbers to the UTC day of the commit that last
// touched them; nil when git cannot tell.
func blameDays(path string) map[int]string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), gitBlameTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", "-C", filepath.Dir(abs), "blame", "--porcelain", "--", filepath.Base(abs))
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	return parseBlame(out)
}

// parseBlame reads git blame --porcelain: a header "<sha> <orig> <final>
// [<n>]" per line, the commit's fields the first time a commit appears,
// then the line itself after a tab.
func parseBlame(out []byte) map[int]string {
	days := map[int]string{}
	commitDay := map[string]string{}
	var sha string
	var final int
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "\t"):
			days[final] = commitDay[sha]
		case strings.HasPrefix(line, "committer-time "):
			if sec, err := strconv.ParseInt(strings.TrimPrefix(line, "committer-time "), 10, 64); err == nil {
				commitDay[sha] = time.Unix(sec, 0).UTC().Format("2006-01-02")
			}
		default:
			f := strings.Fields(line)
			if len(f) >= 3 && len(f[0]) >= 40 && isHex(f[0]) {
				sha = f[0]
				final, _ = strconv.Atoi(f[2])
			}
		}
	}
	// The all-zero commit is "not committed yet": no date.
	for l, d := range days {
		if d == "" {
			delete(days, l)
		}
	}
	return days
}

func isHex(s string) bool {
	for _, r := range s {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return false
		}
	}
	return true
}

// Mentions reports whether an entry's config keys name the curve: a key
// "*", or one that holds the curve's hardware and precision as words and
// its framework (dsr1-fp4-mi355x-sglang for … · mi355x · sglang · fp4).
// Config keys abbreviate models, so the model is not matched.
func (e ChangelogEntry) Mentions(k model.CurveKey) bool {
	hw, prec, fw := model.HardwareBase(k.Hardware), strings.ToLower(k.Precision), strings.ToLower(k.Framework)
	for _, key := range e.ConfigKeys {
		key = strings.ToLower(key)
		if key == "*" {
			return true
		}
		words := strings.Split(key, "-")
		has := func(w string) bool {
			for _, x := range words {
				if x == w || x == "*" {
					return true
				}
			}
			return false
		}
		if hw != "" && prec != "" && fw != "" && has(hw) && has(prec) && strings.Contains(key, fw) {
			return true
		}
	}
	return false
}

// EntriesBetween are the dated entries committed after from and on or
// before to, in file order; undated counts the entries without a date.
func EntriesBetween(entries []DatedEntry, from, to string) (between []DatedEntry, undated int) {
	for _, e := range entries {
		switch {
		case e.Date == "":
			undated++
		case e.Date > from && e.Date <= to:
			between = append(between, e)
		}
	}
	return between, undated
}
