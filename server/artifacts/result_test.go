package artifacts

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func validImage(i int) ResultImage {
	return ResultImage{Ref: fmt.Sprintf("r%d", i), Key: "code2des/j/attempt-1/i.png", MimeType: MimePNG, Sha256: strings.Repeat("ab", 32), ByteSize: 10, Width: 1, Height: 1}
}

// TestImageEntryRules covers the images rules of ParseResult (checkImages) and the key scope of
// CheckScope, each at and just past its edge.
func TestImageEntryRules(t *testing.T) {
	t.Parallel()
	scope := Code2DesScope("bucket", "", "j", 1).With(PageImportScope("bucket", "", "p", 1))
	check := func(es []ResultImage) error {
		if err := checkImages(es); err != nil {
			return err
		}
		return (&Result{Images: es}).CheckScope(scope)
	}
	many := make([]ResultImage, MaxImages+1)
	for i := range many {
		many[i] = validImage(i)
	}
	if err := check(many[:MaxImages]); err != nil {
		t.Errorf("MaxImages entries: %v", err)
	}
	if err := check(many); !errors.Is(err, ErrInvalidEntry) {
		t.Errorf("MaxImages+1 entries: %v", err)
	}
	cases := []struct {
		name   string
		change func(e *ResultImage)
		want   error
	}{
		{"OKCapturePrefix", func(e *ResultImage) { e.Key = "page-imports/p/attempt-1/assets/a.png" }, nil},
		{"OKRefAtMaxLength", func(e *ResultImage) { e.Ref = strings.Repeat("r", MaxIdentifierLength) }, nil},
		{"OKRefAtMaxLengthInCharacters", func(e *ResultImage) { e.Ref = strings.Repeat("é", MaxIdentifierLength) }, nil},
		{"ErrRefPastMaxLength", func(e *ResultImage) { e.Ref = strings.Repeat("r", MaxIdentifierLength+1) }, ErrInvalidEntry},
		{"ErrEmptyRef", func(e *ResultImage) { e.Ref = "" }, ErrInvalidEntry},
		{"ErrOtherCaptureAttempt", func(e *ResultImage) { e.Key = "page-imports/p/attempt-2/a.png" }, ErrOutsidePrefix},
		{"ErrPrefixItself", func(e *ResultImage) { e.Key = "code2des/j/attempt-1" }, ErrOutsidePrefix},
		{"ErrEmptySegment", func(e *ResultImage) { e.Key = "code2des/j/attempt-1//a.png" }, ErrOutsidePrefix},
		{"ErrS3Pointer", func(e *ResultImage) { e.Key = "s3://bucket/code2des/j/attempt-1/a.png" }, ErrOutsidePrefix},
		{"OKKeyAtMaxLength", func(e *ResultImage) {
			e.Key = "code2des/j/attempt-1/" + strings.Repeat("k", MaxObjectKeyLength-len("code2des/j/attempt-1/"))
		}, nil},
		{"ErrKeyPastMaxLength", func(e *ResultImage) {
			e.Key = "code2des/j/attempt-1/" + strings.Repeat("k", MaxObjectKeyLength+1-len("code2des/j/attempt-1/"))
		}, ErrOutsidePrefix},
		{"ErrUnknownMime", func(e *ResultImage) { e.MimeType = "image/bmp" }, ErrInvalidEntry},
		{"ErrUppercaseSha", func(e *ResultImage) { e.Sha256 = strings.Repeat("AB", 32) }, ErrInvalidEntry},
		{"ErrZeroBytes", func(e *ResultImage) { e.ByteSize = 0 }, ErrInvalidEntry},
		{"OKSideAtMax", func(e *ResultImage) { e.Width = MaxDeclaredImageSide }, nil},
		{"ErrSidePastMax", func(e *ResultImage) { e.Height = MaxDeclaredImageSide + 1 }, ErrInvalidEntry},
		{"ErrZeroWidth", func(e *ResultImage) { e.Width = 0 }, ErrInvalidEntry},
	}
	for _, c := range cases {
		e := validImage(0)
		c.change(&e)
		if err := check([]ResultImage{e}); !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	if err := check([]ResultImage{validImage(1), validImage(1)}); !errors.Is(err, ErrInvalidEntry) {
		t.Errorf("duplicate ref: %v", err)
	}
}

// TestWarningRules covers the warnings rules of ParseResult (checkWarnings) and CheckWarningCount.
func TestWarningRules(t *testing.T) {
	t.Parallel()
	node := strings.Repeat("n", MaxIdentifierLength)
	longNode := node + "n"
	ok := ResultWarning{Code: strings.Repeat("C", MaxWarningCodeLength), Message: strings.Repeat("m", MaxWarningMessageLength), NodeID: &node}
	wide := ResultWarning{Code: strings.Repeat("Ç", MaxWarningCodeLength), Message: strings.Repeat("é", MaxWarningMessageLength)}
	many := make([]ResultWarning, MaxWarnings+1)
	for i := range many {
		many[i] = ResultWarning{Code: "C", Message: "m"}
	}
	empty := ""
	cases := []struct {
		name  string
		ws    []ResultWarning
		count int
		want  error
	}{
		{"OKAtEveryLengthLimit", []ResultWarning{ok}, 1, nil},
		{"OKAtEveryLengthLimitInCharacters", []ResultWarning{wide}, 1, nil},
		{"OKNone", nil, 0, nil},
		{"OKMaxWarnings", many[:MaxWarnings], MaxWarnings, nil},
		{"ErrPastMaxWarnings", many, MaxWarnings + 1, ErrInvalidEntry},
		{"ErrCountDiffers", []ResultWarning{ok}, 0, ErrWarningCount},
		{"ErrCodePastLimit", []ResultWarning{{Code: ok.Code + "C", Message: "m"}}, 1, ErrInvalidEntry},
		{"ErrCodePastLimitInCharacters", []ResultWarning{{Code: wide.Code + "Ç", Message: "m"}}, 1, ErrInvalidEntry},
		{"ErrEmptyCode", []ResultWarning{{Message: "m"}}, 1, ErrInvalidEntry},
		{"ErrEmptyMessage", []ResultWarning{{Code: "C"}}, 1, ErrInvalidEntry},
		{"ErrMessagePastLimit", []ResultWarning{{Code: "C", Message: ok.Message + "m"}}, 1, ErrInvalidEntry},
		{"ErrNodePastLimit", []ResultWarning{{Code: "C", Message: "m", NodeID: &longNode}}, 1, ErrInvalidEntry},
		{"ErrEmptyNode", []ResultWarning{{Code: "C", Message: "m", NodeID: &empty}}, 1, ErrInvalidEntry},
	}
	for _, c := range cases {
		err := checkWarnings(c.ws)
		if err == nil {
			err = (&Result{Warnings: c.ws}).CheckWarningCount(c.count)
		}
		if !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
}
