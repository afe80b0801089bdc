package testfiles

import (
	"net/http"
	"testing"
)

// A production file that keeps its test helper beside the code it tests
// (thanos' objstore providers): it imports testing, but NewBucket is the
// package's API and is reported; NewTestBucket, which takes a
// testing.TB, is test code.

var bucketClient = &http.Client{} // want `http.Client has no Timeout`

func NewBucket(u string) error {
	resp, err := bucketClient.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func NewTestBucket(t testing.TB, u string) {
	if _, err := (&http.Client{}).Get(u); err != nil {
		t.Fatal(err)
	}
}

// fakeStore is a test server that fails the test it holds: its methods
// are test code too.
type fakeStore struct{ t *testing.T }

func (f *fakeStore) Get(u string) {
	if _, err := (&http.Client{}).Get(u); err != nil {
		f.t.Fatal(err)
	}
}
