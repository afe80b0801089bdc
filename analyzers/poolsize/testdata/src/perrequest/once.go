package perrequest

import (
	"net/http"
	"sync"
	"time"
)

// A probe that a package-level sync.Once runs, as compute/metadata's
// OnGCE runs testOnGCE: its goroutine's pool is built once per process.
var (
	probeOnce sync.Once
	onCloud   bool
)

func OnCloud() bool {
	probeOnce.Do(initProbe)
	return onCloud
}

func initProbe() { onCloud = probe("http://169.254.169.254") }

func probe(u string) bool {
	res := make(chan bool, 1)
	go func() {
		c := &http.Client{Transport: &http.Transport{}, Timeout: 2 * time.Second}
		resp, err := c.Get(u)
		if err != nil {
			res <- false
			return
		}
		resp.Body.Close()
		res <- resp.StatusCode == http.StatusOK
	}()
	return <-res
}

// The same probe without the Once: a pool per call of Probe.
func Probe(u string) bool {
	res := make(chan bool, 1)
	go func() {
		c := &http.Client{Transport: &http.Transport{}, Timeout: 2 * time.Second} // want `http.Transport creates a new pool per call of a closure in Probe`
		resp, err := c.Get(u)
		if err != nil {
			res <- false
			return
		}
		resp.Body.Close()
		res <- resp.StatusCode == http.StatusOK
	}()
	return <-res
}
