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
		resp, err := c.Get(u) // want `a negative retries never reaches this loop's only bound \(== 0\): it retries forever; test with <= instead of ==`
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
		resp, err = c.Get(u) // want `this loop's only bound, cfg.MaxAttempts-1, wraps to ~2\^64 when the unsigned cfg.MaxAttempts is 0; check it first`
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
		resp, err = c.Get(u) // want `this loop's only bound, attempts-1, wraps to ~2\^64 when the unsigned attempts is 0; check it first`
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

// remainder computes what is left of the setting from a counter counted
// up: a negative maxRetries never leaves 0.
func remainder(c *http.Client, u string, maxRetries int) (*http.Response, error) {
	for i := 0; ; i++ { // want `a negative maxRetries never reaches this loop's only bound \(== 0\): it retries forever; test with <= instead of ==`
		resp, err := c.Get(u)
		if err == nil {
			return resp, nil
		}
		remain := maxRetries - i
		if remain == 0 {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}

// remainderLessEq stops at or below zero.
func remainderLessEq(c *http.Client, u string, maxRetries int) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, err := c.Get(u)
		if err == nil {
			return resp, nil
		}
		if maxRetries-i <= 0 {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}

// remainderChecked clamps the setting first.
func remainderChecked(c *http.Client, u string, maxRetries int) (*http.Response, error) {
	maxRetries = max(maxRetries, 0)
	for i := 0; ; i++ {
		resp, err := c.Get(u)
		if err == nil {
			return resp, nil
		}
		if maxRetries-i == 0 {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}
