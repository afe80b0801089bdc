package limits

import (
	"net/http"
	"strings"
)

// idle-timeout-zero with the per-host pool at its default: reported only
// when nothing limits the idle connections (MaxIdleConns 0) and each call
// picks the host, so that every new host keeps idle connections of its
// own.

// Webhooks posts to the URLs its callers give: any number of hosts.
type Webhooks struct{ hc *http.Client }

func NewWebhooks() *Webhooks {
	return &Webhooks{hc: &http.Client{Transport: &http.Transport{}}} // want `IdleConnTimeout and MaxIdleConns are 0 and each call picks the host: idle connections to every host stay open; set IdleConnTimeout`
}

func (w *Webhooks) Send(url, payload string) error {
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(payload))
	if err != nil {
		return err
	}
	resp, err := w.hc.Do(req) // related `request to a host from parameter url of Send sent here`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Nodes asks every node it is given, through a helper of the package.
type Nodes struct{ hc *http.Client }

func NewNodes() *Nodes {
	return &Nodes{hc: &http.Client{Transport: &http.Transport{}}} // want `IdleConnTimeout and MaxIdleConns are 0 and each call picks the host`
}

func (n *Nodes) StatsAll(addrs []string) {
	for _, a := range addrs {
		n.stats(a)
	}
}

func (n *Nodes) stats(addr string) {
	resp, err := n.hc.Get("http://" + addr + "/stats") // related `request to a host from an element of a list from parameter addrs of StatsAll sent here`
	if err == nil {
		resp.Body.Close()
	}
}

// Negative cases.

// Plugin polls the servers it was configured with: a fixed set of hosts,
// two idle connections each at most.
type Plugin struct {
	Servers []string `toml:"servers"`
	hc      *http.Client
}

func NewPlugin(servers []string) *Plugin {
	return &Plugin{Servers: servers, hc: &http.Client{Transport: &http.Transport{}}}
}

func (p *Plugin) Gather() {
	for _, s := range p.Servers {
		resp, err := p.hc.Get(s + "/stats")
		if err == nil {
			resp.Body.Close()
		}
	}
}

// API sends to the base URL it was configured with: one host.
type API struct {
	base string
	hc   *http.Client
}

func NewAPI(base string) *API {
	return &API{base: base, hc: &http.Client{Transport: &http.Transport{}}}
}

func (a *API) Get(path string) error {
	resp, err := a.hc.Get(a.base + path)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Capped limits the idle connections in all: bounded whatever the hosts.
type Capped struct{ hc *http.Client }

func NewCapped() *Capped {
	return &Capped{hc: &http.Client{Transport: &http.Transport{MaxIdleConns: 16, MaxIdleConnsPerHost: 2}}}
}

func (c *Capped) Send(url string) error {
	resp, err := c.hc.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Fixed sends to a constant host.
type Fixed struct{ hc *http.Client }

func NewFixed() *Fixed { return &Fixed{hc: &http.Client{Transport: &http.Transport{}}} }

func (f *Fixed) Ping(path string) error {
	resp, err := f.hc.Get("https://status.example.com/" + path)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
