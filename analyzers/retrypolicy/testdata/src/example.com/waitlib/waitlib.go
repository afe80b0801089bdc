// Package waitlib stands for a backoff helper of another package whose
// wait the retry model cannot read: it takes a stop channel.
package waitlib

import "time"

// A BackoffTimer waits longer on each call.
type BackoffTimer struct{ d time.Duration }

// Wait waits for the current delay or until stop is closed.
func (bt *BackoffTimer) Wait(stop <-chan struct{}) bool {
	t := time.NewTimer(bt.d)
	defer t.Stop()
	bt.d *= 2
	select {
	case <-stop:
		return false
	case <-t.C:
		return true
	}
}

// Notify sends on done: it takes a channel it cannot receive from.
func Notify(done chan<- struct{}) { done <- struct{}{} }
