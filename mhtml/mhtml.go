// Package mhtml reads MHTML page snapshots (RFC 2557 multipart/related archives, as Chrome's
// chrome.pageCapture.saveAsMHTML and DevTools Page.captureSnapshot write them) as untrusted
// input. It is shared by the API, which checks an upload before queueing it (Sniff), and the
// capture worker, which renders the archive with no network (Parse); like netpolicy it imports
// only the standard library, so workers may use it.
//
// Safety rules, each a named limit or a refusal with a clear, client-safe message (*Error):
//   - at most MaxSnapshotBytes of input, MaxParts parts and MaxHeaderBytes of headers per part;
//   - the top-level message must be MIME multipart/related with a boundary;
//   - a part's Content-Location must be an absolute http(s) URL, a cid: reference or absent;
//     file:, and every other scheme, refuse the whole archive, so nothing in it can name a
//     resource outside itself;
//   - a cid: URL resolves only to a part of the same archive (Archive.Lookup), never elsewhere.
package mhtml

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/textproto"
	"net/url"
	"strings"
)

// Limits of one snapshot ("the snapshot is untrusted input").
const (
	// MaxSnapshotBytes is the largest accepted snapshot file, in bytes (50 MiB). The API refuses
	// larger declared uploads and the worker refuses larger objects.
	MaxSnapshotBytes = 50 << 20
	// MaxParts is the most parts (the page, its frames, style sheets, images, fonts) one snapshot
	// may hold.
	MaxParts = 2000
	// MaxHeaderBytes bounds the header block of the message and of each part, in bytes.
	MaxHeaderBytes = 64 << 10
	// SniffBytes is how much of the start of a file Sniff reads.
	SniffBytes = MaxHeaderBytes
)

// Error is a refused snapshot. Its Message is safe to show to end users.
type Error struct{ Message string }

func (e *Error) Error() string { return "mhtml: " + e.Message }

func refuse(format string, args ...any) error { return &Error{Message: fmt.Sprintf(format, args...)} }

// IsRefusal reports whether err is (or wraps) a refused snapshot.
func IsRefusal(err error) bool { return errors.As(err, new(*Error)) }

// Header is what the top-level headers of a snapshot say.
type Header struct {
	// Location is the Snapshot-Content-Location header, raw (empty when absent): the URL the page
	// was saved from. It is recorded, never fetched.
	Location string
	// Boundary is the multipart boundary.
	Boundary string
	// RootType is the `type` parameter of the multipart/related Content-Type (text/html for
	// browser snapshots); empty when absent.
	RootType string
}

// Sniff reads the top-level headers at the start of a snapshot and checks that it looks like
// MHTML: MIME headers ending in a blank line within SniffBytes, a multipart/related Content-Type
// with a boundary, and the boundary's first delimiter line after the headers.
// Errors: *Error when it does not.
func Sniff(head []byte) (Header, error) {
	if len(head) > SniffBytes {
		head = head[:SniffBytes]
	}
	r := textproto.NewReader(bufio.NewReader(bytes.NewReader(head)))
	mh, err := r.ReadMIMEHeader()
	if err != nil {
		return Header{}, refuse("the file is not an MHTML snapshot (no MIME header block)")
	}
	h, err := header(mh)
	if err != nil {
		return Header{}, err
	}
	rest, _ := io.ReadAll(r.R)
	if !bytes.Contains(rest, []byte("--"+h.Boundary)) {
		return Header{}, refuse("the file is not an MHTML snapshot (no part follows the header)")
	}
	return h, nil
}

func header(mh textproto.MIMEHeader) (Header, error) {
	mt, params, err := mime.ParseMediaType(mh.Get("Content-Type"))
	if err != nil || mt != "multipart/related" {
		return Header{}, refuse("the file is not an MHTML snapshot (Content-Type is not multipart/related)")
	}
	if params["boundary"] == "" {
		return Header{}, refuse("the file is not an MHTML snapshot (no multipart boundary)")
	}
	return Header{Location: strings.TrimSpace(mh.Get("Snapshot-Content-Location")), Boundary: params["boundary"], RootType: params["type"]}, nil
}

// Part is one resource of a snapshot, decoded.
type Part struct {
	// ContentType is the part's media type with its parameters (e.g. "text/html; charset=utf-8").
	ContentType string
	// Location is the absolute http(s) URL the part was saved from, without its fragment; empty
	// when the part has none.
	Location string
	// ContentID is the part's Content-ID without angle brackets; empty when absent.
	ContentID string
	// Body is the decoded content.
	Body []byte
}

// Archive is a parsed snapshot.
type Archive struct {
	Header
	// Parts in archive order.
	Parts []*Part
	// Root is the page: the text/html part at Header.Location, else the first text/html part.
	Root       *Part
	byLocation map[string]*Part
	byID       map[string]*Part
}

// Parse reads a whole snapshot from r, enforcing the limits of this package.
// Errors: *Error for anything malformed, too large or outside the rules; never a panic.
func Parse(r io.Reader) (*Archive, error) {
	br := bufio.NewReaderSize(io.LimitReader(r, MaxSnapshotBytes+1), 64<<10)
	counted := &countingReader{r: br}
	tr := textproto.NewReader(bufio.NewReader(io.LimitReader(counted, MaxHeaderBytes)))
	mh, err := tr.ReadMIMEHeader()
	if err != nil {
		return nil, refuse("the file is not an MHTML snapshot (no MIME header block)")
	}
	h, err := header(mh)
	if err != nil {
		return nil, err
	}
	// textproto buffered past the header; continue from what it holds, then the rest of the input.
	buffered, _ := io.ReadAll(tr.R)
	body := io.MultiReader(bytes.NewReader(buffered), counted)
	a := &Archive{Header: h, byLocation: map[string]*Part{}, byID: map[string]*Part{}}
	mr := multipart.NewReader(body, h.Boundary)
	for {
		p, err := mr.NextRawPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			if counted.n > MaxSnapshotBytes {
				return nil, refuse("the snapshot is larger than %d MiB", MaxSnapshotBytes>>20)
			}
			return nil, refuse("the snapshot's part %d is malformed", len(a.Parts)+1)
		}
		if len(a.Parts) == MaxParts {
			return nil, refuse("the snapshot has more than %d parts", MaxParts)
		}
		part, err := readPart(p, len(a.Parts)+1)
		if err != nil {
			if counted.n > MaxSnapshotBytes {
				return nil, refuse("the snapshot is larger than %d MiB", MaxSnapshotBytes>>20)
			}
			return nil, err
		}
		a.Parts = append(a.Parts, part)
		if part.Location != "" {
			if _, dup := a.byLocation[part.Location]; !dup {
				a.byLocation[part.Location] = part
			}
		}
		if part.ContentID != "" {
			a.byID[part.ContentID] = part
		}
	}
	if counted.n > MaxSnapshotBytes {
		return nil, refuse("the snapshot is larger than %d MiB", MaxSnapshotBytes>>20)
	}
	if len(a.Parts) == 0 {
		return nil, refuse("the snapshot has no parts")
	}
	if loc, err := normalizeLocation(h.Location); err == nil && loc != "" {
		if p := a.byLocation[loc]; p != nil && isHTML(p) {
			a.Root = p
		}
	}
	for _, p := range a.Parts {
		if a.Root == nil && isHTML(p) {
			a.Root = p
		}
	}
	if a.Root == nil {
		return nil, refuse("the snapshot has no HTML page")
	}
	return a, nil
}

// Lookup returns the part saved from rawURL (fragment ignored), or for a cid: URL the part with
// that Content-ID; nil when the archive has none. Nothing outside the archive is ever consulted.
func (a *Archive) Lookup(rawURL string) *Part {
	if id, ok := cutScheme(rawURL, "cid:"); ok {
		id, _ = url.PathUnescape(id)
		return a.byID[strings.Trim(id, "<>")]
	}
	loc, err := normalizeLocation(rawURL)
	if err != nil || loc == "" {
		return nil
	}
	return a.byLocation[loc]
}

func readPart(p *multipart.Part, n int) (*Part, error) {
	size := 0
	for k, vs := range p.Header {
		size += len(k)
		for _, v := range vs {
			size += len(v)
		}
	}
	if size > MaxHeaderBytes {
		return nil, refuse("the snapshot's part %d has headers over %d KiB", n, MaxHeaderBytes>>10)
	}
	loc := strings.TrimSpace(p.Header.Get("Content-Location"))
	if loc != "" {
		if _, ok := cutScheme(loc, "cid:"); ok {
			loc = ""
		} else {
			norm, err := normalizeLocation(loc)
			if err != nil {
				return nil, err
			}
			loc = norm
		}
	}
	raw, err := io.ReadAll(io.LimitReader(p, MaxSnapshotBytes+1))
	if err != nil {
		return nil, refuse("the snapshot's part %d is malformed", n)
	}
	body, err := decode(raw, p.Header.Get("Content-Transfer-Encoding"))
	if err != nil {
		return nil, refuse("the snapshot's part %d cannot be decoded (%s)", n, err)
	}
	ct := strings.TrimSpace(p.Header.Get("Content-Type"))
	if ct == "" {
		ct = "application/octet-stream"
	}
	return &Part{ContentType: ct, Location: loc, ContentID: strings.Trim(strings.TrimSpace(p.Header.Get("Content-ID")), "<>"), Body: body}, nil
}

// decode undoes a Content-Transfer-Encoding (RFC 2045): base64, quoted-printable, or none.
func decode(raw []byte, cte string) ([]byte, error) {
	switch strings.ToLower(strings.TrimSpace(cte)) {
	case "", "7bit", "8bit", "binary":
		return raw, nil
	case "base64":
		clean := bytes.Map(func(r rune) rune {
			if r == '\r' || r == '\n' || r == ' ' || r == '\t' {
				return -1
			}
			return r
		}, raw)
		out := make([]byte, base64.StdEncoding.DecodedLen(len(clean)))
		n, err := base64.StdEncoding.Decode(out, clean)
		if err != nil {
			return nil, errors.New("bad base64")
		}
		return out[:n], nil
	case "quoted-printable":
		out, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(raw)))
		if err != nil {
			return nil, errors.New("bad quoted-printable")
		}
		return out, nil
	default:
		return nil, fmt.Errorf("unknown transfer encoding %q", cte)
	}
}

// normalizeLocation returns rawURL without its fragment when it is an absolute http(s) URL, ""
// for an empty one, and a refusal for any other scheme (file: and the rest): a snapshot may only
// name web resources.
func normalizeLocation(rawURL string) (string, error) {
	if rawURL == "" {
		return "", nil
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", refuse("the snapshot names a malformed resource location")
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
	case "about", "data":
		return "", nil // inline documents; nothing to look up
	default:
		return "", refuse("the snapshot names a resource at a %s: location, which is not allowed", strings.ToLower(u.Scheme))
	}
	if u.Host == "" {
		return "", refuse("the snapshot names a resource location without a host")
	}
	u.Fragment, u.RawFragment = "", ""
	u.Scheme = strings.ToLower(u.Scheme)
	u.Host = strings.ToLower(u.Host)
	return u.String(), nil
}

func cutScheme(s, scheme string) (string, bool) {
	if len(s) >= len(scheme) && strings.EqualFold(s[:len(scheme)], scheme) {
		return s[len(scheme):], true
	}
	return "", false
}

func isHTML(p *Part) bool {
	mt, _, _ := mime.ParseMediaType(p.ContentType)
	return mt == "text/html" || mt == "application/xhtml+xml"
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += int64(n)
	return n, err
}
