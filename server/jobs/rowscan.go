package jobs

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

// pageImportColumns are the page_import columns the API's reads select (every column but
// pageImportUnread, which a test checks), in the order pageImportRow scans them
// (database.QueryRows: issue 17).
var pageImportColumns = []string{
	"id", "organization_id", "project_id", "source_kind", "source_url", "viewport_width",
	"viewport_height", "device_scale_factor", "ready_selector", "status", "attempt", "capture_hash",
	"screenshot_url", "error_message", "created_at", "updated_at", "created_by",
}

// pageImportRow is the reused scan target of pageImportColumns rows: one set of targets for a
// whole result, each row copied out (issue 17: a []any of targets per row was a tenth of a list's
// allocation).
type pageImportRow struct {
	pi      models.PageImport
	targets []any // pgx's, made by scanTargets
	raw     rawPlan
	text    rowText
	// slab holds the copies of a list's rows (reserve): one allocation per page, not per row.
	slab []models.PageImport
}

// reserve makes room for the copies of the next n rows in one array (a page read with n rows at
// most); rows past it are copied one by one. The rows share the array, so any kept row keeps the
// page's rows alive.
func (r *pageImportRow) reserve(n int) { r.slab = make([]models.PageImport, 0, n) }

// scanTargets are pgx's scan targets of r.pi, made on the first row pgx scans (most results are
// decoded from their raw values and never need them).
func (r *pageImportRow) scanTargets() []any {
	if r.targets == nil {
		pi := &r.pi
		r.targets = []any{
			&pi.ID, &pi.OrganizationID, &pi.ProjectID, &pi.SourceKind, &pi.SourceURL, &pi.ViewportWidth,
			&pi.ViewportHeight, &pi.DeviceScaleFactor, &pi.ReadySelector, &pi.Status, &pi.Attempt, &pi.CaptureHash,
			&pi.ScreenshotURL, &pi.ErrorMessage, &pi.CreatedAt, &pi.UpdatedAt, &pi.CreatedBy,
		}
	}
	return r.targets
}

// scan reads one row and returns a copy of it. Nullable columns scan into fresh pointers (pgx and
// database/sql allocate each), so copies share nothing.
func (r *pageImportRow) scan(rs database.RowScanner) (*models.PageImport, error) {
	if vals, ok := r.raw.values(rs, pageImportKinds); !ok || !decodePageImport(&r.pi, r.text.load(vals), 0, allPageImportColumns) {
		r.pi = models.PageImport{} // no value of an earlier row or of a partial decode stays
		if err := rs.Scan(r.scanTargets()...); err != nil {
			return nil, err
		}
	}
	pi := nextInSlab(&r.slab)
	*pi = r.pi
	return pi, nil
}

// pageImportKinds are the kinds of pageImportColumns, in order.
var pageImportKinds = []rawKind{
	rawText, rawInt8, rawInt8, rawText, rawText, rawInt4,
	rawInt4, rawFloat4, rawText, rawEnum, rawInt4, rawText,
	rawText, rawText, rawTime, rawTime, rawText,
}

// decodePageImport sets pi from the raw values from index from on, which are the
// pageImportColumns at indexes cols (ascending), as pgx's Scan into pageImportRow.scanTargets
// does; the fields of other columns are left as they are. False when a value is one pgx would
// refuse (then pi is partly set, and the caller scans with pgx for its error).
func decodePageImport(pi *models.PageImport, t *rowText, from int, cols []int) bool {
	ok := true
	for k, col := range cols {
		i := from + k
		v := t.vals[i]
		switch models.PageImportColumns(1) << col {
		case models.PageImportColID:
			pi.ID = t.text(i, &ok)
		case models.PageImportColOrganizationID:
			pi.OrganizationID = rawInt8Value(v, &ok)
		case models.PageImportColProjectID:
			pi.ProjectID = rawInt8Value(v, &ok)
		case models.PageImportColSourceKind:
			pi.SourceKind = t.text(i, &ok)
		case models.PageImportColSourceURL:
			pi.SourceURL = t.text(i, &ok)
		case models.PageImportColViewportWidth:
			pi.ViewportWidth = rawInt4Value(v, &ok)
		case models.PageImportColViewportHeight:
			pi.ViewportHeight = rawInt4Value(v, &ok)
		case models.PageImportColDeviceScaleFactor:
			pi.DeviceScaleFactor = rawFloat4Value(v, &ok)
		case models.PageImportColReadySelector:
			pi.ReadySelector = t.textPtr(i)
		case models.PageImportColStatus:
			pi.Status = models.PageImportStatus(t.status(i, &ok))
		case models.PageImportColAttempt:
			pi.Attempt = rawInt4Value(v, &ok)
		case models.PageImportColCaptureHash:
			pi.CaptureHash = t.textPtr(i)
		case models.PageImportColScreenshotURL:
			pi.ScreenshotURL = t.textPtr(i)
		case models.PageImportColErrorMessage:
			pi.ErrorMessage = t.textPtr(i)
		case models.PageImportColCreatedAt:
			pi.CreatedAt = rawTimeValue(v, &ok)
		case models.PageImportColUpdatedAt:
			pi.UpdatedAt = rawTimeValue(v, &ok)
		case models.PageImportColCreatedBy:
			pi.CreatedBy = t.text(i, &ok)
		default:
			ok = false
		}
	}
	return ok
}

// code2desColumns are the code2des columns the list selects (every column but code2desUnread), in
// the order code2desRow scans them.
var code2desColumns = []string{
	"id", "organization_id", "project_id", "page_import_id", "figma_file_key", "screen_id",
	"placement_target", "status", "attempt", "warning_count", "error_message", "materialized_at",
	"materialized_node_id", "created_at", "updated_at", "created_by",
}

// code2desRow is the reused scan target of rows of the code2desColumns at indexes cols, followed,
// when joined, by the pageImportColumns at indexes icols of a LEFT JOIN: those are all NULL when
// the join found no row, so pgx scans them into pgtype values (no allocation per column) and they
// become a PageImport only when the id (always the first) is there. The fields of columns a row
// does not carry are left zero.
type code2desRow struct {
	c          models.Code2Des
	pi         joinedPageImport
	joined     bool
	cols       []int // indexes into code2desColumns, ascending
	icols      []int // indexes into pageImportColumns, ascending, starting with the id's
	targetList []any // pgx's targets of the result's columns, made on the first row pgx scans
	kinds      []rawKind
	raw        rawPlan
	text       rowText
	// jobs and imports hold a page's rows (reserve): one allocation per page, not per row.
	jobs    []models.Code2Des
	imports []models.PageImport
}

// joinedPageImport holds pageImportColumns of a LEFT JOIN.
type joinedPageImport struct {
	id, sourceKind, sourceURL, readySelector, status pgtype.Text
	captureHash, screenshotURL, errorMessage         pgtype.Text
	createdBy                                        pgtype.Text
	organizationID, projectID                        pgtype.Int8
	viewportWidth, viewportHeight, attempt           pgtype.Int4
	deviceScaleFactor                                pgtype.Float4
	createdAt, updatedAt                             pgtype.Timestamptz
}

// newCode2DesRow returns the scan target of rows of the code2des columns cols followed, when
// joined, by the page_import columns icols (both as code2desReadColumns returns them).
func newCode2DesRow(cols models.Code2DesColumns, joined bool, icols models.PageImportColumns) *code2desRow {
	r := &code2desRow{joined: joined, cols: columnIndexes(uint32(cols), len(code2desColumns))}
	r.kinds = make([]rawKind, 0, len(code2desColumns)+len(pageImportColumns))
	for _, i := range r.cols {
		r.kinds = append(r.kinds, code2desKinds[i])
	}
	if joined {
		r.icols = columnIndexes(uint32(icols), len(pageImportColumns))
		for _, i := range r.icols {
			r.kinds = append(r.kinds, pageImportKinds[i])
		}
	}
	return r
}

// columnIndexes are the indexes of the bits set in mask among the first n, ascending.
func columnIndexes(mask uint32, n int) []int {
	idx := make([]int, 0, bits.OnesCount32(mask))
	for i := range n {
		if mask&(1<<i) != 0 {
			idx = append(idx, i)
		}
	}
	return idx
}

// targets are pgx's scan targets of the row's columns, in order.
func (r *code2desRow) targets() []any {
	if r.targetList != nil {
		return r.targetList
	}
	c, j := &r.c, &r.pi
	all := []any{
		&c.ID, &c.OrganizationID, &c.ProjectID, &c.PageImportID, &c.FigmaFileKey, &c.ScreenID,
		&c.PlacementTarget, &c.Status, &c.Attempt, &c.WarningCount, &c.ErrorMessage, &c.MaterializedAt,
		&c.MaterializedNodeID, &c.CreatedAt, &c.UpdatedAt, &c.CreatedBy,
	}
	joinedAll := []any{
		&j.id, &j.organizationID, &j.projectID, &j.sourceKind, &j.sourceURL, &j.viewportWidth,
		&j.viewportHeight, &j.deviceScaleFactor, &j.readySelector, &j.status, &j.attempt, &j.captureHash,
		&j.screenshotURL, &j.errorMessage, &j.createdAt, &j.updatedAt, &j.createdBy,
	}
	r.targetList = make([]any, 0, len(r.cols)+len(r.icols))
	for _, i := range r.cols {
		r.targetList = append(r.targetList, all[i])
	}
	for _, i := range r.icols {
		r.targetList = append(r.targetList, joinedAll[i])
	}
	return r.targetList
}

// scan reads one row and returns a copy of the job and, when joined and found, of its import.
func (r *code2desRow) scan(rs database.RowScanner) (*models.Code2Des, *models.PageImport, error) {
	if vals, ok := r.raw.values(rs, r.kinds); ok {
		c := nextInSlab(&r.jobs)
		if t := r.text.load(vals); decodeCode2Des(c, t, r.cols) {
			if !r.joined || vals[len(r.cols)] == nil {
				return c, nil, nil
			}
			pi := nextInSlab(&r.imports)
			if decodePageImport(pi, t, len(r.cols), r.icols) {
				return c, pi, nil
			}
		}
	}
	r.c, r.pi = models.Code2Des{}, joinedPageImport{} // no value of an earlier row stays
	if err := rs.Scan(r.targets()...); err != nil {
		return nil, nil, err
	}
	c := r.c
	return &c, r.pi.pageImport(), nil
}

// reserve makes room for the next n rows' jobs and imports in one array each (a page read with n
// rows at most); rows past it get their own. The rows share the arrays, so any kept row keeps the
// page's rows alive.
func (r *code2desRow) reserve(n int) {
	r.jobs = make([]models.Code2Des, 0, n)
	if r.joined {
		r.imports = make([]models.PageImport, 0, n)
	}
}

// nextInSlab returns a zero T from the room left in *slab, or a new one.
func nextInSlab[T any](slab *[]T) *T {
	s := *slab
	if len(s) < cap(s) {
		var zero T
		*slab = append(s, zero)
		return &(*slab)[len(s)]
	}
	return new(T)
}

// code2desKinds are the kinds of code2desColumns, in order.
var code2desKinds = []rawKind{
	rawText, rawInt8, rawInt8, rawText, rawText, rawText,
	rawText, rawEnum, rawInt4, rawInt4, rawText, rawTime,
	rawText, rawTime, rawTime, rawText,
}

// allPageImportColumns are the indexes of every pageImportColumns column.
var allPageImportColumns = columnIndexes(uint32(models.AllPageImportColumns), len(pageImportColumns))

// decodeCode2Des sets c from the raw values of the code2desColumns at indexes cols (ascending), as
// pgx's Scan into code2desRow's targets does; false when a value is one pgx would refuse.
func decodeCode2Des(c *models.Code2Des, t *rowText, cols []int) bool {
	ok := true
	for i, col := range cols {
		v := t.vals[i]
		switch models.Code2DesColumns(1) << col {
		case models.Code2DesColID:
			c.ID = t.text(i, &ok)
		case models.Code2DesColOrganizationID:
			c.OrganizationID = rawInt8Value(v, &ok)
		case models.Code2DesColProjectID:
			c.ProjectID = rawInt8Value(v, &ok)
		case models.Code2DesColPageImportID:
			c.PageImportID = t.text(i, &ok)
		case models.Code2DesColFigmaFileKey:
			c.FigmaFileKey = t.text(i, &ok)
		case models.Code2DesColScreenID:
			c.ScreenID = t.text(i, &ok)
		case models.Code2DesColPlacementTarget:
			c.PlacementTarget = t.textPtr(i)
		case models.Code2DesColStatus:
			c.Status = models.Code2DesStatus(t.status(i, &ok))
		case models.Code2DesColAttempt:
			c.Attempt = rawInt4Value(v, &ok)
		case models.Code2DesColWarningCount:
			if v != nil {
				n := rawInt4Value(v, &ok)
				c.WarningCount = &n
			}
		case models.Code2DesColErrorMessage:
			c.ErrorMessage = t.textPtr(i)
		case models.Code2DesColMaterializedAt:
			if v != nil {
				at := rawTimeValue(v, &ok)
				c.MaterializedAt = &at
			}
		case models.Code2DesColMaterializedNodeID:
			c.MaterializedNodeID = t.textPtr(i)
		case models.Code2DesColCreatedAt:
			c.CreatedAt = rawTimeValue(v, &ok)
		case models.Code2DesColUpdatedAt:
			c.UpdatedAt = rawTimeValue(v, &ok)
		case models.Code2DesColCreatedBy:
			c.CreatedBy = t.text(i, &ok)
		default:
			ok = false
		}
	}
	return ok
}

// pageImport is the joined row, or nil when the join found none (the id is NULL).
func (j *joinedPageImport) pageImport() *models.PageImport {
	if !j.id.Valid {
		return nil
	}
	return &models.PageImport{
		ID: j.id.String, OrganizationID: j.organizationID.Int64, ProjectID: j.projectID.Int64,
		SourceKind: j.sourceKind.String, SourceURL: j.sourceURL.String,
		ViewportWidth: int(j.viewportWidth.Int32), ViewportHeight: int(j.viewportHeight.Int32),
		DeviceScaleFactor: float64(j.deviceScaleFactor.Float32), ReadySelector: textPtr(j.readySelector),
		Status: models.PageImportStatus(j.status.String), Attempt: int(j.attempt.Int32),
		CaptureHash: textPtr(j.captureHash), ScreenshotURL: textPtr(j.screenshotURL), ErrorMessage: textPtr(j.errorMessage),
		CreatedAt: j.createdAt.Time, UpdatedAt: j.updatedAt.Time, CreatedBy: j.createdBy.String,
	}
}

// textPtr is t's string, or nil for NULL.
func textPtr(t pgtype.Text) *string {
	if !t.Valid {
		return nil
	}
	v := t.String
	return &v
}

// Raw decoding (issue 17): pgx's Scan plans a conversion per column of every result and calls it
// through interfaces for every value; the direct-scan reads know their columns' types, so they
// decode the bytes pgx received themselves, with pgx's own rules, when the result's columns are
// of the kinds expected (rawPlan). Anything else (another type or format, a NULL in a NOT NULL
// column, a length or timestamp pgx would refuse) goes through pgx's Scan, which answers or fails
// as before. A test compares both decodings of the same rows field by field.

// rawKind is a column's expected type and format as pgx receives it.
type rawKind uint8

const (
	rawText   rawKind = iota // text or varchar, either format (both are the bytes of the text)
	rawEnum                  // an enum (a type of the database, OID past the built-in ones), text format: its label
	rawInt8                  // bigint, binary
	rawInt4                  // integer, binary
	rawFloat4                // real, binary
	rawTime                  // timestamptz, binary: microseconds since 2000-01-01 UTC
)

// firstNormalOID is PostgreSQL's FirstNormalObjectId: OIDs from here on are the database's own
// (its enums among them), never a built-in type.
const firstNormalOID = 16384

// rawPlan remembers, for one result, whether its columns are of the kinds expected.
type rawPlan struct {
	fields []pgconn.FieldDescription
	ok     bool
}

// values are the raw values of rs's current row when rs is pgx's and its columns are of kinds.
func (p *rawPlan) values(rs database.RowScanner, kinds []rawKind) ([][]byte, bool) {
	rows, isPgx := rs.(pgx.Rows)
	if !isPgx {
		return nil, false
	}
	fields := rows.FieldDescriptions()
	if len(fields) == 0 || len(p.fields) == 0 || &fields[0] != &p.fields[0] || len(fields) != len(p.fields) {
		p.fields, p.ok = fields, rawKindsMatch(fields, kinds)
	}
	if !p.ok {
		return nil, false
	}
	return rows.RawValues(), true
}

// rawKindsMatch reports whether fields are, in order, of kinds.
func rawKindsMatch(fields []pgconn.FieldDescription, kinds []rawKind) bool {
	if len(fields) != len(kinds) {
		return false
	}
	for i, f := range fields {
		var ok bool
		switch kinds[i] {
		case rawText:
			ok = f.DataTypeOID == pgtype.TextOID || f.DataTypeOID == pgtype.VarcharOID
		case rawEnum:
			ok = f.Format == pgtype.TextFormatCode && f.DataTypeOID >= firstNormalOID
		case rawInt8:
			ok = f.Format == pgtype.BinaryFormatCode && f.DataTypeOID == pgtype.Int8OID
		case rawInt4:
			ok = f.Format == pgtype.BinaryFormatCode && f.DataTypeOID == pgtype.Int4OID
		case rawFloat4:
			ok = f.Format == pgtype.BinaryFormatCode && f.DataTypeOID == pgtype.Float4OID
		case rawTime:
			ok = f.Format == pgtype.BinaryFormatCode && f.DataTypeOID == pgtype.TimestamptzOID
		}
		if !ok {
			return false
		}
	}
	return true
}

// rowText is one row's raw values with all their bytes in one string, of which the row's text
// values are slices: one allocation per row, where string(b) for each value (and pgx) made one per
// value. The values of a row share the string, so a kept value keeps the row's text (a few
// hundred bytes) alive.
type rowText struct {
	vals [][]byte
	off  []int
	s    string
}

// load takes vals, the current row's raw values, and returns t.
func (t *rowText) load(vals [][]byte) *rowText {
	n := 0
	for _, v := range vals {
		n += len(v)
	}
	var b strings.Builder
	b.Grow(n)
	if cap(t.off) < len(vals) {
		t.off = make([]int, len(vals))
	}
	t.vals, t.off = vals, t.off[:len(vals)]
	for i, v := range vals {
		t.off[i] = b.Len()
		b.Write(v)
	}
	t.s = b.String()
	return t
}

// text is value i as a NOT NULL text; NULL clears ok.
func (t *rowText) text(i int, ok *bool) string {
	v := t.vals[i]
	if v == nil {
		*ok = false
		return ""
	}
	return t.s[t.off[i] : t.off[i]+len(v)]
}

// textPtr is value i as a nullable text.
func (t *rowText) textPtr(i int) *string {
	if t.vals[i] == nil {
		return nil
	}
	s := t.s[t.off[i] : t.off[i]+len(t.vals[i])]
	return &s
}

// status is value i as a NOT NULL status label: the labels of the status enums (migrations: '0',
// '1', '2') are constants, so they share no row's text; any other label is read as text.
func (t *rowText) status(i int, ok *bool) string {
	switch string(t.vals[i]) {
	case "0":
		return "0"
	case "1":
		return "1"
	case "2":
		return "2"
	}
	return t.text(i, ok)
}

// rawInt8Value is a NOT NULL bigint; NULL or a length other than 8 clears ok.
func rawInt8Value(b []byte, ok *bool) int64 {
	if len(b) != 8 {
		*ok = false
		return 0
	}
	return int64(binary.BigEndian.Uint64(b))
}

// rawInt4Value is a NOT NULL integer; NULL or a length other than 4 clears ok.
func rawInt4Value(b []byte, ok *bool) int {
	if len(b) != 4 {
		*ok = false
		return 0
	}
	return int(int32(binary.BigEndian.Uint32(b)))
}

// rawFloat4Value is a NOT NULL real, widened as pgx widens it; NULL or a length other than 4
// clears ok.
func rawFloat4Value(b []byte, ok *bool) float64 {
	if len(b) != 4 {
		*ok = false
		return 0
	}
	return float64(math.Float32frombits(binary.BigEndian.Uint32(b)))
}

// Timestamps pgx decodes (pgtype's timestamptz codec): microseconds since 2000-01-01 UTC, in the
// local zone (pgx's codec has no scan location here); it refuses infinities and times outside
// [minRawTime, endRawTime).
const microsecFromUnixEpochToY2K = 946_684_800 * 1_000_000

var (
	minRawTime = time.Date(-4713, 11, 24, 0, 0, 0, 0, time.UTC)
	endRawTime = time.Date(294277, 1, 1, 0, 0, 0, 0, time.UTC)
)

// rawTimeValue is a NOT NULL timestamptz as pgx scans it into a time.Time; NULL, a length other
// than 8, an infinity or a time pgx refuses clears ok.
func rawTimeValue(b []byte, ok *bool) time.Time {
	if len(b) != 8 {
		*ok = false
		return time.Time{}
	}
	us := int64(binary.BigEndian.Uint64(b))
	if us == math.MaxInt64 || us == math.MinInt64 {
		*ok = false
		return time.Time{}
	}
	t := time.Unix(microsecFromUnixEpochToY2K/1_000_000+us/1_000_000, (microsecFromUnixEpochToY2K%1_000_000*1_000)+(us%1_000_000*1_000))
	if t.Before(minRawTime) || !t.Before(endRawTime) {
		*ok = false
		return time.Time{}
	}
	return t
}
