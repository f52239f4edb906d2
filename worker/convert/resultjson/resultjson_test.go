package resultjson_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// TestEncode: members in struct order, unset optional members left out, no HTML escaping, no
// trailing newline; a result one byte over MaxResultBytes is ErrTooLarge, one at it is kept.
func TestEncode(t *testing.T) {
	res := &resultjson.Result{
		Manifest: resultjson.Manifest{Kind: resultjson.ResultKind, Version: resultjson.ResultVersion, Code2DesID: "c", Attempt: 1},
		Root:     &resultjson.Node{Type: "FRAME", ID: "1:1", Name: "<a> & b", Width: 10, Height: 20},
	}
	b, err := resultjson.Encode(res)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.HasPrefix(s, `{"manifest":{"kind":"code2des.result","version":2,`) || !strings.Contains(s, `"name":"<a> & b"`) || strings.HasSuffix(s, "\n") {
		t.Errorf("Encode = %s", s)
	}
	if strings.Contains(s, "layoutMode") || strings.Contains(s, "fillStyleId") {
		t.Errorf("unset structure members encoded: %s", s)
	}
	pad := resultjson.MaxResultBytes - len(b)
	res.Root.Name = "<a> & b" + strings.Repeat("x", pad)
	if b, err := resultjson.Encode(res); err != nil || len(b) != resultjson.MaxResultBytes {
		t.Errorf("at MaxResultBytes: %d bytes, %v", len(b), err)
	}
	res.Root.Name += "x"
	if _, err := resultjson.Encode(res); !errors.Is(err, resultjson.ErrTooLarge) {
		t.Errorf("one byte over MaxResultBytes: %v, want ErrTooLarge", err)
	}
}
