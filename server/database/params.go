package database

import (
	"context"
	"database/sql"
	"strconv"
	"sync"

	"github.com/jackc/pgx/v5"
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
//
// What it buys (docs/benchmarks.md, "What stays"): PostgreSQL parses and plans a small read once
// per connection instead of on every request (pgbench on the bench database: pageImport(id)'s
// statement 0.196 ms as text, 0.101 ms prepared; code2desJobs { pageImport } 0.684 and 0.232 ms).
// In the harness run without it, pageImport(id) fell to 1.32x and 1.15x of PostGraphile at 1 and 16
// clients and code2desJobs { pageImport } to 0.60x at 1 client, against 2x targets met with it
// in a run of the same load. A new statement needs only p.Arg around each value and Bind.
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
