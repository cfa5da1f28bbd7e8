//go:build !unix

package tui

import "time"

// processCPU is unknown here: the --debug log's phases show 0.
func processCPU() time.Duration { return 0 }

// processFaults is unknown here: the --debug log shows 0.
func processFaults() int64 { return 0 }
