package database_test

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/server/database"
)

// paramsRow is a small table for the Params tests.
type paramsRow struct {
	bun.BaseModel `bun:"table:params_row"`
	ID            int64  `bun:"id,pk"`
	Name          string `bun:"name"`
	Note          *string
}

// openOne opens dsn with a pool of one connection, so that pg_prepared_statements (which is per
// session) shows what the statements of the test prepared.
func openOne(t *testing.T, dsn string) *bun.DB {
	t.Helper()
	db, err := database.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.DB.SetMaxOpenConns(1)
	if _, err := db.ExecContext(context.Background(), `CREATE TABLE IF NOT EXISTS params_row (id bigint PRIMARY KEY, name text NOT NULL, note text);
INSERT INTO params_row VALUES (1, 'one', NULL), (2, 'two''s', 'n') ON CONFLICT DO NOTHING`); err != nil {
		t.Fatal(err)
	}
	return db
}

// prepared lists the statements the pool's one session has prepared whose text mentions params_row.
func prepared(t *testing.T, db *bun.DB) []string {
	t.Helper()
	var texts []string
	if err := db.NewRaw("SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%params_row%' ORDER BY statement").Scan(context.Background(), &texts); err != nil {
		t.Fatal(err)
	}
	return texts
}

func selectByName(ctx context.Context, db *bun.DB, name string) ([]paramsRow, string, error) {
	p := database.NewParams(db)
	var rows []paramsRow
	q := db.NewSelect().Model(&rows).Where("name = ?", p.Arg(name)).Where("id > ?", p.Arg(int64(0))).Order("id")
	text := q.String()
	err := database.Bind(q, p).Scan(ctx)
	return rows, text, err
}

func TestParamsSendValuesApartAndPrepareOnce(t *testing.T) {
	ctx := context.Background()
	db := openOne(t, testenv.MustCreateEmptyDB(t))
	// Values that would need quoting in the text travel apart, unchanged.
	for i := 0; i < 3; i++ {
		for _, name := range []string{"one", "two's"} {
			rows, text, err := selectByName(ctx, db, name)
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != 1 || rows[0].Name != name {
				t.Fatalf("name %q: got %+v", name, rows)
			}
			if !strings.Contains(text, "(name = $1)") || !strings.Contains(text, "(id > $2)") || strings.Contains(text, "'") {
				t.Fatalf("statement text %q: want placeholders $1 and $2, no values", text)
			}
		}
	}
	// Six executions of one text with different values: one prepared statement.
	if got := prepared(t, db); len(got) != 1 || !strings.Contains(got[0], "$1") {
		t.Fatalf("prepared statements %q, want exactly the one select", got)
	}

	// A single struct with no row is still sql.ErrNoRows, as bun's own Scan answers.
	p := database.NewParams(db)
	var one paramsRow
	err := database.Bind(db.NewSelect().Model(&one).Where("id = ?", p.Arg(int64(42))), p).Scan(ctx)
	if !errors.Is(err, sql.ErrNoRows) {
		t.Fatalf("no row: got %v, want sql.ErrNoRows", err)
	}
	// NULL and RETURNING through a raw INSERT.
	p = database.NewParams(db)
	var back paramsRow
	if err := database.Bind(db.NewRaw("INSERT INTO params_row (id, name, note) VALUES (?, ?, ?) RETURNING *", p.Arg(int64(3)), p.Arg("three"), p.Arg((*string)(nil))), p).Scan(ctx, &back); err != nil {
		t.Fatal(err)
	}
	if back.ID != 3 || back.Name != "three" || back.Note != nil {
		t.Fatalf("returned %+v", back)
	}
}

func TestParamsNilWritesValuesIntoText(t *testing.T) {
	var p *database.Params
	if got := p.Arg("x"); got != "x" {
		t.Fatalf("nil Params: Arg = %v, want the value", got)
	}
	db := openOne(t, testenv.MustCreateEmptyDB(t))
	q := db.NewSelect().Model((*paramsRow)(nil)).Where("name = ?", p.Arg("one"))
	if database.Bind(q, p) != q || !strings.Contains(q.String(), "(name = 'one')") {
		t.Fatalf("nil Params: %s", q.String())
	}
	// A transaction is not a pool Open made: its statements keep their values in the text.
	tx, err := db.BeginTx(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if database.NewParams(tx) != nil {
		t.Fatal("NewParams(tx) is not nil")
	}
}

func TestParamsFollowURLExecMode(t *testing.T) {
	dsn := testenv.MustCreateEmptyDB(t)
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	db := openOne(t, dsn+sep+"default_query_exec_mode=exec")
	for i := 0; i < 3; i++ {
		rows, _, err := selectByName(context.Background(), db, "one")
		if err != nil || len(rows) != 1 {
			t.Fatalf("rows %+v, err %v", rows, err)
		}
	}
	if got := prepared(t, db); len(got) != 0 {
		t.Fatalf("default_query_exec_mode=exec: prepared %q, want none", got)
	}
}
