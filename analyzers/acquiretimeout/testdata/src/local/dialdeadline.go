package local

import (
	"net"
	"net/http"
	"time"
)

// timeoutDialer sets an absolute deadline on every connection it dials
// (beego's httplib.TimeoutDialer): a silent server fails the request.
func timeoutDialer(connect, rw time.Duration) func(network, addr string) (net.Conn, error) {
	return func(network, addr string) (net.Conn, error) {
		conn, err := net.DialTimeout(network, addr, connect)
		if err != nil {
			return nil, err
		}
		return conn, conn.SetDeadline(time.Now().Add(rw))
	}
}

func DeadlineDial(u string) error {
	t := &http.Transport{Dial: timeoutDialer(time.Second, time.Minute), IdleConnTimeout: time.Minute}
	c := &http.Client{Transport: t}
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// plainDialer sets no deadline: the client still hangs.
func plainDialer(network, addr string) (net.Conn, error) {
	return net.DialTimeout(network, addr, time.Second)
}

func PlainDial(u string) error {
	t := &http.Transport{Dial: plainDialer, IdleConnTimeout: time.Minute}
	c := &http.Client{Transport: t} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req) // related `request without a deadline sent here`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
