package database_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/schema"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/server/database"
)

// byNameShape is the shape of selectNames' statement: whether it has the id filter.
type byNameShape struct{ withID bool }

// selectNames reads the names of params_row rows named name (and with an id above minID when
// withID) through c.
func selectNames(ctx context.Context, c *database.Statements[byNameShape], db bun.IDB, name string, withID bool, minID int64) ([]string, error) {
	vals := []any{name}
	if withID {
		vals = append(vals, minID)
	}
	var names []string
	err := c.QueryRows(ctx, db, byNameShape{withID}, vals, func(p *database.Params) database.Builder {
		q := db.NewSelect().Model((*paramsRow)(nil)).Column("name").Where("name = ?", p.Arg(name))
		if withID {
			q = q.Where("id > ?", p.Arg(minID))
		}
		return q.Order("id")
	}, func(r database.RowScanner) error {
		var n string
		err := r.Scan(&n)
		names = append(names, n)
		return err
	})
	return names, err
}

// A cached shape answers with its own values, the text bun built for the shape, prepared once.
func TestStatementsReuseTheTextOfAShape(t *testing.T) {
	ctx := context.Background()
	db := openOne(t, testenv.MustCreateEmptyDB(t))
	c := database.NewStatements[byNameShape](2)
	for range 3 {
		for _, tc := range []struct {
			name   string
			withID bool
			minID  int64
			want   string
		}{
			{"one", false, 0, "one"},
			{"two's", false, 0, "two's"},
			{"two's", true, 1, "two's"},
			{"two's", true, 2, ""},
			{"one", true, 0, "one"},
		} {
			names, err := selectNames(ctx, c, db, tc.name, tc.withID, tc.minID)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(names, ","); got != tc.want {
				t.Fatalf("%+v: got %q", tc, got)
			}
		}
	}
	if c.Len() != 2 {
		t.Fatalf("Len %d, want 2", c.Len())
	}
	for shape, want := range map[byNameShape]string{
		{false}: `SELECT "params_row"."name" FROM "params_row" WHERE (name = $1) ORDER BY "id"`,
		{true}:  `SELECT "params_row"."name" FROM "params_row" WHERE (name = $1) AND (id > $2) ORDER BY "id"`,
	} {
		if got, ok := c.Text(shape); !ok || got != want {
			t.Errorf("shape %+v: text %q (cached %v), want %q", shape, got, ok, want)
		}
	}
	if got := prepared(t, db); len(got) != 2 {
		t.Fatalf("prepared statements %q, want the two shapes", got)
	}
}

// At most max shapes are kept: a further shape is built each time and still answers.
func TestStatementsKeepAtMostMax(t *testing.T) {
	ctx := context.Background()
	db := openOne(t, testenv.MustCreateEmptyDB(t))
	for _, max := range []int{0, 1} {
		c := database.NewStatements[byNameShape](max)
		for range 2 {
			for _, withID := range []bool{false, true} {
				names, err := selectNames(ctx, c, db, "one", withID, 0)
				if err != nil || len(names) != 1 || names[0] != "one" {
					t.Fatalf("max %d, withID %v: %q, %v", max, withID, names, err)
				}
			}
		}
		if c.Len() != max {
			t.Fatalf("max %d: Len %d", max, c.Len())
		}
		if _, ok := c.Text(byNameShape{true}); ok {
			t.Fatalf("max %d: the shape past the limit is cached", max)
		}
	}
}

// Values that are not the ones the builder records are refused the first time the shape is met,
// and nothing is cached.
func TestStatementsRefuseValuesOtherThanTheBuilders(t *testing.T) {
	db := openOne(t, testenv.MustCreateEmptyDB(t))
	c := database.NewStatements[int](4)
	for _, vals := range [][]any{{"two's"}, {"one", int64(1)}, {}} {
		err := c.QueryRows(context.Background(), db, 1, vals, func(p *database.Params) database.Builder {
			return db.NewSelect().Model((*paramsRow)(nil)).Column("name").Where("name = ?", p.Arg("one"))
		}, func(database.RowScanner) error { return nil })
		if err == nil || !strings.Contains(err.Error(), "differ") {
			t.Fatalf("values %v: err %v, want the mismatch", vals, err)
		}
	}
	if c.Len() != 0 {
		t.Fatalf("Len %d after refusals", c.Len())
	}
}

// On a transaction the builder runs every time, its values written into the text by bun.
func TestStatementsOnATransactionBuildEachTime(t *testing.T) {
	ctx := context.Background()
	db := openOne(t, testenv.MustCreateEmptyDB(t))
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	c := database.NewStatements[byNameShape](2)
	builds := 0
	for range 2 {
		var names []string
		err := c.QueryRows(ctx, tx, byNameShape{}, []any{"two's"}, func(p *database.Params) database.Builder {
			builds++
			if p != nil {
				t.Fatal("a transaction got Params")
			}
			q := tx.NewSelect().Model((*paramsRow)(nil)).Column("name").Where("name = ?", p.Arg("two's"))
			if !strings.Contains(q.String(), "(name = 'two''s')") {
				t.Fatalf("text %s", q.String())
			}
			return q
		}, func(r database.RowScanner) error {
			var n string
			err := r.Scan(&n)
			names = append(names, n)
			return err
		})
		if err != nil || len(names) != 1 || names[0] != "two's" {
			t.Fatalf("%q, %v", names, err)
		}
	}
	if builds != 2 || c.Len() != 0 {
		t.Fatalf("builds %d, Len %d; want 2 and 0", builds, c.Len())
	}
}

// queryLog is a bun query hook that records each event's text, template, table and operation,
// reading the event's query as bun's otel hook does (from many requests at once under -race).
type queryLog struct {
	mu     sync.Mutex
	events []string
}

func (l *queryLog) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

func (l *queryLog) AfterQuery(_ context.Context, e *bun.QueryEvent) {
	tmpl, err := e.IQuery.AppendQuery(schema.NewNopQueryGen(), nil)
	line := e.Operation() + " " + e.IQuery.GetTableName() + " " + e.Query + " | " + string(tmpl)
	if err != nil || e.Err != nil || e.DB == nil {
		line = "error"
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = append(l.events, line)
}

// The hooks added with AddQueryHook see every statement, cached or not, with its text and the
// query bun built it from.
func TestStatementsReachTheQueryHooks(t *testing.T) {
	ctx := context.Background()
	db := openOne(t, testenv.MustCreateEmptyDB(t))
	db.DB.SetMaxOpenConns(4)
	log := new(queryLog)
	database.AddQueryHook(db, log)
	c := database.NewStatements[byNameShape](2)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			if _, err := selectNames(ctx, c, db, "one", i%2 == 0, 0); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	// The template is bun's own for the query (NopQueryGen writes each argument as "?").
	want := map[string]int{
		`SELECT params_row SELECT "params_row"."name" FROM "params_row" WHERE (name = $1) ORDER BY "id" | SELECT "params_row"."name" FROM "params_row" WHERE (name = ?) ORDER BY "id"`:                            4,
		`SELECT params_row SELECT "params_row"."name" FROM "params_row" WHERE (name = $1) AND (id > $2) ORDER BY "id" | SELECT "params_row"."name" FROM "params_row" WHERE (name = ?) AND (id > ?) ORDER BY "id"`: 4,
	}
	got := map[string]int{}
	for _, e := range log.events {
		got[e]++
	}
	if len(got) != len(want) {
		t.Fatalf("events %q", log.events)
	}
	for e, n := range want {
		if got[e] != n {
			t.Fatalf("event %q seen %d times, want %d (all: %q)", e, got[e], n, log.events)
		}
	}
}
