package artifacts

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/bits"
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

// benchDocument is a DOM dump of about n bytes, as cmd/bench stores it.
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

// benchDocumentMixed is a DOM dump of about n bytes with what benchDocument lacks and real
// captures have: escapes (encoding/json writes \u003c for '<' and \u0026 for '&'), text longer
// than the plainBytes window, fractional and negative numbers, literals, empty containers and
// strings that start with '#'.
func benchDocumentMixed(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"root":{"tag":"body","children":[`)
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"attrs":{"class":"card \u003cb\u003e","href":"#section-%d"},"box":{"height":24.5,"width":-640,"x":%d.25,"y":%de1},"children":[],"hidden":%t,"id":"n%d","pseudo":null,"style":{"background-color":"rgba(0, 0, 0, 0)","color":"#111","font-family":"\"Inter\", sans-serif"},"tag":"p","text":"Caf\u00e9 \u0026 \"quoted\" text\nwith a newline, and then a paragraph long enough to cross the window of the scanner: lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor."}`, i, i%1440, i*24, i%2 == 0, i)
	}
	b.WriteString(`]}}`)
	return b.Bytes()
}

// BenchmarkScanDocumentOthers compares scanJSONValue with the scanner it replaced
// (refScanJSONValue) and json.Valid on two more 1 MiB documents: benchDocumentMixed, and
// benchDocument indented by two spaces (whitespace runs).
func BenchmarkScanDocumentOthers(b *testing.B) {
	var indented bytes.Buffer
	if err := json.Indent(&indented, benchDocument(1<<20), "", "  "); err != nil {
		b.Fatal(err)
	}
	for _, doc := range []struct {
		name string
		text []byte
	}{{"Mixed", benchDocumentMixed(1 << 20)}, {"Indented", indented.Bytes()}} {
		for _, scanner := range []struct {
			name string
			scan func([]byte) bool
		}{
			{"scanJSONValue", func(d []byte) bool { return scanJSON(d) == nil }},
			{"previous", func(d []byte) bool {
				end, err := refScanJSONValue(d, 0, 0)
				return err == nil && refSkipJSONSpace(d, end) == len(d)
			}},
			{"json.Valid", json.Valid},
		} {
			b.Run(doc.name+"/"+scanner.name, func(b *testing.B) {
				b.SetBytes(int64(len(doc.text)))
				for b.Loop() {
					if !scanner.scan(doc.text) {
						b.Fatal("invalid")
					}
				}
			})
		}
	}
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

// sameAsReference fails t unless scanJSONValue returns on b, at every start offset up to 16 and
// with 0 or 1 containers around, the offset and error (text included) of the scanner it replaced
// (refScanJSONValue, jsonscan_ref_test.go), and skipJSONSpace and scanJSONString (which
// decodeCapture calls too) answer as theirs did.
func sameAsReference(t *testing.T, b []byte) {
	t.Helper()
	for start := 0; start <= len(b) && start <= 16; start++ {
		for depth := 0; depth <= 1; depth++ {
			end, err := scanJSONValue(b, start, depth)
			wantEnd, wantErr := refScanJSONValue(b, start, depth)
			if end != wantEnd || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Fatalf("%.200q from %d at depth %d: scanJSONValue %d, %v; want %d, %v", b, start, depth, end, err, wantEnd, wantErr)
			}
		}
		if got, want := skipJSONSpace(b, start), refSkipJSONSpace(b, start); got != want {
			t.Fatalf("%.200q: skipJSONSpace(%d) = %d, want %d", b, start, got, want)
		}
		if start < len(b) && b[start] == '"' {
			end, err := scanJSONString(b, start)
			wantEnd, wantErr := refScanJSONString(b, start)
			if end != wantEnd || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Fatalf("%.200q: scanJSONString(%d) = %d, %v; want %d, %v", b, start, end, err, wantEnd, wantErr)
			}
		}
	}
}

// TestScanJSONValueSameAsReference: on the corpus, each of its prefixes and the benchmark
// documents, scanJSONValue answers exactly as the scanner it replaced.
func TestScanJSONValueSameAsReference(t *testing.T) {
	for _, in := range jsonCorpus() {
		sameAsReference(t, []byte(in))
		if len(in) < 200 {
			for k := 0; k < len(in); k++ {
				sameAsReference(t, []byte(in[:k]))
			}
		}
	}
	sameAsReference(t, benchDocument(1<<16))
	sameAsReference(t, benchDocumentMixed(1<<16))
}

// FuzzScanJSONValueSameAsReference: scanJSONValue answers exactly as the scanner it replaced, on
// any input.
func FuzzScanJSONValueSameAsReference(f *testing.F) {
	for _, in := range jsonCorpus() {
		if len(in) < 1000 {
			f.Add([]byte(in))
		}
	}
	// A sample of the boundary cases (all of them run in TestScanJSONValueBoundaries): the
	// baseline run of all 12,000 takes minutes.
	for k, in := range boundaryCorpus() {
		if k%20 == 0 {
			f.Add([]byte(in))
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) { sameAsReference(t, b) })
}

// boundaryCorpus places the tokens with fast paths (names, strings, integers, whitespace runs)
// at every offset of the eight-byte words and of the 64-byte halves of the plainBytes window, and
// at and near the end of the input.
func boundaryCorpus() []string {
	var corpus []string
	// Strings and names of every length from 0 to 140 (past the window's 128 bytes), after
	// padding that shifts them across a half's edge, plain or with a special byte before the end.
	for pad := 0; pad < 70; pad += 5 {
		for n := 0; n <= 140; n += 1 + n/8 {
			s := strings.Repeat("s", n)
			p := strings.Repeat(" ", pad%9) + strings.Repeat("p", pad)
			corpus = append(corpus,
				`["`+p+`","`+s+`"]`,
				`{"`+p+`":1,"`+s+`":"`+s+`"}`,
				`{"`+p+`":1,"`+s+`" :2}`,
				`["`+p+`","`+s+`\n"]`,
				`["`+p+`","`+s+"\x01"+`"]`,
				`["`+p+`","`+s+`\u00e9`+s+`"]`,
				`{"`+p+`":1,"`+s+`\"":2}`,
				`["`+p+`","`+s, // unterminated
				`{"`+p+`":"`+s+`"`,
			)
		}
	}
	// Integers of 1 to 12 digits (past a word) at every offset, followed by each kind of byte.
	for pad := 0; pad < 10; pad++ {
		for n := 1; n <= 12; n++ {
			d := strings.Repeat("7", n)
			for _, after := range []string{"]", ",1]", " ]", ".5]", "e3]", "E+3]", "x]", "", "-]", "0]"} {
				corpus = append(corpus, `[`+strings.Repeat(" ", pad)+d+after, `[`+strings.Repeat(" ", pad)+"0"+d+after,
					`[`+strings.Repeat(" ", pad)+"-"+d+after)
			}
		}
	}
	// Whitespace runs of 0 to 40 bytes of each kind, mixed, at every offset, ending in a value,
	// in another byte or at the end of the input.
	for n := 0; n <= 40; n++ {
		for _, ws := range []string{" ", "\t", "\n", "\r", " \n", "\r\n\t "} {
			run := strings.Repeat(ws, n)[:n]
			for _, end := range []string{"1", "]", "\v", "\x00", "\xa0", ""} {
				corpus = append(corpus, `[`+run+end, `[1`+run+`,`+run+end+`]`, `{"a"`+run+`:`+run+end)
			}
		}
	}
	return corpus
}

// TestScanJSONValueBoundaries: at the edges of the fast paths, scanJSONValue agrees with
// json.Valid and answers exactly as the scanner it replaced, on each case and on its prefixes.
func TestScanJSONValueBoundaries(t *testing.T) {
	for _, in := range boundaryCorpus() {
		for k := len(in); k >= 0 && k >= len(in)-6; k-- {
			b := []byte(in[:k])
			if want, err := json.Valid(b), scanJSON(b); want != (err == nil) {
				t.Fatalf("%q: json.Valid %v, scanJSONValue error %v", b, want, err)
			}
			sameAsReference(t, b)
		}
	}
}

// TestSpecialBytes: specialBytes flags exactly the quotes, backslashes and control bytes of a
// word, with every byte value at every position, before and after every kind of byte.
func TestSpecialBytes(t *testing.T) {
	special := func(c byte) bool { return c == '"' || c == '\\' || c < 0x20 }
	for pos := 0; pos < 8; pos++ {
		for c := 0; c < 256; c++ {
			for _, before := range []byte{'a', '"', '\\', 0, 0x1f, 0x21, 0x23, 0x5b, 0x5d, 0x7f, 0x80, 0xff} {
				for _, after := range []byte{'a', '"', '#', '!', 0x20, 0x5d, 0x03, 0x23, 0xff} {
					var w [8]byte
					for k := range w {
						switch {
						case k < pos:
							w[k] = before
						case k == pos:
							w[k] = byte(c)
						default:
							w[k] = after
						}
					}
					m := specialBytes(binary.LittleEndian.Uint64(w[:]))
					for k := range w {
						if got, want := m>>(8*k+7)&1 == 1, special(w[k]); got != want {
							t.Fatalf("%q: byte %d flagged %v, want %v (%#x)", w, k, got, want, m)
						}
					}
					if m&^swarHighs != 0 {
						t.Fatalf("%q: flags outside the high bits: %#x", w, m)
					}
				}
			}
		}
	}
}

// TestNonDigits: the first flagged byte of nonDigits is the first non-digit of the word (8 when
// all are digits), with every byte value at every position after digits.
func TestNonDigits(t *testing.T) {
	for pos := 0; pos < 8; pos++ {
		for c := 0; c < 256; c++ {
			for _, after := range []byte{'5', 0xfa, 0xff, '/', ':', 0} {
				var w [8]byte
				for k := range w {
					w[k] = "31415926"[k]
					if k == pos {
						w[k] = byte(c)
					} else if k > pos {
						w[k] = after
					}
				}
				want := 8
				for k := 7; k >= 0; k-- {
					if w[k] < '0' || w[k] > '9' {
						want = k
					}
				}
				if got := bits.TrailingZeros64(nonDigits(binary.LittleEndian.Uint64(w[:]))) / 8; got != want {
					t.Fatalf("%q: first flag at %d, want %d", w, got, want)
				}
			}
		}
	}
}

// TestNonSpaceBytes: nonSpaceBytes flags exactly the bytes that are not a space, with every byte
// value at every position among spaces and among other bytes.
func TestNonSpaceBytes(t *testing.T) {
	for pos := 0; pos < 8; pos++ {
		for c := 0; c < 256; c++ {
			for _, other := range []byte{' ', '\t', '\n', 'a', 0, 0xa0, 0x80} {
				var w [8]byte
				for k := range w {
					w[k] = other
				}
				w[pos] = byte(c)
				m := nonSpaceBytes(binary.LittleEndian.Uint64(w[:]))
				for k := range w {
					if got, want := m>>(8*k+7)&1 == 1, w[k] != ' '; got != want {
						t.Fatalf("%q: byte %d flagged %v, want %v (%#x)", w, k, got, want, m)
					}
				}
				if m&^swarHighs != 0 {
					t.Fatalf("%q: flags outside the high bits: %#x", w, m)
				}
			}
		}
	}
}

// TestFlagBits: each of the 256 patterns of high-bit flags maps to its eight bits.
func TestFlagBits(t *testing.T) {
	for want := uint64(0); want < 256; want++ {
		var f uint64
		for k := 0; k < 8; k++ {
			f |= (want >> k & 1) << (8*k + 7)
		}
		if got := flagBits(f); got != want {
			t.Errorf("flagBits(%#x) = %#b, want %#b", f, got, want)
		}
	}
}

// TestSpecialBits: specialBits marks exactly the special bytes of 64, bit k for byte k, and all
// 64 when they run past the end of the input.
func TestSpecialBits(t *testing.T) {
	doc := benchDocument(1 << 12)
	doc = append(doc, "\x01\\\"\x1f\x7f\x80\xff é"...)
	for p := 0; p < len(doc); p++ {
		m := specialBits(doc, p)
		if p+64 > len(doc) {
			if m != ^uint64(0) {
				t.Fatalf("at %d, 64 bytes past the end of %d: %#x, want all marked", p, len(doc), m)
			}
			continue
		}
		for k := 0; k < 64; k++ {
			c := doc[p+k]
			if got, want := m>>k&1 == 1, c == '"' || c == '\\' || c < 0x20; got != want {
				t.Fatalf("at %d: byte %d (%q) marked %v, want %v", p, k, c, got, want)
			}
		}
	}
}

// TestPlainBytesNext: from every start in a document, sliding as scanJSONValue does, next finds
// the first marked byte: the first special one, or the first of a half that runs past the end,
// or the window's end when there is neither.
func TestPlainBytesNext(t *testing.T) {
	doc := []byte(`["` + strings.Repeat("x", 300) + `","` + strings.Repeat("y", 100) + `\n"]` + string(benchDocument(1<<11)))
	for start := 0; start < len(doc); start++ {
		w := plainBytes{base: -1 << 62}
		for p := start; p < len(doc); p += 1 + p%37 {
			if uint(p-w.base) >= plainWindow/2 {
				w.slide(doc, p)
			}
			if p < w.base || p >= w.base+plainWindow/2 {
				t.Fatalf("slide to %d: window at %d", p, w.base)
			}
			// A byte is marked when it is special or its half of the window runs past the end.
			marked := func(q int) bool {
				if half := w.base + (q-w.base)/64*64; half+64 > len(doc) {
					return true
				}
				return doc[q] == '"' || doc[q] == '\\' || doc[q] < 0x20
			}
			want := p
			for want < w.base+plainWindow && !marked(want) {
				want++
			}
			if got := w.next(p); got != want {
				t.Fatalf("from %d, window at %d: next(%d) = %d, want %d", start, w.base, p, got, want)
			}
		}
	}
}
