package limits

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// schemaRegistry fetches a schema only when its cache misses (telegraf's
// avro parser): its requests come one miss at a time, so the per-host
// idle default never throttles them.
type schemaRegistry struct {
	url    string
	client *http.Client
	mu     sync.RWMutex
	cache  map[int]string
}

func newSchemaRegistry(url string) *schemaRegistry {
	return &schemaRegistry{
		url: url,
		client: &http.Client{
			Timeout: 10 * time.Second,
			Transport: &http.Transport{
				MaxIdleConns:    10,
				IdleConnTimeout: 90 * time.Second,
			},
		},
		cache: make(map[int]string),
	}
}

func (sr *schemaRegistry) cached(id int) (string, error) {
	sr.mu.RLock()
	defer sr.mu.RUnlock()
	if v, ok := sr.cache[id]; ok {
		return v, nil
	}
	return "", errors.New("not cached")
}

func (sr *schemaRegistry) Schema(id int) (string, error) {
	v, err := sr.cached(id)
	if err == nil {
		return v, nil
	}
	resp, err := sr.client.Get(fmt.Sprintf("%s/schemas/ids/%d", sr.url, id))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var body struct{ Schema string }
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return "", err
	}
	sr.mu.Lock()
	defer sr.mu.Unlock()
	sr.cache[id] = body.Schema
	return body.Schema, nil
}

// keySet fetches through a helper whose result refills the cache.
type keySet struct {
	url    string
	client *http.Client
	keys   map[string][]byte
}

func newKeySet(url string) *keySet {
	return &keySet{url: url, client: &http.Client{
		Timeout:   10 * time.Second,
		Transport: &http.Transport{MaxIdleConns: 20, IdleConnTimeout: time.Minute},
	}, keys: map[string][]byte{}}
}

func (k *keySet) fetch(kid string) []byte {
	resp, err := k.client.Get(k.url + "/" + kid)
	if err != nil {
		return nil
	}
	resp.Body.Close()
	return []byte(kid)
}

func (k *keySet) Key(kid string) []byte {
	if v, ok := k.keys[kid]; ok {
		return v
	}
	v := k.fetch(kid)
	k.keys[kid] = v
	return v
}

// uncachedRegistry sends on every call: its concurrency to the one
// registry host is the callers', and 2 idle connections do not carry it.
type uncachedRegistry struct {
	url    string
	client *http.Client
	last   string
}

func newUncachedRegistry(url string) *uncachedRegistry {
	return &uncachedRegistry{url: url, client: &http.Client{
		Timeout: 10 * time.Second,
		Transport: &http.Transport{
			MaxIdleConns:    10, // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns=10; set MaxIdleConnsPerHost near the expected concurrency`
			IdleConnTimeout: 90 * time.Second,
		},
	}}
}

func (r *uncachedRegistry) Schema(id int) (string, error) {
	if r.last != "" && id < 0 {
		return r.last, nil
	}
	resp, err := r.client.Get(fmt.Sprintf("%s/schemas/ids/%d", r.url, id))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return "", nil
}
