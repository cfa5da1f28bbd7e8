package srt

import (
	"bytes"
	"context"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sweeptune/sweeptune/model"
)

// perf-changelog.yaml entries carry no date: InferenceX runs a sweep when
// the PR that appends an entry merges. An entry's date is the day of the
// first commit that added its pr-link line, which git log gives when the
// file lies in a checkout; later commits that reformat the file (and so
// own its lines in git blame) do not move it.

// DatedEntry is a changelog entry and the day it entered the file ("" when
// unknown: not in a git checkout, or not committed).
type DatedEntry struct {
	ChangelogEntry
	Date string
}

// ChangelogFile is a changelog read during a load, kept for the history view.
type ChangelogFile struct {
	Path    string
	Entries []ChangelogEntry
}

// gitLogTimeout bounds the git call: a history view must not hang.
const gitLogTimeout = 20 * time.Second

// DateChangelog dates each entry by the first commit that added its
// pr-link. Without git or a checkout every date is "".
func DateChangelog(path string, entries []ChangelogEntry) []DatedEntry {
	out := make([]DatedEntry, len(entries))
	days := firstSeen(path)
	for i, e := range entries {
		out[i] = DatedEntry{ChangelogEntry: e, Date: days[linkKey(e.PRLink)]}
	}
	return out
}

// linkKey identifies a PR link by its number ("pull/204"), so a link
// rewritten when the repository was renamed is still the same entry.
func linkKey(link string) string {
	link = strings.Trim(strings.TrimSpace(link), `"'`)
	if i := strings.LastIndex(link, "/pull/"); i >= 0 {
		return link[i+1:]
	}
	return link
}

// firstSeen maps each pr-link to the UTC day of the first commit that added
// a line naming it; nil when git cannot tell.
func firstSeen(path string) map[string]string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), gitLogTimeout)
	defer cancel()
	// --no-textconv and --no-ext-diff keep the diff git's own; gitCommand
	// turns off every other helper the checkout could configure.
	cmd := gitCommand(ctx, filepath.Dir(abs), "log", "--reverse", "--format=commit %ct",
		"-p", "--unified=0", "--no-color", "--no-ext-diff", "--no-textconv", "--", filepath.Base(abs))
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	return parseLogLinks(out)
}

// parseLogLinks reads git log -p output oldest first: "commit <unix time>"
// lines, then added lines ("+…") of the diff.
func parseLogLinks(out []byte) map[string]string {
	days := map[string]string{}
	day := ""
	// The output is in memory: lines are cut from it, of any length (a
	// scanner's bound stopped at a 20 MB line, leaving every later entry
	// undated).
	for len(out) > 0 {
		line := out
		if i := bytes.IndexByte(out, '\n'); i >= 0 {
			line, out = out[:i], out[i+1:]
		} else {
			out = nil
		}
		switch {
		case bytes.HasPrefix(line, []byte("commit ")):
			day = ""
			if sec, err := strconv.ParseInt(string(line[len("commit "):]), 10, 64); err == nil {
				day = time.Unix(sec, 0).UTC().Format("2006-01-02")
			}
		case bytes.HasPrefix(line, []byte("+")) && !bytes.HasPrefix(line, []byte("+++")):
			_, rest, ok := bytes.Cut(line, []byte("pr-link:"))
			if !ok || day == "" {
				continue
			}
			link := string(rest[:min(len(rest), 4096)]) // a link is short; a long line is not one
			if i := strings.Index(link, " #"); i >= 0 {
				link = link[:i] // a trailing comment
			}
			link = linkKey(link)
			if _, seen := days[link]; link != "" && !seen {
				days[link] = day
			}
		}
	}
	return days
}

// Mentions reports whether an entry's config keys name the curve. A config
// key is <model>-<precision>-<hardware>-<framework>[-mtp][-…] (dsr1-fp4-b200-sglang,
// dsr1-fp8-mi355x-sglang-disagg-mtp) or a glob of one (dsr1*, *gb200-dynamo-sglang).
// A curve whose model is a full name (org/Model) cannot be told from the
// keys' short model names: its hardware, precision and framework decide.
func (e ChangelogEntry) Mentions(k model.CurveKey) bool { return len(e.KeysNaming(k)) > 0 }

// KeysNaming are the entry's config keys that name the curve (see Mentions).
func (e ChangelogEntry) KeysNaming(k model.CurveKey) []string {
	var out []string
	for _, key := range e.ConfigKeys {
		if keyNames(strings.ToLower(strings.TrimSpace(key)), k) {
			out = append(out, key)
		}
	}
	return out
}

func keyNames(key string, k model.CurveKey) bool {
	hw, prec, fw := model.HardwareBase(k.Hardware), strings.ToLower(k.Precision), strings.ToLower(k.Framework)
	mdl := strings.ToLower(k.Model)
	short := mdl != "" && !strings.Contains(mdl, "/")
	mtp := strings.EqualFold(k.Spec, "mtp")
	if key == "*" {
		return true
	}
	if short {
		cand := mdl + "-" + prec + "-" + hw + "-" + fw
		if strings.ContainsAny(key, "*?[") {
			for _, c := range []string{cand, cand + "-mtp"} {
				if ok, _ := path.Match(key, c); ok && strings.HasSuffix(c, "-mtp") == mtp {
					return true
				}
			}
			return false
		}
		return (key == cand || strings.HasPrefix(key, cand+"-")) && hasWord(key, "mtp") == mtp
	}
	return hw != "" && prec != "" && fw != "" && hasWord(key, hw) && hasWord(key, prec) && strings.Contains(key, fw)
}

// hasWord reports a "-"-separated word of key (a "*" matches any).
func hasWord(key, w string) bool {
	for _, x := range strings.Split(key, "-") {
		if x == w || x == "*" {
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
