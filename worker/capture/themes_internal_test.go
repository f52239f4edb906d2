package capture

import (
	"testing"
	"time"

	"github.com/code2des/backend/worker/convert/capturemodel"
)

// TestReloadMatched: a second load holding MinReloadMatchShare of the located elements where they
// were is taken, one element fewer is not, and nothing located is nothing to compare.
func TestReloadMatched(t *testing.T) {
	for _, tc := range []struct {
		found, total int
		want         bool
	}{
		{90, 100, true},
		{89, 100, false},
		{100, 100, true},
		{9, 10, true},
		{8, 10, false},
		{0, 0, false},
	} {
		if got := reloadMatched(tc.found, tc.total); got != tc.want {
			t.Errorf("reloadMatched(%d, %d) = %v, want %v (MinReloadMatchShare %g)", tc.found, tc.total, got, tc.want, MinReloadMatchShare)
		}
	}
}

// TestMaxDarkColorElementsIsTheConverters: the converter tells an element whose colours the dark
// theme kept from one past the capture's read by capturemodel.MaxDarkColorElements.
func TestMaxDarkColorElementsIsTheConverters(t *testing.T) {
	if MaxDarkColorElements != capturemodel.MaxDarkColorElements {
		t.Errorf("capture reads %d elements' dark colours, the converter counts %d", MaxDarkColorElements, capturemodel.MaxDarkColorElements)
	}
}

// TestSecondLoadEnd: a job with more than SecondLoadMargin left loads the page again until that
// margin before its deadline; with the margin left exactly, or less, it does not.
func TestSecondLoadEnd(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		left time.Duration
		ok   bool
	}{
		{SecondLoadMargin + time.Millisecond, true},
		{SecondLoadMargin, false},
		{time.Second, false},
	} {
		end, ok := secondLoadEnd(now.Add(tc.left), now)
		if ok != tc.ok || ok && !end.Equal(now.Add(tc.left-SecondLoadMargin)) {
			t.Errorf("%s left: end %s, ok %v; want ok %v", tc.left, end, ok, tc.ok)
		}
	}
}
