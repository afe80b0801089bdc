package loops

import (
	"net/http"
	"time"
)

// countDown's only bound is remaining == 0: a negative retries setting
// counts down past 0 and retries forever.
func countDown(c *http.Client, u string, retries int) (*http.Response, error) {
	remaining := retries
	for {
		resp, err := c.Get(u) // want `this loop's only bound is a counter that starts at retries and must reach 0 exactly`
		if err == nil {
			return resp, nil
		}
		if remaining == 0 {
			return nil, err
		}
		remaining--
		time.Sleep(time.Second)
	}
}

// countDownChecked clamps the setting first.
func countDownChecked(c *http.Client, u string, retries int) (*http.Response, error) {
	if retries < 0 {
		retries = 0
	}
	remaining := retries
	for {
		resp, err := c.Get(u)
		if err == nil {
			return resp, nil
		}
		if remaining == 0 {
			return nil, err
		}
		remaining--
		time.Sleep(time.Second)
	}
}

// countDownLessEq stops at or below zero.
func countDownLessEq(c *http.Client, u string, retries int) (*http.Response, error) {
	for remaining := retries; ; remaining-- {
		resp, err := c.Get(u)
		if err == nil {
			return resp, nil
		}
		if remaining <= 0 {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}
