// Package oversized holds URLs and header values longer than the limit.
package oversized

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

var long = strings.Repeat("fenceNos=119898&", 600) // 9600 bytes

func Constant() {
	http.Get("https://example.com/v1/fence/batch?" + long) // want `request URL is 9635 bytes, over the 8192-byte proxy limit; shorten it or send the data in a request body`
}

func ConstantHeader(u string) {
	req, _ := http.NewRequest("GET", u, nil)
	req.Header.Set("X-Filter", strings.Repeat("a", 9000)) // want `header X-Filter is 9000 bytes, over the 8192-byte proxy limit; shorten it or send the data in a request body`
	http.DefaultClient.Do(req)
}

func AtLeast(base string) {
	http.Get(base + "?" + long) // want `request URL is at least 9601 bytes, over the 8192-byte proxy limit; shorten it or send the data in a request body`
}

// Batches of 1000 numbers: up to 24 bytes each.
func BigBatches(base string, ids []int) {
	for i := 0; i < len(ids); i += 1000 {
		q := url.Values{}
		for _, id := range ids[i:min(i+1000, len(ids))] {
			q.Add("id", strconv.Itoa(id))
		}
		http.Get("https://example.com/?" + q.Encode()) // want `request URL can reach 24021 bytes with 1000 elements of ids, over the 8192-byte proxy limit; use smaller batches`
	}
}

// A guard that allows too much.
func LooseGuard(ids []int64) {
	if len(ids) > 500 {
		return
	}
	http.Get("https://example.com/?ids=" + strings.Trim(strings.Join(strings.Fields(strconv.Itoa(len(ids))), ","), " ")) // the estimate is unknown
	var b strings.Builder
	for _, id := range ids {
		b.WriteString(strconv.FormatInt(id, 10))
		b.WriteByte(',')
	}
	http.Get("https://example.com/?ids=" + b.String()) // want `request URL can reach 10525 bytes with 500 elements of ids, over the 8192-byte proxy limit; use smaller batches`
}

func Under() {
	http.Get("https://example.com/?" + strings.Repeat("a", 8000))
}
