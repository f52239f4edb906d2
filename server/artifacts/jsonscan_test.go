package artifacts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// scanJSON checks b as one JSON text with scanJSONValue: a value, then only whitespace.
func scanJSON(b []byte) error {
	end, err := scanJSONValue(b, 0, 0)
	if err != nil {
		return err
	}
	return expectEnd(b, end)
}

// jsonCorpus is a set of valid and invalid JSON texts that exercise every rule of the grammar and
// the SWAR string scan (special bytes at each position of an eight-byte word).
func jsonCorpus() []string {
	corpus := []string{
		``, ` `, `null`, `true`, `false`, `nul`, `nulll`, `tru`, `True`, `fals`, `falsee`, `n`, `NaN`, `Infinity`,
		`0`, `-0`, `1`, `-1`, `01`, `-01`, `00`, `1.`, `1.0`, `.5`, `-.5`, `1e`, `1e5`, `1E+5`, `1e-5`, `1e+`, `1.5e-07`,
		`-`, `+1`, `1x`, `123456789012345678901234567890`, `0.0e0`, `1.e1`, `0x10`, `1_000`, `- 1`,
		`""`, `"a"`, `"`, `"abc`, `"\"`, `"\\"`, `"\/"`, `"\b\f\n\r\t"`, `"\a"`, `"\x41"`, `"\'"`, `"\u0041"`,
		`"\u00e9"`, `"\uD83D\uDE00"`, `"\ud800"`, `"\udc00\ud800"`, `"\u12"`, `"\u12g4"`, `"\u"`, `"\U0041"`,
		"\"\x00\"", "\"\x1f\"", "\"\x7f\"", "\"\t\"", "\"\n\"", "\"\xff\xfe\"", "\"\xc3\xa9\"", "\"\xed\xa0\x80\"",
		`{}`, `[]`, `{ }`, `[ ]`, `{"a":1}`, `{"a" : 1 , "b" : [ 1 , 2 ] }`, `{"a":1,}`, `[1,]`, `[,1]`, `{,}`,
		`{"a"}`, `{"a":}`, `{a:1}`, `{'a':1}`, `{"a":1 "b":2}`, `[1 2]`, `{"a":1]`, `[1}`, `[`, `{`, `]`, `}`,
		`{"a":{"b":{"c":[]}}}`, `[[[[]]]]`, `[[[[]]]`, `{"a":1}}`, `[1]]`, `{"a":"b","a":"c"}`, `{1:2}`,
		`{"":""}`, "{\"a\"\n:\r1\t}", "\ufeff{}", "{}\x00", `[true,false,null]`, `[truefalse]`, `[1true]`,
		"\v{}", "\f{}", `{}{}`, `{} []`, "[\"\u2028\"]",
	}
	// A special byte at every offset of the eight-byte words of a long string.
	for _, special := range []string{`"`, `\`, "\x00", "\x01", "\x1f", " ", "\x7f", "\x80", "\xff", `\"`, `\\`, `\u0041`, `\n`, `\z`} {
		for pos := 0; pos < 20; pos++ {
			corpus = append(corpus, `["`+strings.Repeat("x", pos)+special+strings.Repeat("y", 19-pos)+`"]`)
		}
	}
	// Strings ending at every offset of a word, cut short or closed.
	for n := 0; n < 20; n++ {
		s := strings.Repeat("é", n)
		corpus = append(corpus, `"`+s+`"`, `"`+s, `{"`+s+`":"`+s+`"}`)
	}
	// Nesting at and past the limit.
	for _, d := range []int{MaxJSONNestingDepth - 1, MaxJSONNestingDepth, MaxJSONNestingDepth + 1} {
		corpus = append(corpus, strings.Repeat(`[`, d)+strings.Repeat(`]`, d))
		corpus = append(corpus, strings.Repeat(`{"a":`, d)+`1`+strings.Repeat(`}`, d))
		corpus = append(corpus, strings.Repeat(`[`, d))
	}
	return corpus
}

// TestScanJSONValueAgreesWithValid: scanJSONValue accepts exactly what encoding/json's scanner
// (json.Valid) accepts, on every case of the corpus and on each of its prefixes.
func TestScanJSONValueAgreesWithValid(t *testing.T) {
	for _, in := range jsonCorpus() {
		check := func(in string) {
			want := json.Valid([]byte(in))
			err := scanJSON([]byte(in))
			if want != (err == nil) {
				t.Errorf("%.80q: json.Valid %v, scanJSONValue error %v", in, want, err)
			}
		}
		check(in)
		if len(in) < 200 {
			for k := 0; k < len(in); k++ {
				check(in[:k])
			}
		}
	}
}

// TestScanJSONValueEnd: the returned offset is just past the value (a number or literal ends at
// the first byte that cannot continue it), whatever follows.
func TestScanJSONValueEnd(t *testing.T) {
	for in, want := range map[string]int{
		`  {"a":[1,2]} ,`: 13, `1.5e3]`: 5, `"a\"b" x`: 6, `null}`: 4, `[[]],`: 4, `-0,`: 2,
	} {
		end, err := scanJSONValue([]byte(in), 0, 0)
		if err != nil || end != want {
			t.Errorf("scanJSONValue(%q) = %d, %v; want %d, nil", in, end, err, want)
		}
	}
}

// TestScanJSONValueDepth: the limit counts the containers around the value; MaxJSONNestingDepth
// levels in all are accepted, one more is refused.
func TestScanJSONValueDepth(t *testing.T) {
	nested := func(d int) []byte { return []byte(strings.Repeat(`[`, d) + strings.Repeat(`]`, d)) }
	if err := scanJSON(nested(MaxJSONNestingDepth)); err != nil {
		t.Errorf("%d levels: %v", MaxJSONNestingDepth, err)
	}
	if err := scanJSON(nested(MaxJSONNestingDepth + 1)); err != errJSONDepth {
		t.Errorf("%d levels: %v, want errJSONDepth", MaxJSONNestingDepth+1, err)
	}
	if _, err := scanJSONValue(nested(MaxJSONNestingDepth-1), 0, 1); err != nil {
		t.Errorf("%d levels inside one: %v", MaxJSONNestingDepth-1, err)
	}
	if _, err := scanJSONValue(nested(MaxJSONNestingDepth), 0, 1); err != errJSONDepth {
		t.Errorf("%d levels inside one: %v, want errJSONDepth", MaxJSONNestingDepth, err)
	}
}

// FuzzScanJSONValue: scanJSONValue and json.Valid agree on any input.
func FuzzScanJSONValue(f *testing.F) {
	for _, in := range jsonCorpus() {
		if len(in) < 1000 {
			f.Add([]byte(in))
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if want, err := json.Valid(b), scanJSON(b); want != (err == nil) {
			t.Fatalf("%q: json.Valid %v, scanJSONValue error %v", b, want, err)
		}
	})
}

// benchDocument is a DOM dump of about n bytes, as server/bench stores it.
func benchDocument(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"root":{"tag":"body","children":[`)
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"box":{"height":24,"width":640,"x":%d,"y":%d},"id":"n%d","style":{"color":"rgb(17, 17, 17)","display":"block","font-family":"Inter","font-size":"16px"},"tag":"div","text":"Lorem ipsum dolor sit amet, consectetur adipiscing elit."}`, i%1440, i*24, i)
	}
	b.WriteString(`]}}`)
	return b.Bytes()
}

// BenchmarkScanDocument compares the syntax check of a 1 MiB DOM dump: scanJSONValue, the
// jsontext decoder it replaced, and json.Valid.
func BenchmarkScanDocument(b *testing.B) {
	doc := benchDocument(1 << 20)
	b.Run("scanJSONValue", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		for b.Loop() {
			if err := scanJSON(doc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("jsontext", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		for b.Loop() {
			dec := jsontext.NewDecoder(bytes.NewBuffer(doc), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
			if _, err := dec.ReadValue(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json.Valid", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		for b.Loop() {
			if !json.Valid(doc) {
				b.Fatal("invalid")
			}
		}
	})
}
