package mhtml_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/code2des/backend/mhtml"
)

// snapshot writes an MHTML archive the way Chromium does: quoted-printable HTML first, then
// base64 resources.
func snapshot(location string, parts ...string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: <Saved by Blink>\r\nSnapshot-Content-Location: %s\r\nSubject: t\r\nMIME-Version: 1.0\r\n"+
		"Content-Type: multipart/related;\r\n\ttype=\"text/html\";\r\n\tboundary=\"----MultipartBoundary--x----\"\r\n\r\n\r\n", location)
	for _, p := range parts {
		b.WriteString("------MultipartBoundary--x----\r\n" + p + "\r\n")
	}
	b.WriteString("------MultipartBoundary--x------\r\n")
	return b.Bytes()
}

func htmlPart(loc, body string) string {
	return "Content-Type: text/html\r\nContent-ID: <frame-1@mhtml.blink>\r\nContent-Transfer-Encoding: quoted-printable\r\n" +
		"Content-Location: " + loc + "\r\n\r\n" + body
}

func b64Part(loc, ct, b64 string) string {
	return "Content-Type: " + ct + "\r\nContent-Transfer-Encoding: base64\r\nContent-Location: " + loc + "\r\n\r\n" + b64
}

func TestParse(t *testing.T) {
	raw := snapshot("https://intranet.example/page#top",
		htmlPart("https://intranet.example/page", "<html><body class=3D\"x\">Hello=\r\n world</body></html>"),
		b64Part("https://intranet.example/a.png", "image/png", "aGVs\r\nbG8="),
		"Content-Type: text/html\r\nContent-ID: <frame-2@mhtml.blink>\r\n\r\n<p>frame</p>")
	a, err := mhtml.Parse(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if a.Location != "https://intranet.example/page#top" || len(a.Parts) != 3 {
		t.Fatalf("location %q, %d parts", a.Location, len(a.Parts))
	}
	if got := string(a.Root.Body); got != `<html><body class="x">Hello world</body></html>` {
		t.Errorf("root body %q", got)
	}
	if p := a.Lookup("https://intranet.example/a.png#frag"); p == nil || string(p.Body) != "hello" || p.ContentType != "image/png" {
		t.Errorf("image lookup: %+v", p)
	}
	if p := a.Lookup("cid:frame-2@mhtml.blink"); p == nil || string(p.Body) != "<p>frame</p>" {
		t.Errorf("cid lookup: %+v", p)
	}
	for _, miss := range []string{"https://intranet.example/b.png", "cid:frame-9@mhtml.blink", "file:///etc/passwd", "http://127.0.0.1/a.png"} {
		if p := a.Lookup(miss); p != nil {
			t.Errorf("Lookup(%q) = %+v, want nil", miss, p)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	root := htmlPart("https://a.example/", "<p>x</p>")
	cases := map[string]struct {
		raw  []byte
		want string
	}{
		"not MIME":      {[]byte("<html>hello</html>"), "not an MHTML snapshot"},
		"not multipart": {[]byte("MIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n<p>"), "not multipart/related"},
		"no boundary":   {[]byte("Content-Type: multipart/related\r\n\r\n"), "no multipart boundary"},
		"file location": {snapshot("https://a.example/", root, b64Part("file:///etc/passwd", "text/plain", "eA==")), "file: location"},
		"other scheme":  {snapshot("https://a.example/", root, b64Part("ftp://a.example/x", "text/plain", "eA==")), "ftp: location"},
		"bad base64":    {snapshot("https://a.example/", root, b64Part("https://a.example/x", "image/png", "!!!")), "cannot be decoded"},
		"no html":       {snapshot("https://a.example/", b64Part("https://a.example/x", "image/png", "eA==")), "no HTML page"},
		"no parts":      {snapshot("https://a.example/"), "no parts"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := mhtml.Parse(bytes.NewReader(tc.raw))
			if !mhtml.IsRefusal(err) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want a refusal containing %q", err, tc.want)
			}
		})
	}
}

func TestMaxParts(t *testing.T) {
	parts := []string{htmlPart("https://a.example/", "<p>x</p>")}
	for i := 1; i < mhtml.MaxParts; i++ {
		parts = append(parts, b64Part(fmt.Sprintf("https://a.example/%d.png", i), "image/png", "eA=="))
	}
	if a, err := mhtml.Parse(bytes.NewReader(snapshot("https://a.example/", parts...))); err != nil || len(a.Parts) != mhtml.MaxParts {
		t.Fatalf("at the limit: err %v", err)
	}
	parts = append(parts, b64Part("https://a.example/last.png", "image/png", "eA=="))
	_, err := mhtml.Parse(bytes.NewReader(snapshot("https://a.example/", parts...)))
	if !mhtml.IsRefusal(err) || !strings.Contains(err.Error(), fmt.Sprintf("more than %d parts", mhtml.MaxParts)) {
		t.Fatalf("past the limit: err %v", err)
	}
}

func TestMaxSnapshotBytes(t *testing.T) {
	build := func(total int) []byte {
		head := snapshot("https://a.example/", htmlPart("https://a.example/", "<p>x</p>"), "Content-Type: text/plain\r\n\r\n")
		tail := []byte("\r\n------MultipartBoundary--x------\r\n")
		head = head[:bytes.LastIndex(head, []byte("\r\n------MultipartBoundary--x------"))]
		pad := bytes.Repeat([]byte("a"), total-len(head)-len(tail))
		return append(append(head, pad...), tail...)
	}
	at := build(mhtml.MaxSnapshotBytes)
	if len(at) != mhtml.MaxSnapshotBytes {
		t.Fatalf("built %d bytes", len(at))
	}
	if _, err := mhtml.Parse(bytes.NewReader(at)); err != nil {
		t.Fatalf("at the limit: %v", err)
	}
	_, err := mhtml.Parse(bytes.NewReader(build(mhtml.MaxSnapshotBytes + 1)))
	if !mhtml.IsRefusal(err) || !strings.Contains(err.Error(), "larger than 50 MiB") {
		t.Fatalf("past the limit: %v", err)
	}
}

func TestSniff(t *testing.T) {
	h, err := mhtml.Sniff(snapshot("http://intranet/app", htmlPart("http://intranet/app", "x")))
	if err != nil || h.Location != "http://intranet/app" || h.RootType != "text/html" {
		t.Fatalf("Sniff = %+v, %v", h, err)
	}
	if _, err := mhtml.Sniff([]byte("\x89PNG\r\n\x1a\n")); !mhtml.IsRefusal(err) {
		t.Fatalf("PNG sniffed as MHTML: %v", err)
	}
	noPart := []byte("MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary=\"b\"\r\n\r\nno delimiter here")
	if _, err := mhtml.Sniff(noPart); !mhtml.IsRefusal(err) {
		t.Fatalf("no part sniffed as MHTML: %v", err)
	}
}

func TestMaxHeaderBytes(t *testing.T) {
	// The part's header size counts names and values: Content-Type text/html (12+9),
	// Content-Location https://a.example/ (16+18) and X-Pad (5) plus the padding.
	build := func(total int) []byte {
		pad := strings.Repeat("p", total-(12+9+16+18+5))
		return snapshot("https://a.example/", "Content-Type: text/html\r\nContent-Location: https://a.example/\r\nX-Pad: "+pad+"\r\n\r\n<p>x</p>")
	}
	if _, err := mhtml.Parse(bytes.NewReader(build(mhtml.MaxHeaderBytes))); err != nil {
		t.Fatalf("at the limit: %v", err)
	}
	_, err := mhtml.Parse(bytes.NewReader(build(mhtml.MaxHeaderBytes + 1)))
	if !mhtml.IsRefusal(err) || !strings.Contains(err.Error(), "headers over 64 KiB") {
		t.Fatalf("past the limit: %v", err)
	}
}
