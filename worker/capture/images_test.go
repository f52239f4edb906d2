package capture

import (
	"context"
	"encoding/base64"
	"os"
	"testing"
)

func TestImageBytesFromDataURL(t *testing.T) {
	png, err := os.ReadFile("capturetest/site/logo.png")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, url, wantMime, wantData, wantReason string
	}{
		{"Base64PNG_Decoded", "data:image/png;base64," + base64.StdEncoding.EncodeToString(png), "image/png", string(png), ""},
		{"PercentEncodedSVG_Decoded", "data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%22http://www.w3.org/2000/svg%22/%3E", "image/svg+xml", `<svg xmlns="http://www.w3.org/2000/svg"/>`, ""},
		{"NoComma_Malformed", "data:image/png;base64", "", "", "malformed data URL"},
		{"BadBase64_Malformed", "data:image/png;base64,@@@", "", "", "malformed data URL"},
		{"BadEscape_Malformed", "data:image/svg+xml,%zz", "", "", "malformed data URL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, mime, reason := imageBytes(context.Background(), newNetLog(), tc.url)
			if string(data) != tc.wantData || mime != tc.wantMime || reason != tc.wantReason {
				t.Fatalf("imageBytes = %q, %q, %q; want %q, %q, %q", data, mime, reason, tc.wantData, tc.wantMime, tc.wantReason)
			}
		})
	}
}

func TestSniffImageType(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile("capturetest/site/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, tc := range []struct {
		name     string
		data     []byte
		declared string
		want     string
	}{
		{"PNGDeclaredWrong_SniffWins", read("logo.png"), "image/jpeg", "image/png"},
		{"JPEG", read("photo.jpg"), "", "image/jpeg"},
		{"WebP", read("photo.webp"), "application/octet-stream", "image/webp"},
		{"SVGFile", read("icon.svg"), "text/plain", "image/svg+xml"},
		{"SVGWithXMLProlog", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>`), "", "image/svg+xml"},
		{"UnknownBytes_DeclaredKept", []byte{0, 0, 0, 0x20, 'f', 't', 'y', 'p', 'a', 'v', 'i', 'f'}, "Image/AVIF", "image/avif"},
		{"UnknownUndeclared_Octets", []byte{1, 2, 3}, "", "application/octet-stream"},
	} {
		if got := sniffImageType(tc.data, tc.declared); got != tc.want {
			t.Errorf("%s: sniffImageType = %q, want %q", tc.name, got, tc.want)
		}
	}
}
