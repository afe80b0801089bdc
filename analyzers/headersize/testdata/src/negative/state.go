package negative

import (
	"net/http"
	"net/url"
	"strings"
)

// tokenTransport keeps the scopes it asks a token server for: its own
// state, a handful of entries (go-containerregistry's bearer transport).
type tokenTransport struct {
	scopes []string
	mfa    []string
}

func (t *tokenTransport) refresh(base string) (*http.Request, error) {
	v := url.Values{}
	v["scope"] = t.scopes
	req, err := http.NewRequest(http.MethodGet, base+"?"+v.Encode(), nil)
	if err != nil {
		return nil, err
	}
	for _, m := range t.mfa {
		req.Header.Add("X-MFA", m) // vault's MFA header values
	}
	return req, nil
}

// TaskStatus is an enumeration: a list of statuses stays short.
type TaskStatus string

const (
	TaskEnqueued   TaskStatus = "enqueued"
	TaskProcessing TaskStatus = "processing"
	TaskSucceeded  TaskStatus = "succeeded"
	TaskFailed     TaskStatus = "failed"
)

type TasksQuery struct {
	Statuses []TaskStatus
}

func ListTasks(base string, q *TasksQuery) (*http.Request, error) {
	var statuses []string
	for _, s := range q.Statuses {
		statuses = append(statuses, string(s))
	}
	return http.NewRequest(http.MethodGet, base+"?statuses="+strings.Join(statuses, ","), nil)
}
