package capture

import (
	"testing"

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
