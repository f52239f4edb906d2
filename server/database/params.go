package database

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/uptrace/bun"
)

// Params collects the values of one statement's parameters while bun builds it, so that the
// statement is sent with `$1, $2, ...` in its text and the values apart, as a statement pgx
// prepares once per connection and PostgreSQL plans once (a cached generic plan) instead of parsing
// and planning it on every request. bun writes arguments into the SQL text, which is
// why the pool's default is pgx's unprepared exec mode (queryExecMode); Params is for the hot,
// fixed-shape statements of the API: one by id, a list page, the create INSERT.
//
// Use it as
//
//	p := database.NewParams(db)
//	q := db.NewSelect().Model(&rows).Where("id = ?", p.Arg(id))
//	err := database.Bind(q, p).Scan(ctx)
//
// bun still builds the statement, runs its query hooks (tracing) and scans the rows into the
// model; only the way the text and values reach PostgreSQL changes. A nil *Params is valid: Arg
// then returns the value itself (bun writes it into the text) and Bind leaves the query as it is,
// so one builder serves both ways.
type Params struct {
	db   *bun.DB
	conn bun.IConn
	// vals holds the exec mode first (pgx takes it as an option argument), then the values.
	vals []any
}

// preparedModes maps each pool opened by Open to the exec mode of its Params statements:
// pgx.QueryExecModeCacheStatement, or the URL's own default_query_exec_mode when it names one
// (default_query_exec_mode=exec or simple_protocol turns prepared statements off, e.g. behind a
// pooler in transaction mode that cannot keep them).
// An entry lives as long as the process (one per Open: a handful in the server, one per test
// database in the tests).
var preparedModes sync.Map // *sql.DB -> pgx.QueryExecMode

// NewParams returns the parameter collector of one statement to run on db. It returns nil (values
// written into the text, as bun does) when db is not a pool opened by Open, e.g. a transaction.
func NewParams(db bun.IDB) *Params {
	bdb, ok := db.(*bun.DB)
	if !ok {
		return nil
	}
	mode, ok := preparedModes.Load(bdb.DB)
	if !ok {
		return nil
	}
	p := &Params{db: bdb, conn: bdb.DB, vals: make([]any, 1, 6)}
	p.vals[0] = mode
	return p
}

// Arg records v as the statement's next parameter and returns its placeholder (`$n`) for bun's
// `?` formatting. On a nil *Params it returns v, which bun then writes into the text.
func (p *Params) Arg(v any) any {
	if p == nil {
		return v
	}
	p.vals = append(p.vals, v)
	return bun.Safe("$" + strconv.Itoa(len(p.vals)-1))
}

// Values are the values recorded so far, in the order of their placeholders ($1 first); nil on a
// nil *Params. The slice is p's own: do not change it.
func (p *Params) Values() []any {
	if p == nil {
		return nil
	}
	return p.vals[1:]
}

// QueryContext runs query with the recorded values (bun.IConn; bun passes no args of its own).
func (p *Params) QueryContext(ctx context.Context, query string, _ ...any) (*sql.Rows, error) {
	return p.conn.QueryContext(ctx, query, p.vals...)
}

// ExecContext runs query with the recorded values (bun.IConn).
func (p *Params) ExecContext(ctx context.Context, query string, _ ...any) (sql.Result, error) {
	return p.conn.ExecContext(ctx, query, p.vals...)
}

// QueryRowContext runs query with the recorded values (bun.IConn).
func (p *Params) QueryRowContext(ctx context.Context, query string, _ ...any) *sql.Row {
	return p.conn.QueryRowContext(ctx, query, p.vals...)
}

// conner is a bun query that can be sent through another connection (SelectQuery, InsertQuery,
// UpdateQuery, RawQuery).
type conner[Q any] interface {
	Conn(bun.IConn) Q
}

// Bind sends q through p, so that its `$n` placeholders get p's values. With a nil p it returns q.
func Bind[Q conner[Q]](q Q, p *Params) Q {
	if p == nil {
		return q
	}
	return q.Conn(p)
}

// registerPrepared records the exec mode of sqldb's Params statements (see preparedModes); a mode
// that prepares nothing (exec, simple protocol) is recorded as it is, so Params still sends the
// values apart but PostgreSQL plans each time.
func registerPrepared(sqldb *sql.DB, urlMode pgx.QueryExecMode, urlSet bool) {
	mode := pgx.QueryExecModeCacheStatement
	if urlSet {
		mode = urlMode
	}
	preparedModes.Store(sqldb, mode)
}

// RowScanner is one row of a result being read: pgx.Rows and *sql.Rows both are one.
type RowScanner interface {
	Scan(dest ...any) error
}

// queryHooks holds the bun query hooks added with AddQueryHook, per pool, for the statements
// QueryRows sends past bun's own execution.
var queryHooks sync.Map // *sql.DB -> []bun.QueryHook (replaced, never changed in place)

var queryHooksMu sync.Mutex

// AddQueryHook adds hook to db as bun's AddQueryHook does, and to the statements QueryRows sends
// to pgx directly, so that every statement of db reaches it (tracing, statement counts in tests).
// Add hooks before db serves requests, as with bun's own.
func AddQueryHook(db *bun.DB, hook bun.QueryHook) {
	db.AddQueryHook(hook)
	queryHooksMu.Lock()
	defer queryHooksMu.Unlock()
	var hooks []bun.QueryHook
	if v, ok := queryHooks.Load(db.DB); ok {
		hooks = v.([]bun.QueryHook)
	}
	queryHooks.Store(db.DB, append(slices.Clip(hooks), hook))
}

// QueryRows runs q, built with p's placeholders, and calls each for every row in order, for the
// API's hottest reads: the caller scans each row straight into its struct's fields in
// the order of q's SELECT list, where bun would look every column up by name and convert it
// through database/sql by reflection (a fifth of a list request's CPU). With a Params from
// NewParams the statement goes to pgx directly (a prepared statement, binary results) on a
// connection of db's pool, between the hooks added with AddQueryHook; with a nil p (a transaction,
// or a pool Open did not make) bun runs it, values in its text, and each reads database/sql's
// rows. The error is the statement's or each's first, unwrapped, for DatabaseError to classify.
func QueryRows(ctx context.Context, db bun.IDB, p *Params, q Builder, each func(RowScanner) error) error {
	if p == nil {
		return q.Scan(ctx, rowsModel(each))
	}
	text, err := q.AppendQuery(q.DB().QueryGen(), nil)
	if err != nil {
		return err
	}
	return p.queryRows(ctx, q, string(text), each)
}

// queryRows sends query with p's values to pgx on a connection of p's pool, between the hooks
// added with AddQueryHook, which see iquery as the event's query, and calls each for every row.
func (p *Params) queryRows(ctx context.Context, iquery bun.Query, query string, each func(RowScanner) error) error {
	sqldb, ok := p.conn.(*sql.DB)
	if !ok {
		return fmt.Errorf("database: QueryRows through %T", p.conn)
	}
	var event *bun.QueryEvent
	v, _ := queryHooks.Load(sqldb)
	hooks, _ := v.([]bun.QueryHook)
	if len(hooks) > 0 {
		event = &bun.QueryEvent{DB: p.db, IQuery: iquery, Query: query, QueryTemplate: query, StartTime: time.Now()}
		for _, h := range hooks {
			ctx = h.BeforeQuery(ctx, event)
		}
	}
	n, err := pgxRows(ctx, sqldb, query, p.vals, each)
	if event != nil {
		event.Err = err
		if err == nil {
			event.Result = driver.RowsAffected(n)
		}
		for i := len(hooks) - 1; i >= 0; i-- {
			hooks[i].AfterQuery(ctx, event)
		}
	}
	return err
}

// pgxRows runs query with args on a connection of sqldb's pool through pgx itself and calls each
// for every row; it returns the number of rows read.
func pgxRows(ctx context.Context, sqldb *sql.DB, query string, args []any, each func(RowScanner) error) (int, error) {
	conn, err := sqldb.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	n := 0
	err = conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("database: driver connection %T is not pgx's", dc)
		}
		rows, err := c.Conn().Query(ctx, query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			if err := each(rows); err != nil {
				return err
			}
			n++
		}
		return rows.Err()
	})
	return n, err
}

// rowsModel is a bun model that hands each row of database/sql's result to a function.
type rowsModel func(RowScanner) error

var _ bun.Model = rowsModel(nil)

// ScanRows calls the function for every row (bun.Model).
func (m rowsModel) ScanRows(_ context.Context, rows *sql.Rows) (int, error) {
	n := 0
	for rows.Next() {
		if err := m(rows); err != nil {
			return n, err
		}
		n++
	}
	return n, rows.Err()
}

// Value is the model's destination (bun.Model): none.
func (m rowsModel) Value() any { return nil }
