package jobs

import (
	"encoding/base64"
	"strings"

	"github.com/code2des/backend/models"
)

// Cursor kinds: a cursor names the list it came from, so one list's cursor is refused by another.
const (
	CursorPageImports = "pi"
	CursorCode2Des    = "cd"
)

// MaxCursorLength is the longest accepted `after` argument, in bytes (a cursor is about 52).
const MaxCursorLength = 128

// PageSize validates a connection's `first` (SPEC §3): 0 (absent) means models.DefaultPageSize;
// 1..models.MaxPageSize is taken as is.
// Errors: CodeBadUserInput on field for a negative value or one past models.MaxPageSize.
func PageSize(field string, first int) (int, error) {
	switch {
	case first == 0:
		return models.DefaultPageSize, nil
	case first < 0 || first > models.MaxPageSize:
		return 0, models.InputError(field, "must be between 1 and %d", models.MaxPageSize)
	}
	return first, nil
}

// EncodeCursor returns the opaque cursor of the row with id in a list of kind: base64url of
// "<kind>:<id>". Lists are ordered by id descending (UUIDv7 ids are time-ordered), so the id alone
// is the keyset position.
func EncodeCursor(kind, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(kind + ":" + id))
}

// DecodeCursor returns the id of a cursor made by EncodeCursor for kind; "" for an empty cursor.
// Errors: CodeBadUserInput on field for anything else.
func DecodeCursor(kind, field, cursor string) (string, error) {
	if cursor == "" {
		return "", nil
	}
	bad := models.InputError(field, "is not a valid cursor for this list")
	if len(cursor) > MaxCursorLength {
		return "", bad
	}
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil {
		return "", bad
	}
	k, id, ok := strings.Cut(string(raw), ":")
	if !ok || k != kind {
		return "", bad
	}
	if _, err := models.ParseID(field, id); err != nil {
		return "", bad
	}
	return id, nil
}

// trimPage cuts rows, fetched with one row more than size, to the page and returns the page's
// cursors (of kind) and whether a next page exists.
func trimPage[T any](rows []T, size int, kind string, id func(T) string) (page []T, cursors []string, hasNext bool) {
	if len(rows) > size {
		rows, hasNext = rows[:size], true
	}
	cursors = make([]string, len(rows))
	for i, r := range rows {
		cursors[i] = EncodeCursor(kind, id(r))
	}
	return rows, cursors, hasNext
}

// keysetBound is a list's cursor bound, `(project_id, id) < (project, cursor)`, for bun's
// Where with the two columns (bun.Ident) and the two values: with the list's own
// `project_id = project` it keeps exactly the rows older than the cursor, as `id < cursor` would.
// Written as a row comparison it is a condition of the keyset indexes on (organization_id,
// project_id, id) and of no other index, so the generic plan PostgreSQL keeps for the prepared
// statement reads the page through them, as a first page is read. With `id < cursor` that plan
// walked the primary key down from the cursor and dropped every older row of the other projects
// (the last page of a list read the rest of the table; TestLaterPagesReadTheirProject). The job
// list keeps `id < cursor` when it filters by Figma file or Page Import, whose own indexes are
// narrower.
const keysetBound = "(?, ?) < (?, ?)"
