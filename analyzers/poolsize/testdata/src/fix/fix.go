package fix

import (
	"net/http"
	"time"
)

const maxIdle = 64

func Literal() *http.Transport {
	return &http.Transport{
		MaxIdleConns:    100, // want `MaxIdleConns is 100 but MaxIdleConnsPerHost is unset`
		IdleConnTimeout: time.Minute,
	}
}

func Constant() *http.Transport {
	return &http.Transport{MaxIdleConns: maxIdle, IdleConnTimeout: time.Minute} // want `MaxIdleConns is 64`
}

func Store() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxConnsPerHost = 32 // want `MaxConnsPerHost is 32`
	return t
}

func NoFix(n func() int) *http.Transport {
	return &http.Transport{MaxIdleConns: n(), IdleConnTimeout: time.Minute} // want `MaxIdleConns is set`
}
