package incident002

import (
	"net/http"
	"time"
)

// newGatewayTransport is the pool the service used for every institution:
// sized for the whole service (MaxIdleConns), but per host it keeps
// net/http's default of 2 idle connections, like the incident's
// 2-connections-per-route default. Under load every connection beyond two
// is closed after use and redialed.
func newGatewayTransport() *http.Transport {
	return &http.Transport{
		MaxIdleConns:        200,
		IdleConnTimeout:     90 * time.Second,
		TLSHandshakeTimeout: 10 * time.Second,
	}
}

var gateway = &http.Client{Transport: newGatewayTransport(), Timeout: 25 * time.Second}

// Balances asks the bank's API for every account at once through the
// shared gateway client: one host, one goroutine per account, two idle
// connections kept.
func Balances(accounts []string) {
	done := make(chan struct{}, len(accounts))
	for _, a := range accounts {
		go func() {
			defer func() { done <- struct{}{} }()
			resp, err := gateway.Get(bankAPI + "/accounts/" + a + "/balance")
			if err == nil {
				resp.Body.Close()
			}
		}()
	}
	for range accounts {
		<-done
	}
}

const bankAPI = "https://api.bank.example"
