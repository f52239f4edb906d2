package models_test

import (
	"bytes"
	"testing"

	"github.com/code2des/backend/models"
)

func TestStatusGraphQLNames(t *testing.T) {
	for code, name := range map[models.PageImportStatus]string{
		models.PageImportProcessing: `"PROCESSING"`, models.PageImportCompleted: `"COMPLETED"`, models.PageImportFailed: `"FAILED"`,
	} {
		var buf bytes.Buffer
		code.MarshalGQL(&buf)
		if buf.String() != name {
			t.Errorf("%q marshals to %s, want %s", code, buf.String(), name)
		}
		var back models.Code2DesStatus
		if err := back.UnmarshalGQL(name[1 : len(name)-1]); err != nil || string(back) != string(code) {
			t.Errorf("%s unmarshals to %q (%v)", name, back, err)
		}
	}
	var s models.PageImportStatus
	if err := s.UnmarshalGQL("DONE"); err == nil {
		t.Error("unknown status accepted")
	}
	if models.PageImportStatus("3").Valid() || !models.Code2DesFailed.Valid() {
		t.Error("Valid is wrong")
	}
}

// Both status types write their names quoted, and a code outside the seed writes "" (as
// strconv.Quote of its missing name always did).
func TestStatusMarshalEveryCode(t *testing.T) {
	for code, want := range map[string]string{"0": `"PROCESSING"`, "1": `"COMPLETED"`, "2": `"FAILED"`, "9": `""`, "": `""`} {
		var a, b bytes.Buffer
		models.PageImportStatus(code).MarshalGQL(&a)
		models.Code2DesStatus(code).MarshalGQL(&b)
		if a.String() != want || b.String() != want {
			t.Errorf("%q marshals to %s and %s, want %s", code, a.String(), b.String(), want)
		}
	}
}
