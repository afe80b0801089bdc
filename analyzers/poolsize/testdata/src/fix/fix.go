package fix

import (
	"net/http"
	"time"
)

const maxIdle = 64

func Literal() *http.Transport {
	return &http.Transport{
		MaxIdleConns:    100, // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns=100; set MaxIdleConnsPerHost near the expected concurrency`
		IdleConnTimeout: time.Minute,
	}
}

func Constant() *http.Transport {
	return &http.Transport{MaxIdleConns: maxIdle, IdleConnTimeout: time.Minute} // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns=64; set MaxIdleConnsPerHost near the expected concurrency`
}

func Store() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxConnsPerHost = 32 // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxConnsPerHost=32; set MaxIdleConnsPerHost near the expected concurrency`
	return t
}

func NoFix(n func() int) *http.Transport {
	return &http.Transport{MaxIdleConns: n(), IdleConnTimeout: time.Minute} // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns set; set MaxIdleConnsPerHost near the expected concurrency`
}

// The fix caps the value by MaxConnsPerHost: more idle connections per
// host than connections per host would be inconsistent.
func Capped() *http.Transport {
	return &http.Transport{
		MaxIdleConns:    100, // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns=100`
		MaxConnsPerHost: 20,
		IdleConnTimeout: time.Minute,
	}
}
