package capture

import "testing"

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
