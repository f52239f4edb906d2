package artifacts

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDecodeCaptureAgreesWithEncodingJSON: the streaming capture decoder accepts exactly what the
// strict encoding/json decode accepted, and decodes it to the same Capture.
func TestDecodeCaptureAgreesWithEncodingJSON(t *testing.T) {
	const manifest = `{"kind":"page_import.capture","version":1,"page_import_id":"0190b6b4-0000-7000-8000-000000000001","attempt":1,"nonce":"n","source_url":"https://example.com/","final_url":"https://example.com/","viewport":{"width":1440,"height":900},"device_scale_factor":1,"captured_at":"2026-01-01T00:00:05Z"}`
	const rest = `"assets":[{"id":"a1","key":"k/a1.png","mime_type":"image/png","sha256":"` + "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" + `","byte_size":10}],"screenshot":{"key":"k/s.png","mime_type":"image/png","width":1440,"height":2000}`
	valid := `{"manifest":` + manifest + `,"document":{"root":{"tag":"body","children":[{"tag":"p","text":"h\u00e9llo \"q\""}]}},` + rest + `}`
	for name, in := range map[string]string{
		"Valid":                 valid,
		"ValidWithSpaces":       " \n" + valid + " \n\t",
		"DocumentFirst":         `{"document":{"a":[1,2,{"b":null}]},"manifest":` + manifest + `,` + rest + `}`,
		"UnknownMember":         `{"manifest":` + manifest + `,"document":{},"extra":1,` + rest + `}`,
		"UnknownManifestField":  `{"manifest":{"kind":"page_import.capture","bogus":true},"document":{},` + rest + `}`,
		"MemberNameOtherCase":   `{"Manifest":` + manifest + `,"DOCUMENT":{},` + rest + `}`,
		"DuplicateMember":       `{"manifest":` + manifest + `,"document":{},"document":{"x":1},` + rest + `}`,
		"DuplicateManifest":     `{"manifest":{"kind":"x","version":1},"manifest":{"kind":"page_import.capture"},"document":{},` + rest + `}`,
		"TrailingValue":         valid + `{}`,
		"TrailingGarbage":       valid + `x`,
		"Null":                  `null`,
		"NullMembers":           `{"manifest":null,"document":null,"assets":null,"screenshot":null}`,
		"Array":                 `[` + valid + `]`,
		"String":                `"capture"`,
		"Empty":                 ``,
		"Truncated":             valid[:len(valid)/2],
		"TruncatedInDocument":   `{"manifest":` + manifest + `,"document":{"root":{"tag":"bo`,
		"BadDocumentSyntax":     `{"manifest":` + manifest + `,"document":{"a":01},` + rest + `}`,
		"BadEscapeInDocument":   `{"manifest":` + manifest + `,"document":{"a":"\q"},` + rest + `}`,
		"InvalidUTF8InDocument": `{"manifest":` + manifest + `,"document":{"a":"` + "\xff\xfe" + `"},` + rest + `}`,
		"DocumentNotObject":     `{"manifest":` + manifest + `,"document":[1],` + rest + `}`,
		"WrongTypeInManifest":   `{"manifest":{"version":"1"},"document":{},` + rest + `}`,
		"WrongTypeOfAssets":     `{"manifest":` + manifest + `,"document":{},"assets":{},"screenshot":{}}`,
		"MissingComma":          `{"manifest":` + manifest + ` "document":{}}`,
		"DeepDocument":          `{"document":` + strings.Repeat(`{"a":`, 500) + `1` + strings.Repeat(`}`, 500) + `}`,
		"DocumentAtDepthLimit":  `{"document":` + strings.Repeat(`[`, MaxJSONNestingDepth-1) + strings.Repeat(`]`, MaxJSONNestingDepth-1) + `}`,
		"DocumentPastDepth":     `{"document":` + strings.Repeat(`[`, MaxJSONNestingDepth) + strings.Repeat(`]`, MaxJSONNestingDepth) + `}`,
		"EscapedMemberName":     `{"\u006danifest":` + manifest + `,"docum\u0065nt":{},` + rest + `}`,
		"FoldedMemberName":      `{"manifest":` + manifest + `,"document":{},"assets":[],"\u017fcreen\u017fhot":{}}`,
		"BadEscapeInName":       `{"manifest\x":` + manifest + `}`,
		"SpacesEverywhere":      " {\t\"manifest\" :\n" + manifest + " , \"document\"\r: { \"a\" : [ 1 , \"b\" ] } ,\n" + rest + " } ",
		"EmptyObject":           `{}`,
		"EmptyObjectTrailing":   `{} ,`,
		"TrailingComma":         `{"manifest":` + manifest + `,"document":{},` + rest + `,}`,
		"NullTrailing":          `null null`,
		"NumberTop":             `1`,
		"UnterminatedName":      `{"manif`,
		"MissingColon":          `{"manifest"` + manifest + `}`,
		"ControlInDocument":     `{"manifest":` + manifest + `,"document":{"a":"` + "\x01" + `"},` + rest + `}`,
	} {
		t.Run(name, func(t *testing.T) {
			var want, got Capture
			wantErr := decodeStrict([]byte(in), &want)
			gotErr := decodeCapture([]byte(in), &got)
			if (wantErr == nil) != (gotErr == nil) {
				t.Fatalf("encoding/json: %v; streaming decoder: %v", wantErr, gotErr)
			}
			if wantErr != nil {
				return
			}
			if diff := cmp.Diff(want, got, cmp.Transformer("raw", func(r json.RawMessage) string { return string(r) })); diff != "" {
				t.Errorf("decoded captures differ (-encoding/json +streaming):\n%s", diff)
			}
		})
	}
}
