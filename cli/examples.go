package cli

// Each command's Example lines, by command path below sweeptune: real
// command lines, runnable from the repository root on the embedded demo or
// on testdata/ (examples_test.go runs every one and checks its exit code).

const fitDemo = "3p1d-dep2-dep16-b24-c1228@2026-10-29,5p1d-dep2-dep16-b40-c2884,9p1d-dep2-dep16-b192-c7480"

var examples = map[string]string{
	"sweeptune": `  sweeptune                                   # the workbench on a terminal, the report in a pipe
  sweeptune --x p90-intvty                    # either, on the dashboard's x axis
  sweeptune testdata/apirows/multi-curve.json --json`,
	"report": `  sweeptune report --x mean-intvty            # tables + plots; frontier and hull vertices marked
  sweeptune report --y cost-per-mtok --gpu-cost gb300=3.6
  sweeptune report --csv --x mean-intvty testdata/apirows/multi-curve.json
  sweeptune report testdata/apirows/multi-curve.json --as-of 2025-12-31 --json`,
	"review": `  sweeptune review --as-of 2026-11-05 --remove agg-tep2-c16,8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480
                                              # the PR's 243,084.79, 853,132.41, 1,100,893.85: covered, exit 0
  sweeptune review --remove 8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480   # the curve now; left-out points say why
  sweeptune review --remove 8p1d-dep2-dep16-c4096 --json`,
	"compare": `  sweeptune compare                           # 9P BS192 +11.05 %, 7P c5540 +5.00 % over vLLM at p90
  sweeptune compare --y cost-per-mtok --gpu-cost gb300=3.6 --json
  sweeptune compare --other sglang --x mean-intvty testdata/apirows/multi-curve.json`,
	"history": `  sweeptune history testdata/apirows/multi-curve.json
  sweeptune history --from 2025-10-06 --to 2026-02-27 --curve sglang testdata/apirows/multi-curve.json`,
	"plan": `  sweeptune plan --fit ` + fitDemo + ` \
      --prefill-workers 7 --decode-bs 96 --concurrency 5540      # cap binds; recommended BS 96–112 (τP unknown)
  sweeptune plan --fit ` + fitDemo + ` --backtest
  sweeptune plan --fit ` + fitDemo + ` --design --max-gpus 48 --bands 4 --json
  sweeptune plan --fit 3p1d-dep2-dep16-b24-c1228@2026-10-29,8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480 \
      --prefill-workers 7 --decode-bs 96 --concurrency 5540 --record   # kept in the default ledger`,
	"scorecard": `  sweeptune scorecard                         # the default ledger against the demo's runs
  sweeptune scorecard --json
  sweeptune scorecard --ledger ledger.jsonl testdata/results/agentx-agg-7p-c5540.json   # a project ledger, a run`,
	"export": `  sweeptune export --add 3p1d-dep2-dep16-b18-c700,7p1d-dep2-dep16-b96-c5540,9p1d-dep2-dep16-b192-c7480 \
      --remove 8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480 \
      --recipe testdata/export/disagg-dep16-hicache-variants.yaml \
      --master testdata/export/nvidia-master.excerpt.yaml \
      --config-key dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache \
      --changelog testdata/export/perf-changelog.excerpt.yaml \
      --accept-coverage-loss   # the disagg key's sweep drops the published agg points: accepted; a diff per file
  sweeptune export --as-of 2026-11-05 --add 3p1d-dep2-dep16-b18-c700,7p1d-dep2-dep16-b96-c5540,9p1d-dep2-dep16-b192-c7480 \
      --remove agg-tep2-c16,8p1d-dep2-dep16-c4096,9p1d-dep2-dep16-b160-c7480 \
      --recipe testdata/export/agg-variants.yaml --recipe testdata/export/disagg-dep16-hicache-variants.yaml \
      --master testdata/export/nvidia-master.excerpt.yaml \
      --config-key dsv41flash-fp4-gb300-dynamo-sglang-agentic-agg,dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache \
      --changelog testdata/export/perf-changelog.excerpt.yaml \
      --image lmsysorg/sglang:nightly-dev-cu13-20261030-302b78cc --router-version 1.7.0.dev20261029 \
      --pr-body -                                 # the PR's whole change: its body, in a dry run
  sweeptune export --add 7p1d-dep2-dep16-b96-c5540 \
      --recipe testdata/export/disagg-dep16-hicache-variants.yaml --json   # the plan as JSON`,
	"select": `  sweeptune select --margin 2 testdata/select/margin   # c700 replaces agg TP2/EP2 c16; c800, c900 inside noise
  sweeptune select --as-of 2026-11-05 \
      --recipe testdata/export/agg-variants.yaml --recipe testdata/export/disagg-dep16-hicache-variants.yaml \
      --master testdata/export/nvidia-master.excerpt.yaml \
      --config-key dsv41flash-fp4-gb300-dynamo-sglang-agentic-agg,dsv41flash-fp4-gb300-dynamo-sglang-agentic-dspark-disagg-hicache
                                                       # the PR's choice against its target: new / replaces / kept
  sweeptune select --max-gpus 34 --edges 90,140,195,225,300   # runs proposed for the empty band and the short runs
  sweeptune select --x mean-intvty --edges 100,200,300,550 --json`,
	"audit": `  sweeptune audit                                      # the demo's curve: its value, why, and the first select to run
  sweeptune audit --changelog testdata/export/perf-changelog.excerpt.yaml
                                                       # and whether the changelog's end takes an appended entry
  sweeptune audit --baseline 2025-12-31 testdata/apirows/multi-curve.json
                                                       # a new image's re-runs: improved +13.3 %; the step law's β fell 11.8 %
  sweeptune audit --json --top 0 testdata/apirows/     # every curve, ranked`,
	"recipes": `  sweeptune recipes testdata/shapes/recipes/s1-bundle.yaml testdata/shapes/recipes/s1-sweep.yaml
  sweeptune recipes --json testdata/shapes/recipes/s2-nested.yaml`,
	"tui": `  sweeptune tui
  sweeptune tui --x p90-intvty --y tput-per-mw   # start there, not at the session's view
  sweeptune tui --watch testdata/apirows/        # re-read the directory as runs land`,
	"version": `  sweeptune version
  sweeptune version --json
  sweeptune --version`,
	"paths": `  sweeptune paths
  sweeptune paths --json
  sweeptune paths testdata/apirows/multi-curve.json   # that input's session file`,
	"man": `  sweeptune man | man -l -
  sweeptune man --dir /tmp/sweeptune-man`,
	"completion": `  sweeptune completion bash > ~/.local/share/bash-completion/completions/sweeptune
  sweeptune completion zsh > "${fpath[1]}/_sweeptune"
  sweeptune completion fish > ~/.config/fish/completions/sweeptune.fish`,
	"completion bash": `  source <(sweeptune completion bash)             # this shell only
  sweeptune completion bash > ~/.local/share/bash-completion/completions/sweeptune`,
	"completion zsh":        `  sweeptune completion zsh > "${fpath[1]}/_sweeptune"`,
	"completion fish":       `  sweeptune completion fish > ~/.config/fish/completions/sweeptune.fish`,
	"completion powershell": `  sweeptune completion powershell | Out-String | Invoke-Expression`,
	"help": `  sweeptune help report
  sweeptune help`,
}
