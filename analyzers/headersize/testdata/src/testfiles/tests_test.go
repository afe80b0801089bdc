package testfiles

import (
	"net/http"
	"strings"
	"testing"
)

func get(base string, ids []string) {
	http.Get(base + "?ids=" + strings.Join(ids, ",")) // reported only with -include-tests
}

func TestGet(t *testing.T) {
	get("http://localhost", nil)
}

func GetIDs(base string, ids []string) {
	http.Get(base + "?ids=" + strings.Join(ids, ",")) // reported only with -include-tests
}
