// Package p names imported packages in every way go/ssa resolves: some
// imports need an SSA package (their functions and variables are named),
// the others do not (only their types, constants and methods are).
package p

import (
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"time"
)

// Only functions and variables of fmt, os and slices are named.
func Use(c *http.Client, req *http.Request) (int, error) {
	fmt.Println(os.Args)
	if slices.Contains(os.Args, "x") {
		return strconv.IntSize, nil
	}
	c.Timeout = 5 * time.Second
	get := req.Header.Get  // method value of an imported type
	set := http.Header.Set // method expression
	set(req.Header, "a", get("b"))
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	return resp.StatusCode, nil
}

var d time.Duration = time.Minute

func init() { d++ }
