package capture

import (
	"testing"
	"time"
)

// TestCaptureWarnings: each fact of a capture that a visitor would not see gives its warning, in a
// fixed order, and a quiet page none.
func TestCaptureWarnings(t *testing.T) {
	for _, tc := range []struct {
		name string
		page Page
		want []string
	}{
		{"QuietPage_None", Page{Settling: Settling{Settled: true}}, nil},
		{"NotSettled", Page{Settling: Settling{Settled: false, AnimationsMoving: 2, DOMChanges: 40}}, []string{WarnNotSettled}},
		{"InfinitePaused", Page{Settling: Settling{Settled: true, AnimationsPaused: 1}}, []string{WarnInfiniteAnimation}},
		{"ClosedRootsUnread", Page{Settling: Settling{Settled: true}, ClosedShadowRoots: -1}, []string{WarnClosedShadowRoots}},
		{"Dialogs", Page{Settling: Settling{Settled: true}, DialogsAnswered: 3}, []string{WarnDialogs}},
		{"AllCropped_None", Page{Settling: Settling{Settled: true}, CropsOver: 0}, nil},
		{"OneCropPastTheLimit", Page{Settling: Settling{Settled: true}, CropsOver: 1}, []string{WarnCropsLimited}},
		{"AllFontsRecorded_None", Page{Settling: Settling{Settled: true}, FontsUnrecorded: 0}, nil},
		{"OneRunsFontsUnrecorded", Page{Settling: Settling{Settled: true}, FontsUnrecorded: 1}, []string{WarnFontsUnrecorded}},
		{"DarkThemeRead_None", Page{Settling: Settling{Settled: true}, DarkThemeUnread: ""}, nil},
		{"DarkThemeUnread", Page{Settling: Settling{Settled: true}, DarkThemeUnread: "read the dark theme: timed out"}, []string{WarnDarkThemeUnread}},
		{"All_InOrder", Page{Settling: Settling{AnimationsPaused: 2}, ClosedShadowRoots: -1, FontsUnrecorded: 2, DarkThemeUnread: "gone", DialogsAnswered: 1},
			[]string{WarnNotSettled, WarnInfiniteAnimation, WarnClosedShadowRoots, WarnFontsUnrecorded, WarnDarkThemeUnread, WarnDialogs}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := captureWarnings(&tc.page, 5*time.Second)
			var got []string
			for _, w := range ws {
				if w.Message == "" {
					t.Errorf("%s has no message", w.Code)
				}
				got = append(got, w.Code)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("warnings %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("warnings %v, want %v", got, tc.want)
				}
			}
		})
	}
	ws := captureWarnings(&Page{Settling: Settling{Settled: true}, CropsOver: 4800}, 5*time.Second)
	if want := "4800 elements drawn from the page's pixels (native controls, media, embedded pages, raster icons) are past the limit of 200 crops a page; they were not cropped and the conversion draws them without their pixels"; ws[0].Message != want {
		t.Errorf("message %q, want %q", ws[0].Message, want)
	}
	ws = captureWarnings(&Page{Settling: Settling{Settled: true}, FontsUnrecorded: 7}, 5*time.Second)
	if want := "the fonts that drew 7 text runs were not recorded (the page has more than 5000, asking took longer than 30s, or a run left the page); the conversion names their faces from the families the page declares"; ws[0].Message != want {
		t.Errorf("message %q, want %q", ws[0].Message, want)
	}
	ws = captureWarnings(&Page{Settling: Settling{AnimationsMoving: 2, DOMChanges: 40}}, 5*time.Second)
	if want := "the page was still changing after 5s (2 animations moving, 40 DOM changes); it was captured as it was then"; ws[0].Message != want {
		t.Errorf("message %q, want %q", ws[0].Message, want)
	}
	ws = captureWarnings(&Page{Settling: Settling{DOMChanges: 3, TimersDue: true, RequestsInFlight: 2}}, 5*time.Second)
	if want := "the page was still changing after 5s (0 animations moving, 3 DOM changes, a timer due, 2 requests in flight); it was captured as it was then"; ws[0].Message != want {
		t.Errorf("message %q, want %q", ws[0].Message, want)
	}
}
