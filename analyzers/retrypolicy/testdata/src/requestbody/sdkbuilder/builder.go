// Package sdkbuilder builds requests for package requestbody's SDK-style
// client, in another package (qingstor-sdk-go v3.0.2's request/builder).
package sdkbuilder

import (
	"io"
	"net/http"
	"reflect"
	"strings"
)

// Input is an operation's input.
type Input struct {
	Method string
	URL    string
	Body   io.Reader
	JSON   string
}

// Builder builds one request.
type Builder struct {
	body io.Reader
}

func (b *Builder) parseBody(in *Input) {
	if in.JSON != "" {
		b.body = strings.NewReader(in.JSON)
		return
	}
	// Read by reflection, as the SDK's builder does for every input.
	if v := reflect.ValueOf(in).Elem().FieldByName("Body"); v.IsValid() && !v.IsNil() {
		b.body = v.Interface().(io.Reader)
	}
}

// BuildHTTPRequest returns the request for in, with its body.
func (b *Builder) BuildHTTPRequest(in *Input) (*http.Request, error) {
	b.parseBody(in)
	return http.NewRequest(in.Method, in.URL, b.body)
}

// BuildQuery returns a GET request without a body.
func BuildQuery(u string) (*http.Request, error) {
	return http.NewRequest(http.MethodGet, u, nil)
}
