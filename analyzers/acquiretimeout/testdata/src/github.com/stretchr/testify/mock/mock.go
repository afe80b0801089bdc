// Package mock is a stand-in for testify's mock.
package mock

// Mock records calls.
type Mock struct{}

// Called records a call.
func (m *Mock) Called(args ...any) {}
