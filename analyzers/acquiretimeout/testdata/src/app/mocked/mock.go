package mocked

import "github.com/stretchr/testify/mock"

// MockFetcher is a mock of the client for its users' tests.
type MockFetcher struct{ mock.Mock }

// Fetch records the call.
func (m *MockFetcher) Fetch(u string) error {
	m.Called(u)
	return nil
}
