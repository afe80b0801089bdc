// Command retried builds a pool per call in operations that a retry
// library runs. client-go's retry.OnError with a constant Steps runs its
// operation at most that many times per call, as a bounded loop would:
// such an operation runs as often as the call of OnError does (contour's
// shutdown manager fails Envoy's health check at most four times, once
// per pod shutdown). With Steps unknown, or OnError called in a loop,
// the pools are per call.
package main

import (
	"context"
	"net"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
)

func main() {
	shutdown("/run/admin.sock")
	shutdownWith(retry.DefaultBackoff, "/run/admin.sock")
	for {
		drain("/run/admin.sock")
		time.Sleep(5 * time.Second)
	}
}

// shutdown runs once, from main, and its operation at most four times.
func shutdown(sock string) {
	_ = retry.OnError(wait.Backoff{Steps: 4, Duration: 200 * time.Millisecond, Factor: 5}, func(error) bool { return true }, func() error {
		return fail(sock)
	})
}

// shutdownWith runs its operation as many times as its caller's backoff
// says: not known here.
func shutdownWith(b wait.Backoff, sock string) {
	_ = retry.OnError(b, func(error) bool { return true }, func() error {
		return failAgain(sock)
	})
}

// drain runs on every tick of main's loop, its operation up to five
// times each.
func drain(sock string) {
	_ = retry.OnError(retry.DefaultRetry, func(error) bool { return true }, func() error {
		return poll(sock)
	})
}

func fail(sock string) error {
	c := http.Client{Transport: &http.Transport{DialContext: func(context.Context, string, string) (net.Conn, error) {
		return net.Dial("unix", sock)
	}}, Timeout: time.Second}
	resp, err := c.Post("http://envoy/healthcheck/fail", "", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func failAgain(sock string) error {
	c := http.Client{Transport: &http.Transport{}, Timeout: time.Second} // want `creates a new pool per call of failAgain`
	resp, err := c.Post("http://"+sock+"/healthcheck/fail", "", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func poll(sock string) error {
	c := http.Client{Transport: &http.Transport{}, Timeout: time.Second} // want `creates a new pool per call of poll`
	resp, err := c.Get("http://" + sock + "/stats")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
