package capture

import (
	"encoding/json"
	"testing"
)

func TestWithNotesAppendsMembers(t *testing.T) {
	notes := DocumentNotes{AssetKinds: map[string]string{"img-1": "inline-svg"}, UnresolvedImages: []UnresolvedImage{}, Warnings: []CaptureWarning{}}
	const tail = `"asset_kinds":{"img-1":"inline-svg"},"unresolved_images":[],"diagnostics":{"network_settled":false,"pending_images":0,"dialogs_answered":0,` +
		`"settle":{"settled":false,"waited_ms":0,"animations_finished":0,"animations_paused":0,"animations_moving":0,"media_paused":0,"dom_changes":0,"waited_for_timers":false,"timers_due":false,"requests_in_flight":0},"closed_shadow_roots":0,"hidden_texts":0},` +
		`"screenshot":{"full_height":0,"max_height":0},"warnings":[]}`
	for _, tc := range []struct{ name, doc, want string }{
		{"AfterMembers", `{"title":"T","root":{}}`, `{"title":"T","root":{},` + tail},
		{"IntoEmptyObject", ` { } `, `{ ` + tail},
		{"WithReadySelector", `{"a":1}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := notes
			if tc.want == "" {
				n.ReadySelector = "#app"
			}
			got, err := withNotes(json.RawMessage(tc.doc), n)
			if err != nil {
				t.Fatal(err)
			}
			if !json.Valid(got) {
				t.Fatalf("not JSON: %s", got)
			}
			if tc.want == "" {
				var m map[string]any
				_ = json.Unmarshal(got, &m)
				if m["a"] != 1.0 || m["ready_selector"] != "#app" {
					t.Errorf("document %s", got)
				}
				return
			}
			if string(got) != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
	t.Run("ErrNotAnObject", func(t *testing.T) {
		for _, doc := range []string{``, `[]`, `"x"`, `{`} {
			if _, err := withNotes(json.RawMessage(doc), notes); err == nil {
				t.Errorf("document %q accepted", doc)
			}
		}
	})
}
