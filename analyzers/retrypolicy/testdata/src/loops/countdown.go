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

// A bound computed as retries-1 from an unsigned setting: 0 wraps it.
type retryConfig struct {
	MaxAttempts uint
}

func wrapsAround(c *http.Client, u string, cfg *retryConfig) (*http.Response, error) {
	var err error
	for i := uint(0); i <= cfg.MaxAttempts-1; i++ {
		var resp *http.Response
		resp, err = c.Get(u) // want `this loop's only bound is cfg.MaxAttempts-1, and cfg.MaxAttempts is unsigned and never checked: when it is 0 the bound wraps`
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

func wrapsCountDown(c *http.Client, u string, attempts uint32) (*http.Response, error) {
	var err error
	for n := attempts - 1; n > 0; n-- {
		var resp *http.Response
		resp, err = c.Get(u) // want `this loop's only bound is attempts-1, and attempts is unsigned and never checked`
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// The setting is checked first: no wrap.
func wrapChecked(c *http.Client, u string, cfg *retryConfig) (*http.Response, error) {
	if cfg.MaxAttempts == 0 {
		return nil, nil
	}
	var err error
	for i := uint(0); i <= cfg.MaxAttempts-1; i++ {
		var resp *http.Response
		resp, err = c.Get(u)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// A signed setting does not wrap: retries-1 of 0 is -1, and the loop
// ends.
func signedMinusOne(c *http.Client, u string, retries int) (*http.Response, error) {
	var err error
	for i := 0; i <= retries-1; i++ {
		var resp *http.Response
		resp, err = c.Get(u)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}
