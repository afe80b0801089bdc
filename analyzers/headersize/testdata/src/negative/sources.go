package negative

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Lists whose source bounds them: the TLS peer's own data, and the
// operator's configuration.

// certHeaders forwards the client's certificate chain to a backend, as a
// TLS-terminating proxy does: as large as the chain the peer sent.
func certHeaders(req *http.Request) {
	if req.TLS == nil {
		return
	}
	var pems []string
	for _, c := range req.TLS.PeerCertificates {
		pems = append(pems, string(c.Raw))
	}
	req.Header.Set("X-Forwarded-Tls-Client-Cert", url.QueryEscape(strings.Join(pems, ",")))
	req.Header.Set("X-Forwarded-Tls-Client-Cert-Info", subjects(req.TLS.PeerCertificates[0]))
}

func subjects(c *x509.Certificate) string {
	var b strings.Builder
	for _, n := range c.Subject.Names {
		fmt.Fprintf(&b, "%v=%v;", n.Type, n.Value)
	}
	return b.String()
}

// certFor asks a certificate service for a certificate matching the
// handshake: the cipher suites are the client's ClientHello.
func certFor(hello *tls.ClientHelloInfo, base string) (*http.Request, error) {
	var suites []string
	for _, s := range hello.CipherSuites {
		suites = append(suites, fmt.Sprint(s))
	}
	q := url.Values{}
	q.Set("server_name", hello.ServerName)
	q.Set("cipher_suites", strings.Join(suites, ","))
	return http.NewRequest(http.MethodGet, base+"?"+q.Encode(), nil)
}

// ScrapeConfig is read from the operator's configuration file.
type ScrapeConfig struct {
	JobName   string   `yaml:"job_name"`
	Protocols []string `yaml:"scrape_protocols"`
}

func scrapeRequest(cfg *ScrapeConfig, target string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, target, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", strings.Join(cfg.Protocols, ","))
	return req, nil
}

// Protocol is an enumeration declared with variables.
type Protocol string

var (
	ProtoText  Protocol = "text/plain"
	ProtoProto Protocol = "application/vnd.google.protobuf"
)

func Accept(req *http.Request, ps []Protocol) {
	var vals []string
	for _, p := range ps {
		vals = append(vals, string(p))
	}
	req.Header.Set("Accept", strings.Join(vals, ","))
}

// ImporterConfig is filled from the command line's flags (one
// ExtraLabels entry per --extra-label flag): the operator's
// configuration, not a caller's list, though nothing tags it.
type ImporterConfig struct {
	Addr        string
	ExtraLabels []string
}

// Importer keeps the import URL it builds once from its configuration.
type Importer struct{ importPath string }

// NewImporter builds the import URL from cfg.
func NewImporter(cfg ImporterConfig) *Importer {
	return &Importer{importPath: AddExtraLabels(cfg.Addr+"/api/v1/import", cfg.ExtraLabels)}
}

// AddExtraLabels appends one extra_label parameter per label.
func AddExtraLabels(path string, labels []string) string {
	sep := "?"
	for _, l := range labels {
		path += sep + "extra_label=" + url.QueryEscape(l)
		sep = "&"
	}
	return path
}

// Import posts to the URL built from the configuration.
func (im *Importer) Import() (*http.Request, error) {
	return http.NewRequest(http.MethodPost, im.importPath, nil)
}
