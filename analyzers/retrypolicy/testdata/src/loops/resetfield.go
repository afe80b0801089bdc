package loops

import (
	"bytes"
	"io"
	"net/http"
)

// A body kept in a field that the loop only resets (mautrix v0.12.4's
// uploadMediaToURL: data.Content = nil after each send, a new
// bytes.NewReader(data.ContentBytes) at the top) is the same body on every
// attempt: the loop retries the same upload, here forever, as the counter
// it decrements is never tested.

type uploadReq struct {
	URL          string
	Content      io.Reader
	ContentBytes []byte
}

func uploadToURL(data uploadReq, retries int) error {
	for {
		if data.Content == nil {
			data.Content = bytes.NewReader(data.ContentBytes)
		}
		req, err := http.NewRequest(http.MethodPut, data.URL, data.Content)
		if err != nil {
			return err
		}
		data.Content = nil
		resp, err := http.DefaultClient.Do(req) // want `this loop retries \(\*http.Client\).Do with no bound; cap the attempts or check a context` `this loop retries \(\*http.Client\).Do immediately; add a backoff between attempts`
		if err != nil {
			retries--
		} else if resp.StatusCode >= 400 {
			resp.Body.Close()
			retries--
		} else {
			resp.Body.Close()
			break
		}
	}
	return nil
}

// A field advanced from itself on failure moves on to the next item: not
// a retry.
type scanState struct{ Offset int }

func scanNext(c *http.Client, base string, st *scanState) error {
	for st.Offset < 100 {
		resp, err := c.Get(base + "?offset=" + itoa(st.Offset))
		if err != nil {
			st.Offset = st.Offset + 1
			continue
		}
		resp.Body.Close()
		return nil
	}
	return nil
}

func itoa(n int) string { return string(rune('0' + n%10)) }
