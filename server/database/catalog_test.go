package database_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/uptrace/bun"
)

// column is one row of information_schema.columns, reduced to what the seeds specify.
type column struct {
	Name     string
	Type     string // udt_name: varchar, int8, int4, float4, text, timestamptz or an enum type
	Length   int    // character_maximum_length, 0 when none
	Nullable bool
	Default  string // column_default as PostgreSQL prints it, "" when none
}

func (c column) String() string {
	return fmt.Sprintf("%s %s(%d) nullable=%v default=%q", c.Name, c.Type, c.Length, c.Nullable, c.Default)
}

type catalog struct {
	Columns     map[string][]column // table -> columns in ordinal order
	Enums       map[string][]string // enum type -> labels in order
	ForeignKeys map[string][]string // table -> "col -> table(col) ON UPDATE x ON DELETE y", sorted
	Indexes     map[string][]string // table -> "name: definition", sorted
	PrimaryKeys map[string]string   // table -> column list
	_           struct{}            // keep literal construction keyed
}

func readCatalog(t *testing.T, db bun.IDB) catalog {
	t.Helper()
	ctx := context.Background()
	c := catalog{Columns: map[string][]column{}, Enums: map[string][]string{}, ForeignKeys: map[string][]string{},
		Indexes: map[string][]string{}, PrimaryKeys: map[string]string{}}

	var cols []struct {
		Table    string  `bun:"table_name"`
		Name     string  `bun:"column_name"`
		Type     string  `bun:"udt_name"`
		Length   *int    `bun:"character_maximum_length"`
		Nullable string  `bun:"is_nullable"`
		Default  *string `bun:"column_default"`
	}
	err := db.NewRaw(`SELECT table_name, column_name, udt_name, character_maximum_length, is_nullable, column_default
		FROM information_schema.columns WHERE table_schema = 'public' AND table_name NOT LIKE 'bun_%'
		ORDER BY table_name, ordinal_position`).Scan(ctx, &cols)
	if err != nil {
		t.Fatalf("read columns: %v", err)
	}
	for _, col := range cols {
		cc := column{Name: col.Name, Type: col.Type, Nullable: col.Nullable == "YES"}
		if col.Length != nil {
			cc.Length = *col.Length
		}
		if col.Default != nil {
			cc.Default = *col.Default
		}
		c.Columns[col.Table] = append(c.Columns[col.Table], cc)
	}

	var enums []struct {
		Type  string `bun:"typname"`
		Label string `bun:"enumlabel"`
	}
	if err := db.NewRaw(`SELECT t.typname, e.enumlabel FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
		ORDER BY t.typname, e.enumsortorder`).Scan(ctx, &enums); err != nil {
		t.Fatalf("read enums: %v", err)
	}
	for _, e := range enums {
		c.Enums[e.Type] = append(c.Enums[e.Type], e.Label)
	}

	var fks []struct {
		Table string `bun:"tbl"`
		Def   string `bun:"def"`
	}
	if err := db.NewRaw(`SELECT conrelid::regclass::text AS tbl, pg_get_constraintdef(oid) AS def
		FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`).Scan(ctx, &fks); err != nil {
		t.Fatalf("read foreign keys: %v", err)
	}
	for _, fk := range fks {
		c.ForeignKeys[fk.Table] = append(c.ForeignKeys[fk.Table], fk.Def)
	}
	for _, v := range c.ForeignKeys {
		sort.Strings(v)
	}

	var idx []struct {
		Table string `bun:"tablename"`
		Name  string `bun:"indexname"`
		Def   string `bun:"indexdef"`
	}
	if err := db.NewRaw(`SELECT tablename, indexname, indexdef FROM pg_indexes
		WHERE schemaname = 'public' AND tablename NOT LIKE 'bun_%'`).Scan(ctx, &idx); err != nil {
		t.Fatalf("read indexes: %v", err)
	}
	for _, i := range idx {
		// "CREATE INDEX name ON public.table USING btree (a, b)" -> "name: btree (a, b)"
		def := i.Def[strings.Index(i.Def, " USING ")+len(" USING "):]
		if strings.HasPrefix(i.Def, "CREATE UNIQUE") {
			def = "unique " + def
		}
		c.Indexes[i.Table] = append(c.Indexes[i.Table], i.Name+": "+def)
	}
	for _, v := range c.Indexes {
		sort.Strings(v)
	}
	return c
}
