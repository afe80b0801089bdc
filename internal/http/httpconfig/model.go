// Package httpconfig reconstructs the configuration of *http.Client and
// *http.Transport values from SSA.
//
// A configuration is described field by field ([setting.Value]): the constant a
// field holds, whether the program wrote it or left the default of the
// value's origin, or that it was written with a non-constant value
// (trusted) or cannot be known. The origin matters: an unset field of a
// zero Transport literal is 0, while the same field of
// http.DefaultTransport or its Clone holds net/http's default.
//
// The types are plain data so that they can travel between packages as
// analysis facts (gob-encoded; positions stay behind).
package httpconfig

import (
	"go/token"
	"time"

	"github.com/httplint/httplint/internal/ssa/setting"
)

// Origin says where a Transport or Client value comes from, which decides
// the defaults of the fields the program did not write.
type Origin uint8

const (
	OriginUnknown Origin = iota
	// OriginZero: a literal, new(T) or a zero-valued variable.
	OriginZero
	// OriginDefault: http.DefaultTransport or http.DefaultClient, or a
	// Clone of DefaultTransport.
	OriginDefault
	// OriginPooled: a library constructor that builds a fresh pooled
	// transport with DefaultTransport's timeouts (go-cleanhttp,
	// go-retryablehttp, resty).
	OriginPooled
)

// A Field names a tracked Transport setting. DialTimeout is not a real
// field: it is the Timeout of the net.Dialer behind DialContext or Dial
// (0 when both are nil: net/http then dials with a zero net.Dialer).
// CustomTLSDial is 1 when DialTLS or DialTLSContext is set: the handshake
// is then the dial function's business. LocalDial is 1 when DialContext
// (or Dial) ignores the address it is given and dials only the local
// host (a loopback address or a unix socket): no proxy or load balancer
// stands between the transport and its server. ConnDeadline is 1 when
// DialContext (or Dial) sets a deadline on the connection it returns,
// itself or through a wrapper connection that moves the deadline forward
// on each read and write (beego's TimeoutDialer, rclone's fshttp): a
// server that stalls fails the request.
type Field int

const (
	MaxIdleConns Field = iota
	MaxIdleConnsPerHost
	MaxConnsPerHost
	IdleConnTimeout
	TLSHandshakeTimeout
	ResponseHeaderTimeout
	DisableKeepAlives
	DialTimeout
	CustomTLSDial
	LocalDial
	ConnDeadline
	numFields
)

var fieldNames = [numFields]string{
	"MaxIdleConns", "MaxIdleConnsPerHost", "MaxConnsPerHost", "IdleConnTimeout",
	"TLSHandshakeTimeout", "ResponseHeaderTimeout", "DisableKeepAlives", "DialTimeout", "CustomTLSDial", "LocalDial", "ConnDeadline",
}

func (f Field) String() string { return fieldNames[f] }

// IsDuration reports whether the field holds a time.Duration.
func (f Field) IsDuration() bool {
	switch f {
	case IdleConnTimeout, TLSHandshakeTimeout, ResponseHeaderTimeout, DialTimeout:
		return true
	}
	return false
}

// TransportFields lists the tracked Transport fields.
var TransportFields = func() []Field {
	var fs []Field
	for f := Field(0); f < numFields; f++ {
		fs = append(fs, f)
	}
	return fs
}()

// fieldByName returns the tracked field with the given Go name.
func fieldByName(name string) (Field, bool) {
	for f, n := range fieldNames {
		if n == name && Field(f) != DialTimeout && Field(f) != CustomTLSDial && Field(f) != LocalDial && Field(f) != ConnDeadline {
			return Field(f), true
		}
	}
	return 0, false
}

// defaults per origin (net/http 1.26 transport.go:47-57; go-cleanhttp
// v0.5.2 cleanhttp.go:23-39; resty v2.17.2 transport.go:17-36).
var defaultTransport = map[Field]int64{
	MaxIdleConns:        100,
	IdleConnTimeout:     int64(90 * time.Second),
	TLSHandshakeTimeout: int64(10 * time.Second),
	DialTimeout:         int64(30 * time.Second),
}

// A Transport is the reconstructed configuration of an *http.Transport.
type Transport struct {
	Origin Origin
	Fields [numFields]setting.Value
	// Fresh reports whether the transport is allocated anew each time the
	// code that builds it runs (a literal, new, Clone, a library
	// constructor), as opposed to a shared value such as DefaultTransport.
	Fresh bool

	pos token.Pos // construction site, in this package
}

// Pos returns the position of the expression that built the transport.
func (t *Transport) Pos() token.Pos { return t.pos }

// NewTransport returns the configuration of a freshly built transport of
// the given origin, with every tracked field at its default.
func NewTransport(origin Origin, pos token.Pos) *Transport {
	t := &Transport{Origin: origin, pos: pos, Fresh: origin != OriginDefault}
	for _, name := range TransportFields {
		switch origin {
		case OriginZero:
			t.Fields[name] = setting.ConstValue(0, false, token.NoPos)
		case OriginDefault:
			t.Fields[name] = setting.ConstValue(defaultTransport[name], false, token.NoPos)
		case OriginPooled:
			if name == MaxIdleConnsPerHost {
				// runtime.GOMAXPROCS(0) + 1
				t.Fields[name] = setting.Value{Kind: setting.Dynamic}
			} else {
				t.Fields[name] = setting.ConstValue(defaultTransport[name], false, token.NoPos)
			}
		default:
			t.Fields[name] = setting.Value{}
		}
	}
	return t
}

// UnknownTransport returns a transport about which nothing is known.
func UnknownTransport() *Transport { return NewTransport(OriginUnknown, token.NoPos) }

// Get returns what is known about field f.
func (t *Transport) Get(f Field) setting.Value {
	if t == nil {
		return setting.Value{}
	}
	return t.Fields[f]
}

// Set records a store of v into the named field, joined with the stores
// already recorded (the model is flow-insensitive: every store counts).
func (t *Transport) Set(f Field, v setting.Value) {
	old := t.Fields[f]
	if old.Explicit {
		v = old.Join(v)
	}
	t.Fields[f] = v
}

// Copy returns a copy of t that can be modified independently.
func (t *Transport) Copy() *Transport {
	c := *t
	return &c
}

// JoinTransport returns the configuration of a value that is a on some
// paths and b on others. Either may be nil (no path).
func JoinTransport(a, b *Transport) *Transport {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	r := a.Copy()
	if a.Origin != b.Origin {
		r.Origin = OriginUnknown
	}
	r.Fresh = a.Fresh && b.Fresh
	if a.pos != b.pos {
		r.pos = token.NoPos
	}
	for _, name := range TransportFields {
		r.Fields[name] = a.Get(name).Join(b.Get(name))
	}
	return r
}

// A Client is the reconstructed configuration of an *http.Client.
type Client struct {
	Origin  Origin
	Timeout setting.Value
	// Transport is the transport the client sends through: DefaultTransport
	// when the field is nil. Never nil.
	Transport *Transport
	// TransportSet reports whether the program wrote the Transport field.
	TransportSet bool
	// Library names the library constructor that built the client, if
	// any (e.g. "retryablehttp.NewClient").
	Library string
	// Injectable reports that this is the default the code uses when no
	// client is passed in (if c == nil { c = http.DefaultClient }).
	Injectable bool
	// Jar is where the program stores a cookie jar (a value not known to
	// be nil) into the client's Jar field, on some path, or token.NoPos.
	// Such a client adds the jar's cookies to the Cookie header of every
	// request it sends (net/http's Client.send calls AddCookie on the
	// caller's request).
	Jar token.Pos

	pos token.Pos
}

// Pos returns the position of the expression that built the client.
func (c *Client) Pos() token.Pos { return c.pos }

// Bounded reports whether nothing the client sends can wait forever on
// a stalled server, whatever the request's context: it has a Timeout
// that is not known to be zero, or its transport dials connections that
// carry a deadline on every path (ConnDeadline).
func (c *Client) Bounded() bool {
	if !c.Timeout.IsZero() {
		return true
	}
	cd := c.Transport.Get(ConnDeadline)
	return cd.IsConst() && cd.Int == 1
}

// NewClient returns the configuration of a client of the given origin
// with Timeout 0 and the default transport.
func NewClient(origin Origin, pos token.Pos) *Client {
	c := &Client{Origin: origin, pos: pos, Transport: NewTransport(OriginDefault, token.NoPos)}
	switch origin {
	case OriginZero, OriginDefault, OriginPooled:
		c.Timeout = setting.ConstValue(0, false, token.NoPos)
	default:
		c.Transport = UnknownTransport()
	}
	return c
}

// UnknownClient returns a client about which nothing is known.
func UnknownClient() *Client { return NewClient(OriginUnknown, token.NoPos) }

// JoinClient returns the configuration of a value that is a on some paths
// and b on others. Either may be nil (no path).
func JoinClient(a, b *Client) *Client {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	r := *a
	if a.Origin != b.Origin {
		r.Origin = OriginUnknown
	}
	if a.pos != b.pos {
		r.pos = token.NoPos
	}
	if a.Library != b.Library {
		r.Library = ""
	}
	r.Timeout = a.Timeout.Join(b.Timeout)
	r.Transport = JoinTransport(a.Transport, b.Transport)
	r.TransportSet = a.TransportSet || b.TransportSet
	r.Injectable = a.Injectable || b.Injectable
	if !r.Jar.IsValid() {
		r.Jar = b.Jar
	}
	return &r
}
