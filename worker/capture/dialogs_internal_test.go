package capture

import (
	"errors"
	"testing"
)

func TestWithDialogCount(t *testing.T) {
	base := &PageError{Message: "the page did not finish loading within 30s"}
	for _, tc := range []struct {
		name string
		err  error
		n    int
		want string
	}{
		{"NoDialogs_Unchanged", base, 0, "the page did not finish loading within 30s"},
		{"OneDialog", base, 1, "the page did not finish loading within 30s (it opened 1 JavaScript dialog)"},
		{"ManyDialogs", base, 412, "the page did not finish loading within 30s (it opened 412 JavaScript dialogs)"},
		{"WorkerFault_Unchanged", errors.New("navigate: boom"), 3, "navigate: boom"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := withDialogCount(tc.err, tc.n).Error(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
