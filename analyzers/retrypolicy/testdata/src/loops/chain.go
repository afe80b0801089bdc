package loops

import (
	"errors"
	"io"
	"net/http"
	"regexp"
)

// A chain of steps, each a different request built from its own file
// (ffuf's preflight chain): one request per step, not a retry, even
// where a step's failure goes on to the next one. The range variable
// whose address is taken (st.name() has a pointer receiver) is one local
// that the loop stores each element into: its fields change with it.

type step struct {
	file string
	vars []*regexp.Regexp
}

func (s *step) name() string { return s.file }

func buildStep(file string, vars map[string]string) (*http.Request, error) {
	return http.NewRequest(http.MethodGet, "http://example.com/"+file+vars["token"], nil)
}

func runChain(c *http.Client, chain []step, ignore bool) (map[string]string, error) {
	vars := make(map[string]string)
	for _, st := range chain {
		req, err := buildStep(st.file+st.name(), vars)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		for _, re := range st.vars {
			m := re.FindSubmatch(body)
			if len(m) < 2 {
				if ignore {
					continue
				}
				return nil, errors.New("no match")
			}
			vars[re.String()] = string(m[1])
		}
	}
	return vars, nil
}
