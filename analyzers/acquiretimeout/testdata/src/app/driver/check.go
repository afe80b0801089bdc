// Package driver is an end-to-end test driver: this file checks the
// results with a test framework, so the whole package is test support.
package driver

import "github.com/stretchr/testify/require"

// Check fails t when the services did not answer.
func Check(t require.TestingT) {
	require.NoError(t, Query("http://query:16686/api/traces"))
}
