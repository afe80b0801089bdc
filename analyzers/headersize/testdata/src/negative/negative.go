// Package negative holds shapes headersize must stay silent on.
package negative

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// A constant-size array.
func Array(base string, ids [3]string) {
	q := url.Values{}
	for _, id := range ids {
		q.Add("id", id)
	}
	http.Get(base + "?" + q.Encode())
}

// Chunked to a constant batch: elements of unknown length, no estimate.
func Chunked(base string, ids []string) {
	for i := 0; i < len(ids); i += 100 {
		batch := ids[i:min(i+100, len(ids))]
		q := url.Values{}
		for _, id := range batch {
			q.Add("fenceNos", id)
		}
		http.Get(base + "?" + q.Encode())
	}
}

// Chunked, with elements of known length: 100 × 30 bytes, under the limit.
func ChunkedInts(base string, ids []int) {
	for i := 0; i < len(ids); i += 100 {
		end := i + 100
		if end > len(ids) {
			end = len(ids)
		}
		q := url.Values{}
		for _, id := range ids[i:end] {
			q.Add("fenceNos", strconv.Itoa(id))
		}
		http.Get(base + "?" + q.Encode())
	}
}

// Chunked by a configured size: deliberately bounded.
func ChunkedBySize(base string, ids []string, size int) {
	for i := 0; i < len(ids); i += size {
		http.Get(base + "?ids=" + strings.Join(ids[i:min(i+size, len(ids))], ","))
	}
}

// slices.Chunk.
func Chunk(base string, ids []int) {
	for batch := range slices.Chunk(ids, 50) {
		q := url.Values{}
		for _, id := range batch {
			q.Add("id", strconv.Itoa(id))
		}
		http.Get(base + "?" + q.Encode())
	}
}

var errTooMany = errors.New("too many ids")

// A guard rejects large inputs before the build.
func Guarded(base string, ids []string) error {
	if len(ids) > 100 {
		return errTooMany
	}
	http.Get(base + "?ids=" + strings.Join(ids, ","))
	return nil
}

// The guard with its constant on the left.
func GuardedMirror(base string, ids []int) error {
	if 50 < len(ids) {
		return errTooMany
	}
	q := url.Values{}
	for _, id := range ids {
		q.Add("id", strconv.Itoa(id))
	}
	http.Get(base + "?" + q.Encode())
	return nil
}

// The same data in a POST body.
func Body(base string, ids []string) {
	q := url.Values{}
	for _, id := range ids {
		q.Add("fenceNos", id)
	}
	http.Post(base, "application/x-www-form-urlencoded", strings.NewReader(q.Encode()))
	http.PostForm(base, q)
	req, _ := http.NewRequest("POST", base, bytes.NewBufferString(strings.Join(ids, ",")))
	http.DefaultClient.Do(req)
}

// Copying a map of named parameters.
func Params(base string, params map[string]string) {
	q := url.Values{}
	for k, v := range params {
		q.Set(k, v)
	}
	http.Get(base + "?" + q.Encode())
}

// Copying another request's headers and query.
func Proxy(in *http.Request, target string) {
	out, _ := http.NewRequest(in.Method, target, nil)
	for k, vs := range in.Header {
		for _, v := range vs {
			out.Header.Add(k, v)
		}
	}
	q := url.Values{}
	for k, vs := range in.URL.Query() {
		for _, v := range vs {
			q.Add(k, v)
		}
	}
	out.URL.RawQuery = q.Encode()
	http.DefaultClient.Do(out)
}

// The same key, overwritten.
func SameKey(base string, ids []string) {
	q := url.Values{}
	for _, id := range ids {
		q.Set("last", id)
	}
	http.Get(base + "?" + q.Encode())
	req, _ := http.NewRequest("GET", base, nil)
	for _, id := range ids {
		req.Header.Set("X-Last", id)
	}
}

// A response header is not a request header.
func Response(w http.ResponseWriter, ids []string) {
	w.Header().Set("X-Ids", strings.Join(ids, ","))
}

// Strings of unknown length are the caller's business.
func Strings(base, path, token string) {
	req, _ := http.NewRequest("GET", base+path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	http.DefaultClient.Do(req)
}

// A literal list, joined.
func Literal(base string) {
	http.Get(base + "?fields=" + strings.Join([]string{"id", "name", "email"}, ","))
}

// An unexported helper whose only caller passes a bounded batch.
func join(base string, ids []string) {
	http.Get(base + "?ids=" + strings.Join(ids, ","))
}

func BoundedCaller(base string, ids []string) {
	if len(ids) > 20 {
		ids = ids[:20]
	}
	join(base, ids[:min(len(ids), 20)])
}

// A loop with a constant number of iterations.
func Fixed(base string) {
	q := url.Values{}
	for i := 0; i < 10; i++ {
		q.Add("page", strconv.Itoa(i))
	}
	http.Get(base + "?" + q.Encode())
}

// A header added in a loop per request, the request made in the loop.
func PerRequest(base string, ids []string) {
	for _, id := range ids {
		req, _ := http.NewRequest("GET", base, nil)
		req.Header.Add("X-Id", id)
		http.DefaultClient.Do(req)
	}
}

// A loop over a parameter that adds varying header names: copying.
func CopyHeaders(req *http.Request, headers map[string]string) {
	for k, v := range headers {
		req.Header.Add(k, v)
	}
}

// A short constant URL.
func Short() {
	http.Get(fmt.Sprintf("https://example.com/%s", "x"))
}

// GuardedEither rejects an empty or a long list in one test.
func GuardedEither(base string, ids []string) error {
	if len(ids) == 0 || len(ids) > 50 {
		return errors.New("want 1 to 50 ids")
	}
	q := url.Values{}
	for _, id := range ids {
		q.Add("id", id)
	}
	_, err := http.Get(base + "?" + q.Encode())
	return err
}

// GuardedByCaller: the only caller rejects long lists before the helper
// builds the URL.
func GuardedByCaller(base string, ids []string) error {
	if len(ids) > 50 {
		return errors.New("too many ids")
	}
	return getIDs(base, ids)
}

func getIDs(base string, ids []string) error {
	q := url.Values{}
	for _, id := range ids {
		q.Add("id", id)
	}
	_, err := http.Get(base + "?" + q.Encode())
	return err
}

// Truncated cuts a long list to the endpoint's limit.
func Truncated(base string, ids []string) error {
	if len(ids) > 50 {
		ids = ids[:50]
	}
	q := url.Values{}
	for _, id := range ids {
		q.Add("id", id)
	}
	_, err := http.Get(base + "?" + q.Encode())
	return err
}

// FlushedBatches sends the names joined so far whenever the next one
// would pass 4000 bytes (jaeger's DeleteIndices after the fix).
func FlushedBatches(base string, names []string) error {
	joined := ""
	for i, name := range names {
		if len(joined)+len(name) > 4000 {
			if _, err := http.Get(base + "/" + joined); err != nil {
				return err
			}
			joined = ""
		}
		joined += name + ","
		if i == len(names)-1 {
			if _, err := http.Get(base + "/" + joined); err != nil {
				return err
			}
		}
	}
	return nil
}

// OptionURL sets the URL from one key of a request object (OPA's
// http.send): the loop replaces it, nothing accumulates.
type option struct{ key, value string }

func OptionURL(opts []option) error {
	var u string
	for _, o := range opts {
		switch o.key {
		case "url":
			u = strings.Trim(o.value, `"`)
		case "method":
		}
	}
	_, err := http.Get(u)
	return err
}

// requestSigner signs with the header names it was built with (OCI's
// ociRequestSigner, a value receiver): its own state, not the caller's
// input.
type requestSigner struct {
	GenericHeaders []string
	BodyHeaders    []string
}

func (s requestSigner) signingHeaders(r *http.Request) []string {
	var out []string
	out = append(out, s.GenericHeaders...)
	if r.Method == http.MethodPost {
		out = append(out, s.BodyHeaders...)
	}
	return out
}

func (s requestSigner) Sign(r *http.Request) error {
	h := strings.Join(s.signingHeaders(r), " ")
	r.Header.Set("Authorization", fmt.Sprintf("Signature headers=%q", h))
	return nil
}
