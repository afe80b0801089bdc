package local

import (
	"net/http"
	"time"
)

// doerAPI holds its client behind an interface that only ever holds an
// *http.Client with no Timeout: its sends can hang forever.
type doerAPI struct{ hc doer }

func newDoerAPI() *doerAPI {
	return &doerAPI{hc: &http.Client{}} // want `http.Client has no Timeout and its requests no deadline; set Client.Timeout`
}

func (a *doerAPI) get(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return a.hc.Do(req)
}

// DoerConfig lets the caller inject a client; the package's default,
// when none is given, has no Timeout.
type DoerConfig struct {
	Client doer
}

type configuredAPI struct{ cfg DoerConfig }

func NewConfiguredAPI(cfg DoerConfig) *configuredAPI {
	if cfg.Client == nil {
		cfg.Client = &http.Client{} // want `the fallback client has no Timeout and its requests no deadline; set its Timeout`
	}
	return &configuredAPI{cfg: cfg}
}

func (a *configuredAPI) Get(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return a.cfg.Client.Do(req)
}

// timedAPI's only client has a Timeout.
type timedAPI struct{ hc doer }

func newTimedAPI() *timedAPI { return &timedAPI{hc: &http.Client{Timeout: time.Minute}} }

func (a *timedAPI) get(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return a.hc.Do(req)
}

// injectedAPI's field holds whatever its caller passes: decided at run
// time.
type injectedAPI struct{ hc doer }

func newInjectedAPI(d doer) *injectedAPI { return &injectedAPI{hc: d} }

func (a *injectedAPI) get(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return a.hc.Do(req)
}

// recordingDoer is a second concrete type stored into mixedAPI's field:
// which one sends is decided at run time.
type recordingDoer struct{}

func (recordingDoer) Do(*http.Request) (*http.Response, error) { return nil, nil }

type mixedAPI struct{ hc doer }

func newMixedAPI(record bool) *mixedAPI {
	if record {
		return &mixedAPI{hc: recordingDoer{}}
	}
	return &mixedAPI{hc: &http.Client{}}
}

func (a *mixedAPI) get(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return a.hc.Do(req)
}
