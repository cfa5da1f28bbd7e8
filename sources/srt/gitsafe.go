package srt

import (
	"context"
	"os"
	"os/exec"
	"strings"
)

// A checkout is data, not a program. Its .git/config and .gitattributes can
// name commands git runs while it shows a diff (diff.<driver>.textconv,
// diff.external, diff.<driver>.command), while it reads the work tree
// (core.fsmonitor), while it checks signatures (gpg.program) or fetches a
// missing object of a partial clone (core.sshCommand). Every git call of
// sweeptune goes through gitCommand, which turns all of them off and leaves
// the user's system and global configuration out as well.

// gitSafeConfig overrides, on the command line (which wins over every
// config file), each setting that could run a command.
var gitSafeConfig = []string{
	"core.fsmonitor=false",
	"core.hooksPath=/dev/null",
	"core.pager=cat",
	"core.attributesFile=/dev/null",
	"core.sshCommand=false",
	"diff.external=",
	"log.showSignature=false",
	"gpg.program=false",
	"protocol.allow=never",
	"color.ui=never",
}

// gitCommand is exec.CommandContext for git with the repository's helpers
// off (see gitSafeConfig); args follow the global options.
func gitCommand(ctx context.Context, dir string, args ...string) *exec.Cmd {
	full := []string{"-C", dir}
	for _, c := range gitSafeConfig {
		full = append(full, "-c", c)
	}
	cmd := exec.CommandContext(ctx, "git", append(full, args...)...)
	cmd.Env = gitEnv(os.Environ())
	return cmd
}

// gitEnv drops what could point git at another program or repository and
// adds what keeps system and global configuration and prompts out.
func gitEnv(env []string) []string {
	out := make([]string, 0, len(env)+8)
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		switch {
		case name == "GIT_EXTERNAL_DIFF", name == "GIT_PAGER", name == "PAGER",
			name == "GIT_DIR", name == "GIT_WORK_TREE", name == "GIT_SSH", name == "GIT_SSH_COMMAND",
			name == "GIT_ASKPASS", name == "SSH_ASKPASS", name == "GIT_EXEC_PATH",
			name == "GIT_CONFIG", name == "GIT_CONFIG_COUNT", strings.HasPrefix(name, "GIT_CONFIG_KEY_"),
			strings.HasPrefix(name, "GIT_CONFIG_VALUE_"), name == "GIT_CONFIG_PARAMETERS":
			continue
		}
		out = append(out, kv)
	}
	return append(out,
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_ATTR_NOSYSTEM=1",
		"GIT_TERMINAL_PROMPT=0",
		"GIT_NO_LAZY_FETCH=1",
		"GIT_OPTIONAL_LOCKS=0",
	)
}
