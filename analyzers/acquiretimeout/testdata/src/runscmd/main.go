// Command runscmd sends its requests from main alone.
package main

import "net/http"

func main() { // related `runs only from this command's main`
	fetch("https://example.com/")
}

func fetch(u string) {
	c := &http.Client{} // want `http.Client has no Timeout and its requests no deadline`
	c.Get(u)
}
