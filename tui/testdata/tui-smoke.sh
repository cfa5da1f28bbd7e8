#!/usr/bin/env bash
# tui-smoke.sh: run the real sweeptune binary in a real terminal (tmux),
# send keys, and check what the screen shows. Exits non-zero on failure;
# skips (exit 0) with a message when tmux is not installed.
set -euo pipefail

if ! command -v tmux >/dev/null 2>&1; then
	echo "tui-smoke: tmux not found, skipping"
	exit 0
fi

root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
sess="sweeptune-smoke-$$"
cleanup() {
	tmux kill-session -t "$sess" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

(cd "$root" && go build -o "$tmp/sweeptune" .)
cp "$root"/testdata/export/*.yaml "$tmp/"

screen() { tmux capture-pane -p -t "$sess"; }

fail() {
	echo "tui-smoke: FAIL: $*" >&2
	echo "---- screen ----" >&2
	screen >&2 || true
	exit 1
}

# expect TEXT: wait up to 10 s for TEXT on the screen.
expect() {
	for _ in $(seq 1 100); do
		if screen 2>/dev/null | grep -qF -- "$1"; then
			return 0
		fi
		sleep 0.1
	done
	fail "expected to see: $1"
}

# keys K...: send keys one at a time, as a person types.
keys() {
	for k in "$@"; do
		tmux send-keys -t "$sess" -- "$k"
		sleep 0.05
	done
}

tmux new-session -d -s "$sess" -x 140 -y 45 \
	"cd '$tmp' && XDG_STATE_HOME='$tmp/state' NO_COLOR= ./sweeptune tui --theme dark \
	--recipe disagg-dep16-hicache-variants.yaml --master nvidia-master.excerpt.yaml \
	--changelog perf-changelog.excerpt.yaml \
	--config-key dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache; sleep 30"

expect "loaded 21 points"
expect "1 curve"
expect "5 export"

# Keys that arrive together (one write, as over ssh or with key repeat)
# are each handled: jjj moves the table cursor three rows, kkk back.
keys 2
tmux send-keys -t "$sess" jjj
expect "›  7p1d-dep2-dep16-b96"
tmux send-keys -t "$sess" kkk
expect "›  9p1d-dep2-dep16-b192"

# Mark 8P c4096 in the points table; the review covers it.
keys / c 4 0 9 6 Enter m
expect "1 marked"
expect "× 8p1d-dep2-dep16-c4096  ✓ covered"

# Plan 7P BS96 c5540 from the local 5P run; the export previews it.
keys Escape / b 4 0 - c 2 8 8 4 Enter 3 s
expect "planner seeded from 5p1d-dep2-dep16-b40-c2884"
keys Enter 7 Enter Down Enter 9 6 Enter Down Enter 5 5 4 0 Enter
expect "7P BS96 c5540 · 7p1d-dep2-dep16-b96-c5540"
keys a
expect "measured already: added 7p1d-dep2-dep16-b96-c5540 to the export as measured"
# z zooms the focused pane to the whole screen, z again restores it.
keys 5 z
expect "5 export · zoomed (z restores)"
expect "override_7p1d_dep2_dep16_b96_c5540:"
keys z
expect "┏━ 5 export ━"

# Full help: the keys of all five panes, the focused one first; and back.
keys '?'
expect "export pane (5) · focused"
for p in "curve pane (1)" "points pane (2)" "planner pane (3)" "review pane (4)" "set targets" "zoom pane"; do
	expect "$p"
done
keys Escape


# A small terminal gets the too-small screen, a narrow one tabs.
tmux resize-window -t "$sess" -x 50 -y 14
expect "terminal too small"
tmux resize-window -t "$sess" -x 100 -y 30
expect "[5 export]"
tmux resize-window -t "$sess" -x 140 -y 45
expect "┏━ 5 export"

# q asks (unexported work), y quits and the session is saved.
keys q
expect "Quit? y/n"
keys y
for _ in $(seq 1 50); do
	if ls "$tmp"/state/sweeptune/session-*.json >/dev/null 2>&1; then
		break
	fi
	sleep 0.1
done
ls "$tmp"/state/sweeptune/session-*.json >/dev/null 2>&1 || fail "no session file after quitting"
grep -q '8p1d-dep2-dep16-c4096' "$tmp"/state/sweeptune/session-*.json || fail "the session lacks the mark"
if screen | grep -qF "Quit? y/n"; then
	fail "still running after y"
fi

# A --recipe that is not there is reported within a second of start.
tmux kill-session -t "$sess" 2>/dev/null || true
tmux new-session -d -s "$sess" -x 140 -y 45 \
	"cd '$tmp' && XDG_STATE_HOME='$tmp/state2' ./sweeptune tui --theme dark --recipe no-such-recipe.yaml; sleep 30"
seen=""
for _ in $(seq 1 10); do
	if screen 2>/dev/null | grep -qF -- "--recipe no-such-recipe.yaml: there is no such file"; then
		seen=1
		break
	fi
	sleep 0.1
done
[ -n "$seen" ] || fail "a missing --recipe was not reported within a second"
keys q

# Many curves: five curves of published API rows, one configuration run
# on two dates. A changelog in a git checkout dates its entries.
tmux kill-session -t "$sess" 2>/dev/null || true
cp "$root"/testdata/apirows/multi-curve.json "$tmp/"
logarg=""
if command -v git >/dev/null 2>&1; then
	mkdir -p "$tmp/log"
	cat >"$tmp/log/perf-changelog.yaml" <<'YAML'
- config-keys:
    - dsr1-fp4-mi355x-sglang
  description:
    - "Bump the MI355X SGLang image"
  pr-link: https://github.com/SemiAnalysisAI/InferenceX/pull/4242
YAML
	(cd "$tmp/log" && git init -q && git add . &&
		GIT_AUTHOR_DATE=2026-01-20T12:00:00Z GIT_COMMITTER_DATE=2026-01-20T12:00:00Z \
			git -c user.name=t -c user.email=t@t commit -qm log) && logarg="log/perf-changelog.yaml"
fi
tmux new-session -d -s "$sess" -x 160 -y 48 \
	"cd '$tmp' && XDG_STATE_HOME='$tmp/state3' XDG_CONFIG_HOME='$tmp/config' ./sweeptune tui --theme dark --out view multi-curve.json $logarg; sleep 60"
expect "loaded 26 points"
expect "1 curve: dsr1 · 1k1k · mi355x · sglang · fp4 · none"
# IDs are dated where a configuration ran twice; the latest run is shown.
expect "agg-tp4-c8@2026-02-27"
keys ']'
expect "curve 5 of 5: dsr1 · 8k1k · mi355x · sglang · fp4 · none · 4 points"
# The picker filters; enter shows the curve.
keys c t r t
expect "1 of 5"
keys Enter
expect "1 curve: dsr1 · 1k1k · b200 · trt · fp4 · mtp"
# Overlay the B200 SGLang curve: its own glyph in the legend; % its gains.
keys o Up Tab Enter
expect "1 overlaid: sglang · none"
expect "▲ sglang · none"
keys %
expect "gain vs sglang · none at the same x"
# y cycles the metric; the caption names it.
keys y
expect "y: output-tput-per-gpu (tok/s/GPU)"
keys y y
expect "y: tput-per-mw (tok/s/MW)"
keys Y Y Y
expect "y: tput-per-gpu (tok/s/GPU)"
# As of a date: the first runs, told apart by date.
keys c m i 3 5 5 x Space 1 k 1 k Enter
expect "1 curve: dsr1 · 1k1k · mi355x · sglang · fp4 · none"
keys @ Down Down Enter
expect "· as of 2025-10-06"
expect "agg-tp4-c8@2025-10-06"
keys @ l a t e s t Enter
expect "as of: latest run of each configuration"
# Compare two dates: how the frontier moved, the changelog between them.
keys H Enter Enter
expect "re-run of agg-tp4-c64@2025-10-06"
if [ -n "$logarg" ]; then
	expect "2026-01-20  PR #4242  Bump the MI355X SGLang image"
fi
keys Escape
sleep 0.3
# e writes the view: the table as CSV, the plot as text.
keys e
expect "wrote view/sweeptune-dsr1-1k1k-mi355x-sglang-fp4-none-tput-per-gpu.csv"
head -1 "$tmp"/view/*.csv | grep -qF "curve,id,label,source,date,gpus,concurrency,mean-intvty,tput-per-gpu,status" || fail "the CSV has no header"
grep -qF "agg-tp4-c64@2026-02-27" "$tmp"/view/*.csv || fail "the CSV lacks the shown curve's points"
grep -qF "x: mean-intvty" "$tmp"/view/*.txt || fail "the text plot has no caption"
keys q

echo "tui-smoke: ok"
