// Package localhelper holds sends through helpers whose URL is a
// parameter: loopback when every caller in the package passes a local
// address.
package localhelper

import (
	"fmt"
	"net/http"
	"strings"
)

// A helper handed the address of a local server by every caller (a tool
// writing to the storage it started itself): not reported.
func writeLocal(address string) {
	http.Post(address, "text/plain", strings.NewReader(""))
}

func writeVia(dst string) { writeLocal(dst) }

func startAndWrite(port string) {
	writeLocal("http://127.0.0.1:" + port + "/api/v1/write")
	writeVia(fmt.Sprintf("http://localhost:%s/api/v1/write", port))
}

// One caller passes a remote address: reported.
func postTo(address string) {
	http.Post(address, "text/plain", strings.NewReader("")) // want `http\.Post uses http\.DefaultClient, which has no Timeout \(2 requests in this package\)`
}

func postBoth(port, remote string) {
	postTo("http://127.0.0.1:" + port)
	postTo(remote)
}

// An exported helper: other packages may pass any address.
func PostExported(address string) {
	http.Post(address, "text/plain", strings.NewReader("")) // related `request without a deadline sent here`
}

func callExported(port string) { PostExported("http://127.0.0.1:" + port) }
