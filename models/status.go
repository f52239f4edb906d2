package models

import (
	"fmt"
	"io"
	"strconv"
)

// PageImportStatus is the database enum page_import_status of the page_import seed.
type PageImportStatus string

// Code2DesStatus is the database enum code2des_status of the code2des seed.
type Code2DesStatus string

// The status codes of the seeds' Type Codes tables.
const (
	PageImportProcessing PageImportStatus = "0"
	PageImportCompleted  PageImportStatus = "1"
	PageImportFailed     PageImportStatus = "2"

	Code2DesProcessing Code2DesStatus = "0"
	Code2DesCompleted  Code2DesStatus = "1"
	Code2DesFailed     Code2DesStatus = "2"
)

// statusNames maps the seeds' codes to the GraphQL enum values and back.
var (
	statusNames = map[string]string{"0": "PROCESSING", "1": "COMPLETED", "2": "FAILED"}
	statusCodes = map[string]string{"PROCESSING": "0", "COMPLETED": "1", "FAILED": "2"}
)

// Valid reports whether s is one of the seed's codes.
func (s PageImportStatus) Valid() bool { _, ok := statusNames[string(s)]; return ok }

// Name returns the GraphQL enum name (PROCESSING, COMPLETED, FAILED).
func (s PageImportStatus) Name() string { return statusNames[string(s)] }

// MarshalGQL writes the GraphQL enum name.
func (s PageImportStatus) MarshalGQL(w io.Writer) { writeStatus(w, string(s)) }

// UnmarshalGQL reads a GraphQL enum name.
func (s *PageImportStatus) UnmarshalGQL(v any) error {
	code, err := parseStatus(v)
	*s = PageImportStatus(code)
	return err
}

// Valid reports whether s is one of the seed's codes.
func (s Code2DesStatus) Valid() bool { _, ok := statusNames[string(s)]; return ok }

// Name returns the GraphQL enum name (PROCESSING, COMPLETED, FAILED).
func (s Code2DesStatus) Name() string { return statusNames[string(s)] }

// MarshalGQL writes the GraphQL enum name.
func (s Code2DesStatus) MarshalGQL(w io.Writer) { writeStatus(w, string(s)) }

// UnmarshalGQL reads a GraphQL enum name.
func (s *Code2DesStatus) UnmarshalGQL(v any) error {
	code, err := parseStatus(v)
	*s = Code2DesStatus(code)
	return err
}

// quotedStatus holds each code's name as writeStatus writes it, quoted once rather than on every
// write (a page of 20 jobs with their imports quoted 40 names per request).
var quotedStatus = func() map[string]string {
	q := make(map[string]string, len(statusNames))
	for code, name := range statusNames {
		q[code] = strconv.Quote(name)
	}
	return q
}()

func writeStatus(w io.Writer, code string) {
	q, ok := quotedStatus[code]
	if !ok {
		q = strconv.Quote(statusNames[code])
	}
	_, _ = io.WriteString(w, q)
}

func parseStatus(v any) (string, error) {
	name, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("status must be a string, got %T", v)
	}
	code, ok := statusCodes[name]
	if !ok {
		return "", fmt.Errorf("%q is not a valid status", name)
	}
	return code, nil
}
