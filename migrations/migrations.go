// Package migrations embeds the versioned SQL migrations of the Code2Des schema. Each version has
// an up and a down file; `.tx.` files run in one transaction. The server binary applies them
// (`server migrate up|down|status`) through bun/migrate.
package migrations

import (
	"embed"

	"github.com/uptrace/bun/migrate"
)

//go:embed *.sql
var sqlFiles embed.FS

// Migrations is the set of all migrations, discovered from the embedded SQL files.
var Migrations = migrate.NewMigrations()

func init() {
	if err := Migrations.Discover(sqlFiles); err != nil {
		panic(err)
	}
}

// Files returns the embedded SQL files, e.g. for fingerprinting a migrated template database.
func Files() embed.FS { return sqlFiles }
