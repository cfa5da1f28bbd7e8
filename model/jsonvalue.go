package model

// The conventions every --json shape follows: an absent number or string
// is null, never 0 or ""; an empty list is [], never null.

// OrNull is v as a JSON value: null when it is not known (!ok).
func OrNull(v float64, ok bool) *float64 {
	if !ok {
		return nil
	}
	return &v
}

// OrNullString is s as a JSON value: null when it is empty.
func OrNullString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// OrEmpty makes a nil list marshal as [].
func OrEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// fromNull reads back what OrNull wrote: the value, and false for null.
func fromNull(v *float64) (float64, bool) {
	if v == nil {
		return 0, false
	}
	return *v, true
}

// orNil reads back what OrEmpty wrote: an empty list is nil.
func orNil[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}
