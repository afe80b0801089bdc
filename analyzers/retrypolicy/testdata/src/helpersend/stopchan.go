package helpersend

import "example.com/waitlib"

// sendBlock retries until it succeeds or stop closes, waiting on another
// package's backoff timer that takes the stop channel (vmagent's
// remote-write client): a wait, so no no-backoff.
func (a *api) sendBlock(bt *waitlib.BackoffTimer, stop <-chan struct{}, u string) bool {
	for {
		resp, err := a.hc.Get(u)
		if err == nil {
			resp.Body.Close()
			return true
		}
		if !bt.Wait(stop) {
			return false
		}
	}
}

// notifyAndRetry hands a channel to a call that can only send on it:
// no wait, an immediate retry.
func (a *api) notifyAndRetry(done chan struct{}, u string) {
	for i := 0; i < 5; i++ { // want `this loop retries \(\*http.Client\).Get immediately; add a backoff between attempts`
		resp, err := a.hc.Get(u)
		if err == nil {
			resp.Body.Close()
			return
		}
		go waitlib.Notify(done)
	}
}
