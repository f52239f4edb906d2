package app

import (
	"reflect"
	"testing"

	"github.com/99designs/gqlgen/graphql"
)

// paramsBodies are request bodies of the plain shape (plain: decodePlainParams must take them)
// and of every shape that must go to encoding/json.
var paramsBodies = []struct {
	body  string
	plain bool
}{
	{`{"query":"{ a }"}`, true},
	{`{"query":"query($id: ID!) {\n  pageImport(id: $id) { id }\n}","variables":{"id":"42"}}`, true},
	{` {"operationName":"Q","query":"query Q { a }","variables":null,"extensions":null} ` + "\n", true},
	{`{"query":null,"operationName":null}`, true},
	{`{"variables":{"n":1,"f":-0.5e+3,"big":123456789012345678901234567890,"z":-0,"t":true,"nul":null,"s":"\u00e9\ud83d\ude00\"\\\/\b\f\n\r\t","a":[],"o":{},"deep":{"x":[1,{"y":[null,false]}]}}}`, true},
	{`{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"abc"}}}`, true},
	{`{}`, true},
	{"{\"query\":\"caf\xc3\xa9\"}", true},
	// encoding/json's rules, not the plain shape:
	{`{"Query":"{ a }"}`, false},
	{`{"QUERY":"{ a }","VARIABLES":{"a":1}}`, false},
	{`{"query":"{ a }","variableſ":{"a":1}}`, false},
	{`{"\u0071uery":"{ a }"}`, false},
	{`{"query":"a","query":"b"}`, false},
	{`{"query":"a","query":null}`, false},
	{`{"variables":{"a":1},"variables":{"b":2}}`, false},
	{`{"variables":{"a":1,"a":2}}`, false},
	{`{"variables":{"a":{"b":1,"b":{"c":2}}}}`, false},
	{`{"query":"{ a }"} trailing`, false},
	{`{"query":"{ a }"}{"query":"{ b }"}`, false},
	{`{"query":"{ a }"},`, false},
	{"{\"query\":\"\xff\"}", false},
	{"{\"variables\":{\"\xfe\":1}}", false},
	{`{"query":"\ud800"}`, false},
	{`{"query":"\udc00\ud800x"}`, false},
	{`{"query":5}`, false},
	{`{"query":["a"]}`, false},
	{`{"variables":"a"}`, false},
	{`{"variables":[1]}`, false},
	{`{"variables":5,"query":"{ a }"}`, false},
	{`{"operationName":{"a":1}}`, false},
	{`{"headers":{"A":["b"]}}`, false},
	{`{"headers":5}`, false},
	{`{"other":1,"query":"{ a }"}`, false},
	{`null`, false},
	{`[]`, false},
	{`"query"`, false},
	{``, false},
	{`   `, false},
	{`{`, false},
	{`{"query":"a"`, false},
	{`{"query":"a",}`, false},
	{`{"variables":{"a":01}}`, false},
	{`{"variables":{"a":1.}}`, false},
	{`{"variables":{"a":+1}}`, false},
	{`{"variables":{"a":NaN}}`, false},
	{`{"variables":{"a":[1,]}}`, false},
	{"{\"query\":\"a\x01\"}", false},
	{`{'query':'a'}`, false},
	{"\ufeff{\"query\":\"a\"}", false},
}

// decodeOracle is how the transport decoded every body before (encoding/json with UseNumber).
func decodeOracle(body []byte) (graphql.RawParams, bool) {
	var p graphql.RawParams
	err := decodeJSON(body, &p)
	return p, err == nil
}

func checkDecodeParams(t *testing.T, body []byte) {
	t.Helper()
	want, wantOK := decodeOracle(body)
	var got graphql.RawParams
	gotOK := decodeParams(body, &got) == nil
	if gotOK != wantOK {
		t.Fatalf("%q: ok %v, encoding/json %v", body, gotOK, wantOK)
	}
	if wantOK && !reflect.DeepEqual(got, want) {
		t.Fatalf("%q:\n got %#v\nwant %#v", body, got, want)
	}
}

func TestDecodeParams(t *testing.T) {
	for _, tc := range paramsBodies {
		checkDecodeParams(t, []byte(tc.body))
		var p graphql.RawParams
		if plain := decodePlainParams([]byte(tc.body), &p); plain != tc.plain {
			t.Errorf("%q: read as plain %v, want %v", tc.body, plain, tc.plain)
		}
	}
}

// FuzzDecodeParams holds decodeParams to encoding/json's answer for any body.
func FuzzDecodeParams(f *testing.F) {
	for _, tc := range paramsBodies {
		f.Add([]byte(tc.body))
	}
	f.Fuzz(func(t *testing.T, body []byte) { checkDecodeParams(t, body) })
}

// TestDecodeParamsMutations holds decodeParams to encoding/json for every prefix of each body
// and for each body with one byte removed or replaced by one of the bytes JSON gives meaning to.
func TestDecodeParamsMutations(t *testing.T) {
	special := []byte("{}[]\",:\\ nu0-.eE\x00\x80\xff")
	for _, tc := range paramsBodies {
		b := []byte(tc.body)
		for i := 0; i <= len(b); i++ {
			checkDecodeParams(t, b[:i])
			if i == len(b) {
				break
			}
			checkDecodeParams(t, append(append([]byte{}, b[:i]...), b[i+1:]...))
			for _, c := range special {
				m := append([]byte{}, b...)
				m[i] = c
				checkDecodeParams(t, m)
			}
		}
	}
}

// BenchmarkDecodeParams decodes the bench's pageImport(id) body with encoding/json (as before)
// and with decodeParams.
func BenchmarkDecodeParams(b *testing.B) {
	body := []byte(`{"query":"query($id: ID!) { pageImport(id: $id) { id projectId organizationId sourceKind sourceUrl viewport { width height } deviceScaleFactor readySelector\n  status attempt captureHash hasScreenshot errorMessage createdAt updatedAt createdBy } }","variables":{"id":"01936f5e-8d2a-7c41-b6a3-2f5e9c0d1a7b"}}`)
	for _, v := range []struct {
		name   string
		decode func([]byte, *graphql.RawParams) error
	}{
		{"EncodingJSON", func(b []byte, p *graphql.RawParams) error { return decodeJSON(b, p) }},
		{"DecodeParams", decodeParams},
	} {
		b.Run(v.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var p graphql.RawParams
				if err := v.decode(body, &p); err != nil || p.Variables["id"] == nil {
					b.Fatal(err)
				}
			}
		})
	}
}
