// Package incident000query is the Go twin of the long-query half of
// incident 000: a GET carried one fenceNos= parameter per element of the
// caller's list. Behind a load balancer whose HTTP/2 header limit was
// 4 KB, a long list made the request too large; the balancer reset the
// stream, and the client retried the reset forever (the retry half has
// its own twin, incident000retry).
//
// The URL of the incident's reproduction repeated fenceNos=119898& 750
// times: about 12 KB in the request line, over nginx's and Apache's
// 8 KiB and far over the balancer's 4 KB.
package incident000query

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// GISClient calls the geographic information service through the load
// balancer and the gateway.
type GISClient struct {
	http    *http.Client
	baseURL string
}

// NewGISClient returns a client for the service at baseURL.
func NewGISClient(baseURL string) *GISClient {
	return &GISClient{http: &http.Client{Timeout: 10 * time.Second}, baseURL: baseURL}
}

// BatchFences fetches the fences with the given numbers in one GET. The
// query grows with fenceNos, which comes from the caller: nothing bounds
// it.
func (c *GISClient) BatchFences(ctx context.Context, fenceNos []string) ([]byte, error) {
	q := url.Values{}
	for _, no := range fenceNos {
		q.Add("fenceNos", no)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/v1/fence/batch?"+q.Encode(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fence batch: %s", resp.Status)
	}
	return io.ReadAll(resp.Body)
}

// The fixed client sends the same numbers in batches whose request line
// stays far below the limits (see the headersize proof test); a request
// body would do as well.

// maxBatch keeps a batch's query under 4 KB even with 30-byte numbers.
const maxBatch = 100

// BatchFencesChunked fetches the fences maxBatch numbers at a time.
func (c *GISClient) BatchFencesChunked(ctx context.Context, fenceNos []string) ([][]byte, error) {
	var out [][]byte
	for i := 0; i < len(fenceNos); i += maxBatch {
		batch := fenceNos[i:min(i+maxBatch, len(fenceNos))]
		q := url.Values{}
		for _, no := range batch {
			q.Add("fenceNos", no)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/v1/fence/batch?"+q.Encode(), nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}
