package capture_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/code2des/backend/worker/capture"
	"github.com/code2des/backend/worker/capture/capturetest"
)

// formNode is the part of a captured element the checks of this file read.
type formNode struct {
	Tag      string            `json:"tag"`
	Attrs    map[string]string `json:"attrs"`
	Style    map[string]string `json:"style"`
	Value    *string           `json:"value"`
	Children []json.RawMessage `json:"children"`
}

// elementsByID collects the captured elements with an id, by id.
func elementsByID(t *testing.T, raw json.RawMessage, out map[string]formNode) {
	t.Helper()
	var n formNode
	if err := json.Unmarshal(raw, &n); err != nil {
		t.Fatal(err)
	}
	if id := n.Attrs["id"]; id != "" {
		out[id] = n
	}
	for _, c := range n.Children {
		elementsByID(t, c, out)
	}
}

// capturePage captures path of the test site as job id, requires a completed callback and a
// capture that meets the worker contract, and returns the capture JSON with its elements by id.
func capturePage(t *testing.T, id, path string) ([]byte, map[string]formNode) {
	t.Helper()
	h := newHarness(t, http.StatusOK, true, true)
	h.send(t, h.request(id, path, "", capture.Viewport{Width: 800, Height: 600}, 1))
	cb := h.run(t, 60*time.Second)
	if cb.Status != capture.StatusCompleted {
		t.Fatalf("callback status %q (%s), want completed", cb.Status, cb.ErrorMessage)
	}
	raw := h.object(t, "test/page-imports/"+id+"/attempt-1/capture.json")
	t.Run("MeetsTheWorkerContract", func(t *testing.T) { h.checkContract(t, 0, raw) })
	var doc struct {
		Document struct {
			Root json.RawMessage `json:"root"`
		} `json:"document"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	byID := map[string]formNode{}
	elementsByID(t, doc.Document.Root, byID)
	return raw, byID
}

// TestFormControlsRecordLiveValues captures a page whose script typed into a text input, cleared
// another, set a textarea and chose a select option after load: the capture records what the
// controls show (the live value, the chosen option's text), not their value attributes, and
// never a password input's value, typed or in its attribute.
func TestFormControlsRecordLiveValues(t *testing.T) {
	t.Parallel()
	raw, byID := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60", capturetest.FormsPath)

	for el, want := range map[string]string{
		"typed": "typed value", "cleared": "", "notes": "Line one\nLine two", "size": "Large",
	} {
		n, ok := byID[el]
		switch {
		case !ok:
			t.Errorf("#%s is missing from the capture", el)
		case n.Value == nil:
			t.Errorf("#%s (%s) records no live value, want %q", el, n.Tag, want)
		case *n.Value != want:
			t.Errorf("#%s (%s) records the value %q, want %q", el, n.Tag, *n.Value, want)
		}
	}
	if n, ok := byID["secret"]; !ok {
		t.Error("#secret is missing from the capture")
	} else if n.Value != nil || n.Attrs["value"] != "" {
		t.Errorf("the password input records value %v, attribute %q; want neither", n.Value, n.Attrs["value"])
	}
	for _, secret := range []string{"typed-secret-9c2e", "attribute-secret-7f3a"} {
		if bytes.Contains(raw, []byte(secret)) {
			t.Errorf("the capture JSON holds the password %q", secret)
		}
	}
}

// TestVerticalTextRecordsWritingMode captures paragraphs in vertical and sideways writing modes:
// each records its writing-mode (the converter must not draw it as horizontal text unawares),
// and horizontal text, the default, records none.
func TestVerticalTextRecordsWritingMode(t *testing.T) {
	t.Parallel()
	_, byID := capturePage(t, "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a61", capturetest.VerticalPath)
	for el, want := range map[string]string{"horizontal": "", "rl": "vertical-rl", "lr": "vertical-lr", "sideways": "sideways-rl"} {
		if got := byID[el].Style["writing-mode"]; got != want {
			t.Errorf("#%s records writing-mode %q, want %q", el, got, want)
		}
	}
}
