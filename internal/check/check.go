// Package check holds assertions the tests of every package share; it
// imports nothing of the project, so any package's own tests can use it.
package check

import (
	"encoding/csv"
	"strings"
	"testing"
)

// Contains reports each of wants that text lacks, naming what text is.
func Contains(t testing.TB, what, text string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("%s lacks %q:\n%s", what, want, text)
		}
	}
}

// CSV reads text as CSV rows, failing the test when it is not CSV.
func CSV(t testing.TB, text string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, text)
	}
	return rows
}
