package database

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/uptrace/bun"
)

// Builder is a statement bun builds and Statements or QueryRows runs: a SELECT
// (*bun.SelectQuery), or a raw statement that returns rows (*bun.RawQuery, an INSERT ...
// RETURNING).
type Builder interface {
	bun.Query
	DB() *bun.DB
	Scan(ctx context.Context, dest ...any) error
}

// Statements keeps the SQL text bun builds for each shape of one statement, so that a request whose
// statement has a shape seen before sends that text with its own values instead of running bun's
// query builder again (building and writing the text was 30-40 allocations and ~12-25
// µs of CPU per read). Once every value is a parameter (Params), the text depends only on the
// shape: which optional filters are present, and whatever the builder writes as a literal (a
// LIMIT). The key K names the shape; a key must determine the text completely.
//
// At most max shapes are kept; a statement of a further shape is built by bun each time, as
// without the cache. The zero value is not usable: make one with NewStatements.
type Statements[K comparable] struct {
	max   int
	n     atomic.Int64
	texts sync.Map // K -> *statement
}

// statement is one cached shape: its text and the query bun built it from, which the hooks added
// with AddQueryHook see as the event's query (bun's otel hook reads its table name and, for long
// texts, its template). It is never run or changed after it is stored.
type statement struct {
	query  string
	iquery Builder
}

// NewStatements returns a cache of at most max shapes (max >= 0; 0 keeps none).
func NewStatements[K comparable](max int) *Statements[K] {
	return &Statements[K]{max: max}
}

// QueryRows is QueryRows for the statement of shape key on db: vals are its values in the order of
// its placeholders ($1, $2, ...), and build(p) builds it with bun, taking each value's placeholder
// from p.Arg in that order. build runs when the shape is not cached yet, or when db is not a pool
// opened by Open (a transaction: build gets a nil *Params, bun writes the values into the text and
// runs it, as QueryRows does). Errors: the statement's or each's first, unwrapped, as QueryRows;
// an error naming key when build recorded other values than vals (a defect of the caller, shown
// the first time the shape is met).
func (c *Statements[K]) QueryRows(ctx context.Context, db bun.IDB, key K, vals []any, build func(*Params) Builder, each func(RowScanner) error) error {
	p := NewParams(db)
	if p == nil {
		return QueryRows(ctx, db, nil, build(nil), each)
	}
	if v, ok := c.texts.Load(key); ok {
		st := v.(*statement)
		p.vals = append(p.vals, vals...)
		return p.queryRows(ctx, st.iquery, st.query, each)
	}
	q := build(p)
	if !sameValues(p.vals[1:], vals) {
		return fmt.Errorf("database: statement shape %+v: the builder's values %v differ from the %d given", key, p.vals[1:], len(vals))
	}
	text, err := q.AppendQuery(q.DB().QueryGen(), nil)
	if err != nil {
		return err
	}
	st := &statement{query: string(text), iquery: q}
	c.store(key, st)
	return p.queryRows(ctx, st.iquery, st.query, each)
}

// store keeps st as key's statement unless max shapes are kept already.
func (c *Statements[K]) store(key K, st *statement) {
	for {
		n := c.n.Load()
		if n >= int64(c.max) {
			return
		}
		if c.n.CompareAndSwap(n, n+1) {
			break
		}
	}
	if _, loaded := c.texts.LoadOrStore(key, st); loaded {
		c.n.Add(-1) // another request stored the shape first
	}
}

// Len is the number of shapes kept.
func (c *Statements[K]) Len() int { return int(c.n.Load()) }

// sameValues reports whether a and b hold equal values in the same order. It compares element
// by element so that b, the caller's list, does not escape to the heap.
func sameValues(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !reflect.DeepEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

// Text is the cached text of shape key, and whether it is cached.
func (c *Statements[K]) Text(key K) (string, bool) {
	v, ok := c.texts.Load(key)
	if !ok {
		return "", false
	}
	return v.(*statement).query, true
}
