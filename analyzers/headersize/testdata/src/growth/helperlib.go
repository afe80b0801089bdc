package growth

import (
	"net/http"
	"strings"

	"example.com/lib"
)

// A caller's list passed through another package's helper that returns
// its elements: as long as the caller's list.
func UniqIDs(req *http.Request, ids []string) {
	req.Header.Set("X-Ids", strings.Join(lib.Uniq(ids), ",")) // want `header X-Ids grows with len\(ids\) \(strings.Join\); send ids in batches or in a request body`
}

// A list another package returns from data: it grows with that result.
func FromFile(req *http.Request, path string) {
	req.Header.Set("X-L", strings.Join(lib.Lines(path), ",")) // want `header X-L grows with the length of the result of lib.Lines\(\) \(strings.Join\)`
}
