// Command localflag is a developer tool that polls a local daemon by
// default (syncthing's stevents): the -target flag defaults to the
// loopback interface.
package main

import (
	"flag"
	"fmt"
	"net/http"
)

var admin string

func main() {
	target := flag.String("target", "localhost:8384", "the local daemon")
	remote := flag.String("remote", "api.example.com", "a remote service")
	flag.StringVar(&admin, "admin", "http://127.0.0.1:2019", "the admin endpoint")
	flag.Parse()

	for {
		resp, err := http.DefaultClient.Get(fmt.Sprintf("http://%s/rest/events", *target))
		if err != nil {
			return
		}
		resp.Body.Close()
		if resp, err := http.Get(admin + "/config/"); err == nil {
			resp.Body.Close()
		}
		if resp, err := http.Get("https://" + *remote + "/v1/items"); err == nil { // want `http.Get uses http.DefaultClient`
			resp.Body.Close()
		}
	}
}
