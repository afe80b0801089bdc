package fanout

import (
	"net/http"
	"net/url"
	"sync"
	"time"
)

// Weather resolves every request against one parsed base URL: the
// references carry a path and a query, no host, so every goroutine hits
// the base's host (telegraf's openweathermap input).
type Weather struct {
	BaseURL string
	CityID  []string
	Fetch   []string
	base    *url.URL
	client  *http.Client
}

func (w *Weather) Init() error {
	u, err := url.Parse(w.BaseURL)
	if err != nil {
		return err
	}
	w.base = u
	w.client = &http.Client{Transport: &http.Transport{}, Timeout: 5 * time.Second}
	return nil
}

func (w *Weather) Gather() {
	var wg sync.WaitGroup
	for _, fetch := range w.Fetch {
		switch fetch {
		case "forecast":
			for _, id := range w.CityID {
				wg.Add(1)
				go func(city string) { // want `MaxIdleConnsPerHost is 2 \(the default\) for a goroutine per element of CityID to one host using an http.Client`
					defer wg.Done()
					w.get(w.format("/data/2.5/weather", city))
				}(id)
			}
		case "weather":
			for _, id := range w.CityID {
				wg.Add(1)
				go func(city string) { // related `another fan-out through this pool started here`
					defer wg.Done()
					w.get(w.format("/data/2.5/forecast", city))
				}(id)
			}
		}
	}
	wg.Wait()
}

func (w *Weather) format(path, city string) string {
	v := url.Values{"id": []string{city}}
	rel := &url.URL{Path: path, RawQuery: v.Encode()}
	return w.base.ResolveReference(rel).String()
}

func (w *Weather) get(addr string) {
	if resp, err := w.client.Get(addr); err == nil {
		resp.Body.Close()
	}
}

// Nodes builds each URL with a helper too, but from the node, which is the
// host: one goroutine per host, where the per-host limit does not bind.
type Nodes struct {
	Nodes  []string
	client *http.Client
}

func (n *Nodes) Gather() {
	var wg sync.WaitGroup
	for _, node := range n.Nodes {
		wg.Add(1)
		go func(node string) {
			defer wg.Done()
			if resp, err := n.client.Get(n.urlFor(node, "/metrics")); err == nil {
				resp.Body.Close()
			}
		}(node)
	}
	wg.Wait()
}

func (n *Nodes) urlFor(node, path string) string {
	u := &url.URL{Scheme: "https", Host: node, Path: path}
	return u.String()
}

// Stats precomputes one URL per configured host name, all on its one
// base URL (telegraf's marklogic input): every goroutine hits the base's
// host.
type Stats struct {
	URL     string
	Hosts   []string
	sources []string
	client  *http.Client
}

func (s *Stats) Init() error {
	s.client = &http.Client{Transport: &http.Transport{}, Timeout: 5 * time.Second}
	for _, h := range s.Hosts {
		base, err := url.Parse(s.URL)
		if err != nil {
			return err
		}
		base.Path = "/manage/v2/hosts/" + h
		s.sources = append(s.sources, base.String())
	}
	return nil
}

func (s *Stats) Gather() {
	var wg sync.WaitGroup
	for _, src := range s.sources {
		wg.Add(1)
		go func(src string) { // want `MaxIdleConnsPerHost is 2 \(the default\) for a goroutine per element of sources to one host using an http.Client`
			defer wg.Done()
			if resp, err := s.client.Get(src); err == nil {
				resp.Body.Close()
			}
		}(src)
	}
	wg.Wait()
}

// Targets precomputes one URL per configured server: a host each.
type Targets struct {
	Servers []string
	urls    []string
	client  *http.Client
}

func (t *Targets) Init() {
	t.client = &http.Client{Transport: &http.Transport{}, Timeout: 5 * time.Second}
	for _, srv := range t.Servers {
		t.urls = append(t.urls, "http://"+srv+"/stats")
	}
}

func (t *Targets) Gather() {
	var wg sync.WaitGroup
	for _, u := range t.urls {
		wg.Add(1)
		go func(u string) {
			defer wg.Done()
			if resp, err := t.client.Get(u); err == nil {
				resp.Body.Close()
			}
		}(u)
	}
	wg.Wait()
}
