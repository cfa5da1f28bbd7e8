// Package numbering holds the load's fast forms of model's naming and
// latest-run rules: the ID pass (AssignIDs, AssignIDsSharing), the
// latest-run search (LatestIndex, LatestIndexOf, LatestIndexFrom on the
// naming's facts), configurations numbered once for a view at any date
// (Configs) and the kept points grouped by curve in place
// (GroupKeptInPlace). Each gives what its rule in model gives (AssignIDs,
// LatestIndexRule, GroupCurvesInPlace), from integer keys, interned texts
// and radix numberings instead of maps of strings; the reference tests
// here hold each to its rule. The load chooses them (sources/load.go,
// sources/fastforms.go); model never imports this package
// (docs/codebase.md).
package numbering
