package capture

import (
	"fmt"
	"strings"
	"testing"
)

// TestMissingWarningNamesAtMostMaxMissingListed: the warning counts every missing resource and
// names MaxMissingListed of them, then "…".
func TestMissingWarningNamesAtMostMaxMissingListed(t *testing.T) {
	if w := missingWarning(nil); w != nil {
		t.Errorf("no missing resource: warning %+v", w)
	}
	urls := func(n int) []string {
		var out []string
		for i := range n {
			out = append(out, fmt.Sprintf("https://a.example/%d.png", i))
		}
		return out
	}
	at := missingWarning(urls(MaxMissingListed))
	if at == nil || at.Code != WarnSnapshotMissing || strings.Count(at.Message, "https://") != MaxMissingListed || strings.HasSuffix(at.Message, "…") {
		t.Errorf("at the limit: %+v", at)
	}
	past := missingWarning(urls(MaxMissingListed + 1))
	if past == nil || !strings.HasPrefix(past.Message, fmt.Sprintf("%d resources", MaxMissingListed+1)) ||
		strings.Count(past.Message, "https://") != MaxMissingListed || !strings.HasSuffix(past.Message, ", …") {
		t.Errorf("past the limit: %+v", past)
	}
}
