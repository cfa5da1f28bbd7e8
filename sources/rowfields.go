package sources

import "unsafe"

// rowFieldKind is how the value of a row's known key is read.
type rowFieldKind uint8

const (
	notAField  rowFieldKind = iota // metrics: an object, read member by member
	strField                       // a string or null
	boolField                      // true, false (or their strings) or null
	countField                     // a whole number or null
	gpusField                      // a GPU count: a whole number, never 0, or null
)

// rowFieldOf is, per known key (apiKeys), how its value is read and where
// in a resultRow it goes: the one spelling of the rows' fields, which the
// general decoder (topField) and the API rows' fast path (fastField) both
// read. TestRowFieldsAreTheirFields checks every kind against the Go type
// at its offset.
var rowFieldOf = [numAPIKeys]struct {
	kind rowFieldKind
	off  uintptr
}{
	kModel:        {strField, unsafe.Offsetof(resultRow{}.model)},
	kPrefix:       {strField, unsafe.Offsetof(resultRow{}.prefix)},
	kHardware:     {strField, unsafe.Offsetof(resultRow{}.hw)},
	kHW:           {strField, unsafe.Offsetof(resultRow{}.hw)},
	kFramework:    {strField, unsafe.Offsetof(resultRow{}.framework)},
	kPrecision:    {strField, unsafe.Offsetof(resultRow{}.precision)},
	kSpecMethod:   {strField, unsafe.Offsetof(resultRow{}.spec)},
	kSpecDecoding: {strField, unsafe.Offsetof(resultRow{}.spec)},
	kScenarioType: {strField, unsafe.Offsetof(resultRow{}.scenario)},
	kScenario:     {strField, unsafe.Offsetof(resultRow{}.scenario)},
	kImage:        {strField, unsafe.Offsetof(resultRow{}.image)},
	kDate:         {strField, unsafe.Offsetof(resultRow{}.date)},
	kRunURL:       {strField, unsafe.Offsetof(resultRow{}.runURL)},
	kDisagg:       {boolField, unsafe.Offsetof(resultRow{}.disagg)},
	kISL:          {countField, unsafe.Offsetof(resultRow{}.isl)},
	kOSL:          {countField, unsafe.Offsetof(resultRow{}.osl)},
	kConc:         {countField, unsafe.Offsetof(resultRow{}.conc)},
	kTP:           {countField, unsafe.Offsetof(resultRow{}.tp)},
	kEP:           {countField, unsafe.Offsetof(resultRow{}.ep)},
	kNumGPUs:      {gpusField, unsafe.Offsetof(resultRow{}.numGPUs)},
	kDPAttn:       {boolField, unsafe.Offsetof(resultRow{}.dpAttn)},
	kPreTP:        {countField, unsafe.Offsetof(resultRow{}.pre) + unsafe.Offsetof(rowRole{}.tp)},
	kPreEP:        {countField, unsafe.Offsetof(resultRow{}.pre) + unsafe.Offsetof(rowRole{}.ep)},
	kPreDPAttn:    {boolField, unsafe.Offsetof(resultRow{}.pre) + unsafe.Offsetof(rowRole{}.dpAttn)},
	kPreWorkers:   {countField, unsafe.Offsetof(resultRow{}.pre) + unsafe.Offsetof(rowRole{}.workers)},
	kDecTP:        {countField, unsafe.Offsetof(resultRow{}.dec) + unsafe.Offsetof(rowRole{}.tp)},
	kDecEP:        {countField, unsafe.Offsetof(resultRow{}.dec) + unsafe.Offsetof(rowRole{}.ep)},
	kDecDPAttn:    {boolField, unsafe.Offsetof(resultRow{}.dec) + unsafe.Offsetof(rowRole{}.dpAttn)},
	kDecWorkers:   {countField, unsafe.Offsetof(resultRow{}.dec) + unsafe.Offsetof(rowRole{}.workers)},
	kNumPreGPU:    {gpusField, unsafe.Offsetof(resultRow{}.numPreGPU)},
	kNumDecGPU:    {gpusField, unsafe.Offsetof(resultRow{}.numDecGPU)},
	kMetrics:      {notAField, 0},
}

// fieldAt is the field of r at off (an offset rowFieldOf gives).
func (r *resultRow) fieldAt(off uintptr) unsafe.Pointer { return unsafe.Add(unsafe.Pointer(r), off) }
