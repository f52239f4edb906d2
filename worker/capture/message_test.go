package capture

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/internal/consumer"
	"github.com/google/go-cmp/cmp"
)

func goldenRequest(t *testing.T) Request {
	t.Helper()
	raw, err := os.ReadFile("testdata/page_import_requested.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := ParseRequest(raw)
	if err != nil {
		t.Fatalf("ParseRequest(golden): %v", err)
	}
	return r
}

func TestParseRequestGolden(t *testing.T) {
	got := goldenRequest(t)
	want := Request{
		Type: "page_import.requested", Version: 1,
		PageImportID: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", Attempt: 2,
		Nonce:     "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5",
		SourceURL: "https://example.com/pricing", Viewport: Viewport{Width: 1440, Height: 900},
		DeviceScaleFactor: 2, ReadySelector: "#app[data-ready]",
		ArtifactPrefix: "s3://code2des-artifacts/prod/page-imports/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/attempt-2/",
		CallbackURL:    "https://api.example.com/webhooks/page-imports",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("parsed request (-want +got):\n%s", d)
	}
	if err := got.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	bucket, prefix, err := got.Artifacts()
	if err != nil || bucket != "code2des-artifacts" || prefix != "prod/page-imports/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/attempt-2/" {
		t.Fatalf("Artifacts() = %q, %q, %v", bucket, prefix, err)
	}
}

func TestParseRequestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name string
		body string
		want error
	}{
		{"NotJSON_Unanswerable", `{"type":`, ErrUnanswerable},
		{"OtherType_LeftForOthers", `{"type":"code2des.requested","version":1}`, ErrOtherVersion},
		{"OtherVersion_LeftForOthers", `{"type":"page_import.requested","version":3}`, ErrOtherVersion},
		{"NoNonce_Unanswerable", `{"type":"page_import.requested","version":1,"page_import_id":"x","attempt":1,"callback_url":"http://a/b"}`, ErrUnanswerable},
		{"NoAttempt_Unanswerable", `{"type":"page_import.requested","version":1,"page_import_id":"x","nonce":"n","callback_url":"http://a/b"}`, ErrUnanswerable},
		{"BadCallbackURL_Unanswerable", `{"type":"page_import.requested","version":1,"page_import_id":"x","attempt":1,"nonce":"n","callback_url":"ftp://a/b"}`, ErrUnanswerable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseRequest([]byte(tc.body))
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			// The shared loop leaves exactly the other-version messages on the queue.
			if errors.Is(err, consumer.ErrOtherVersion) != (tc.want == ErrOtherVersion) {
				t.Errorf("err = %v: consumer.ErrOtherVersion %v, want %v", err, errors.Is(err, consumer.ErrOtherVersion), tc.want == ErrOtherVersion)
			}
			if strings.Contains(err.Error(), `"n"`) {
				t.Fatalf("error text repeats the nonce: %v", err)
			}
		})
	}
}

// TestValidateLimits checks every request limit at and just past its edge (SPEC §4).
func TestValidateLimits(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*Request)
		want   string // "" means valid
	}{
		{"WidthMin_OK", func(r *Request) { r.Viewport.Width = MinViewportWidth }, ""},
		{"WidthBelowMin_Refused", func(r *Request) { r.Viewport.Width = MinViewportWidth - 1 }, "viewport width 319 is outside 320-3840"},
		{"WidthMax_OK", func(r *Request) { r.Viewport.Width = MaxViewportWidth }, ""},
		{"WidthAboveMax_Refused", func(r *Request) { r.Viewport.Width = MaxViewportWidth + 1 }, "viewport width 3841 is outside 320-3840"},
		{"HeightMin_OK", func(r *Request) { r.Viewport.Height = MinViewportHeight }, ""},
		{"HeightBelowMin_Refused", func(r *Request) { r.Viewport.Height = MinViewportHeight - 1 }, "viewport height 239 is outside 240-4320"},
		{"HeightMax_OK", func(r *Request) { r.Viewport.Height = MaxViewportHeight }, ""},
		{"HeightAboveMax_Refused", func(r *Request) { r.Viewport.Height = MaxViewportHeight + 1 }, "viewport height 4321 is outside 240-4320"},
		{"ScaleMin_OK", func(r *Request) { r.DeviceScaleFactor = MinDeviceScale }, ""},
		{"ScaleBelowMin_Refused", func(r *Request) { r.DeviceScaleFactor = 0.99 }, "device scale factor 0.99 is outside 1-4"},
		{"ScaleMax_OK", func(r *Request) { r.DeviceScaleFactor = MaxDeviceScale }, ""},
		{"ScaleAboveMax_Refused", func(r *Request) { r.DeviceScaleFactor = 4.01 }, "device scale factor 4.01 is outside 1-4"},
		{"SelectorAtMax_OK", func(r *Request) { r.ReadySelector = strings.Repeat("é", MaxReadySelectorLen) }, ""},
		{"SelectorPastMax_Refused", func(r *Request) { r.ReadySelector = strings.Repeat("a", MaxReadySelectorLen+1) }, "ready selector is longer than 512 characters"},
		{"SourceURLAtMax_OK", func(r *Request) { r.SourceURL = "https://example.com/" + strings.Repeat("a", MaxSourceURLLen-20) }, ""},
		{"SourceURLPastMax_Refused", func(r *Request) { r.SourceURL = "https://example.com/" + strings.Repeat("a", MaxSourceURLLen-19) }, "source_url is longer than 2048 characters"},
		{"SourceNotHTTP_Refused", func(r *Request) { r.SourceURL = "file:///etc/passwd" }, "source_url is not an absolute http(s) URL"},
		{"PrefixOfOtherJob_Refused", func(r *Request) {
			r.ArtifactPrefix = "s3://code2des-artifacts/prod/page-imports/other/attempt-2/"
		}, "artifact_prefix does not name this job's attempt folder"},
		{"PrefixOfOtherAttempt_Refused", func(r *Request) {
			r.ArtifactPrefix = strings.Replace(r.ArtifactPrefix, "attempt-2", "attempt-1", 1)
		}, "artifact_prefix does not name this job's attempt folder"},
		{"PrefixNotS3_Refused", func(r *Request) {
			r.ArtifactPrefix = strings.Replace(r.ArtifactPrefix, "s3://", "https://", 1)
		}, "artifact_prefix is not an s3:// URI"},
		{"PrefixDotDot_Refused", func(r *Request) {
			r.ArtifactPrefix = "s3://code2des-artifacts/../page-imports/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/attempt-2/"
		}, "artifact_prefix has an empty, . or .. segment"},
		{"PrefixWithoutKeyPrefix_OK", func(r *Request) {
			r.ArtifactPrefix = "s3://b/page-imports/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/attempt-2/"
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := goldenRequest(t)
			tc.change(&r)
			err := r.Validate()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("Validate: %v, want valid", err)
			case tc.want != "" && (err == nil || err.Error() != tc.want):
				t.Fatalf("Validate: %v, want %q", err, tc.want)
			}
		})
	}
}
