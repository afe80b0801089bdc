package loops

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// Pagination: the request changes every iteration from the response it
// got (a next link, a cursor, a page number in an options struct): not a
// retry, whatever the loop shape.

type Item struct{ ID string }
type Page struct {
	Items    []Item
	Next     string
	NextPage int
}

type pageClient struct {
	base string
	hc   *http.Client
}

func newPageClient(base string) *pageClient {
	return &pageClient{base: base, hc: &http.Client{Timeout: time.Second}}
}

func (c *pageClient) ListA(ctx context.Context) ([]Item, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"/items", nil)
	var all []Item
	for {
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		var page Page
		json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close()
		all = append(all, page.Items...)
		if page.Next == "" {
			break
		}
		q := req.URL.Query()
		q.Set("cursor", page.Next)
		req.URL.RawQuery = q.Encode()
	}
	return all, nil
}

func (c *pageClient) ListB(ctx context.Context) ([]Item, error) {
	var all []Item
	next := c.base + "/items"
	for next != "" {
		req, _ := http.NewRequestWithContext(ctx, "GET", next, nil)
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		var page Page
		json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close()
		all = append(all, page.Items...)
		next = page.Next
	}
	return all, nil
}

type listOptions struct{ Page int }

func (c *pageClient) list(ctx context.Context, opts *listOptions) ([]Item, *Page, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"/items?page="+strconv.Itoa(opts.Page), nil)
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	var page Page
	json.NewDecoder(resp.Body).Decode(&page)
	return page.Items, &page, nil
}

func (c *pageClient) ListC(ctx context.Context) ([]Item, error) {
	opts := &listOptions{}
	var all []Item
	for {
		items, page, err := c.list(ctx, opts)
		if err != nil {
			return nil, err
		}
		all = append(all, items...)
		if page.NextPage == 0 {
			break
		}
		opts.Page = page.NextPage
	}
	return all, nil
}

func (c *pageClient) ListD(ctx context.Context) ([]Item, error) {
	var all []Item
	token := ""
	for {
		resp, err := c.hc.Get(c.base + "/items?token=" + token)
		if err != nil {
			return nil, err
		}
		var page Page
		json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close()
		all = append(all, page.Items...)
		if page.Next == "" {
			return all, nil
		}
		token = page.Next
	}
}

// A rate-limited page is fetched again: a retry of the same page inside
// the pagination loop. Not reported today: the success path leaves only
// through the loop's own test, as a poller's does (a known miss).
func (c *pageClient) ListRateLimited(ctx context.Context) ([]Item, error) {
	var all []Item
	next := c.base + "/items"
	for next != "" {
		req, _ := http.NewRequestWithContext(ctx, "GET", next, nil)
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		var page Page
		json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close()
		all = append(all, page.Items...)
		next = page.Next
	}
	return all, nil
}
