// Package headersize defines an Analyzer that reports request URLs and
// header values that grow with the program's input, or are statically
// longer than the limits of the proxies in front of most services.
//
// # Analyzer headersize
//
// headersize: report request URLs and header values that grow with a collection or exceed proxy limits
//
// Proxies and load balancers reject long request lines and header fields
// long before Go's own 1 MiB server limit: nginx and Apache at 8 KiB per
// line or field, HTTP/2 load balancers from 4 KiB. The Go client checks
// nothing for HTTP/1, so tests against a Go server pass and production
// fails with 414 URI Too Long, 431 Request Header Fields Too Large, 400,
// or a reset HTTP/2 stream. Incident 000 was a GET whose query repeated
// fenceNos= once per element of a caller's list:
//
//	q := url.Values{}
//	for _, id := range ids { // ids comes from the caller
//		q.Add("fenceNos", id)
//	}
//	req, err := http.NewRequest("GET", base+"?"+q.Encode(), nil)
//
// The analyzer estimates the length of every string and url.Values that
// reaches a request URL (http.NewRequest, NewRequestWithContext, the
// http.Get/Head/Post/PostForm helpers and Client methods, a *url.URL
// stored into Request.URL, req.URL.RawQuery = …, url.Parse and
// (*url.URL).String on the way; go-retryablehttp's NewRequest and Get;
// resty's Get, Execute, SetQueryParam(s), SetQueryParamsFromValues,
// SetPathParam(s)) or a request header value (req.Header.Set/Add,
// req.Header[k] = …, resty's SetHeader(s)). The estimate is a constant, a
// bound, "grows with collection X", or unknown. A value grows with X when
// url.Values.Add/Set, a strings.Builder or bytes.Buffer write, += or
// append runs in a loop over X, or when strings.Join, fmt.Sprint* or
// path.Join take X whole. X must come from a parameter, a field, or a
// call result; a constant-size array, a slice literal, a slice cut to a
// constant batch (xs[i:min(i+n, len(xs))]) or a dominating length guard
// (if len(xs) > n { return err }) bound it, and the estimate is then n
// times the length of one element. Parameters of unexported functions
// are resolved at their call sites in the package.
//
// Rules, each reported with its slug as the diagnostic category:
//
// unbounded-query: a request URL's path or query grows with a collection
// whose size nothing bounds. Reported at the request (or the
// req.URL.RawQuery store), with the growth loop as related information.
//
// unbounded-header: a request header value grows the same way
// (req.Header.Set(k, strings.Join(xs, ","))); one line per element of a
// list (Header.Add in a loop) is not reported, each line being as long as
// its element. Also reported:
// Header.Add on a header map shared by every request (req.Header =
// t.headers), and Header.Add by a RoundTripper on the request it was
// given, which net/http's RoundTripper contract forbids: a request sent
// again gains one more line per round trip. The RoundTripper is a
// RoundTrip method or a function converted to a function type with one;
// the request may reach the Add through helpers of the package, or a
// shallow copy that keeps the original's Header map (req.WithContext, or
// r2 := new(http.Request); *r2 = *r with no new r2.Header). Clone
// (req.Clone(ctx)) gives the copy its own headers. A function used as a
// RoundTripper only by client_golang's API client (stored into
// api.Config.RoundTripper), which sends each request it builds once, is
// not reported.
//
// oversized: a URL or header value whose length is statically known, or
// bounded, exceeds max-bytes (default 8192): a long constant, or a
// bounded batch whose estimated maximum is still too long.
//
// Not reported: a collection bounded as above whose estimated maximum
// stays under the limit, or whose elements have unknown length (the
// estimate is then unknown); strings of unknown length (a parameter
// string is the caller's business); the same data sent in a request body;
// copying a map of named parameters or another request's headers or
// query.
//
// Fix by sending the collection in batches of a bounded size, or in a
// request body (POST with JSON or form encoding).
//
// Options:
//
//	-headersize.include-tests   also report in test code (_test.go files, test support)
//	-headersize.max-bytes=N     the limit for a URL or one header value
//	                            (default 8192; 4096 for HTTP/2 load balancers
//	                            with small header tables); must be positive
//
// Suppress one finding with a reason:
//
//	//httplint:ignore headersize/unbounded-query ids are capped by the API gateway
package headersize
