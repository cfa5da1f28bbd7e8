package cli

import (
	"strings"
	"testing"
)

// A 1 MB label made the CLI print a 3,000,164-character line (the label,
// its ID and more). Text output carries labels and IDs capped; --json and
// --csv keep the whole label.
func TestLongLabelIsCappedInText(t *testing.T) {
	label := strings.Repeat("A", 1_000_000)
	path := fixtureFile(t, "long.csv", "label,source,model,hardware,framework,precision,scenario,tput-per-gpu,mean-intvty\n"+
		label+",competitor,deepseek-ai/DeepSeek-V4.1-Flash,gb300,dynamo-sglang,fp4,agentic-coding,1011514,75.5\n")
	for _, args := range [][]string{{"report"}, {"review", "--remove", "nosuch"}, {"compare"}, {"history"}} {
		out, stderr, _ := runCmd(t, append(args, path)...)
		for _, l := range strings.Split(out+stderr, "\n") {
			if len(l) > 2000 {
				t.Errorf("%v prints a line of %d characters", args, len(l))
				break
			}
		}
	}
	for _, flag := range []string{"--json", "--csv"} { // data, not a screen
		if out, _, _ := runCmd(t, "report", flag, path); !strings.Contains(out, label) {
			t.Errorf("%s lost the whole label", flag)
		}
	}
}
