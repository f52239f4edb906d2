package capture

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// fetched is what page.js fetchBytes returns.
type fetched struct {
	Mime   string `json:"mime"`
	Base64 string `json:"base64"`
	Error  string `json:"error"`
}

// fetchTimeout bounds the in-page fallback fetch of one image.
const fetchTimeout = 10 * time.Second

// imageBytes returns an image's bytes: from the browser's network log when it still holds the
// response (no second download), else by fetching it in the page. reason is set when neither
// worked.
func imageBytes(ctx context.Context, log *netLog, src string) (data []byte, mime, reason string) {
	if rest, ok := strings.CutPrefix(src, "data:"); ok {
		meta, payload, ok := strings.Cut(rest, ",")
		if !ok {
			return nil, "", "malformed data URL"
		}
		mime, _, _ = strings.Cut(meta, ";")
		if strings.HasSuffix(meta, ";base64") {
			b, err := base64.StdEncoding.DecodeString(payload)
			if err != nil {
				return nil, "", "malformed data URL"
			}
			return b, mime, ""
		}
		text, err := url.PathUnescape(payload)
		if err != nil {
			return nil, "", "malformed data URL"
		}
		return []byte(text), mime, ""
	}
	if id, m, ok := log.finishedResponse(src); ok {
		if body, err := getResponseBody(ctx, id); err == nil && len(body) > 0 {
			return body, m, ""
		}
	}
	u, _ := json.Marshal(src)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[fetched](fmt.Sprintf("window.__c2d.fetchBytes(%s, %d, %d)", u, MaxAssetBytes, fetchTimeout.Milliseconds()), chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, "", "could not be read from the page"
	}
	if got.Error != "" {
		return nil, "", "could not be fetched (" + got.Error + ")"
	}
	b, err := base64.StdEncoding.DecodeString(got.Base64)
	if err != nil {
		return nil, "", "could not be decoded"
	}
	mime, _, _ = strings.Cut(got.Mime, ";")
	return b, strings.TrimSpace(mime), ""
}

func getResponseBody(ctx context.Context, id network.RequestID) ([]byte, error) {
	var body []byte
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := cdp.Call(ctx, tg, network.GetResponseBody, network.GetResponseBodyParams{RequestID: id})
		if err != nil {
			return err
		}
		body = r.Body
		return nil
	}))
	return body, err
}

// sniffImageType names an image's media type from its bytes (PNG, JPEG, GIF, WebP, SVG, the types
// of SPEC §7), falling back to the type the server declared.
func sniffImageType(b []byte, declared string) string {
	switch ct := http.DetectContentType(b); {
	case strings.HasPrefix(ct, "image/"):
		return ct
	}
	head := b
	if len(head) > 1024 {
		head = head[:1024]
	}
	if bytes.Contains(bytes.ToLower(head), []byte("<svg")) {
		return "image/svg+xml"
	}
	if declared != "" {
		return strings.ToLower(declared)
	}
	return "application/octet-stream"
}
