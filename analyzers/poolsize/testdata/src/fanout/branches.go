package fanout

import "sync"

// One loop starts a goroutine per kind of statistics, each on its own
// branch (telegraf's ravendb input), all to the one host of the client:
// one fan-out, one finding at its first goroutine, the others related.
func (a *API) Gather(kinds []string) {
	var wg sync.WaitGroup
	for _, kind := range kinds {
		wg.Add(1)
		switch kind {
		case "server":
			go func() { // want `MaxIdleConnsPerHost is 2 \(the default\) for a goroutine per element of kinds to one host using an http.Client`
				defer wg.Done()
				a.item("server")
			}()
		case "databases":
			go func() { // related `another goroutine of this fan-out started here`
				defer wg.Done()
				a.item("databases")
			}()
		default:
			wg.Done()
		}
	}
	wg.Wait()
}
