// Command server runs the Code2Des backend API.
//
// Usage:
//
//	server                 serve the API (the default; also `server serve`)
//	server migrate up      apply every pending migration
//	server migrate down    roll back the last applied migration group
//	server migrate status  list migrations and whether each is applied
//
// Configuration comes from environment variables; see the README.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/database"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	cfg, err := app.LoadConfig()
	if err != nil {
		return err
	}
	logger := app.NewLogger(cfg, os.Stderr)
	cmd := "serve"
	if len(args) > 0 {
		cmd = args[0]
	}
	switch cmd {
	case "serve":
		return app.Run(ctx, cfg, logger, nil)
	case "migrate":
		if len(args) != 2 {
			return fmt.Errorf("usage: server migrate up|down|status")
		}
		return migrate(ctx, cfg, args[1])
	default:
		return fmt.Errorf("unknown command %q (want serve or migrate)", cmd)
	}
}

func migrate(ctx context.Context, cfg app.Config, sub string) error {
	db, err := database.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	switch sub {
	case "up", "down":
		names, err := database.Migrate(ctx, db, database.Direction(sub))
		if err != nil {
			return err
		}
		if len(names) == 0 {
			fmt.Println("nothing to do")
		}
		for _, n := range names {
			fmt.Printf("migrated %s: %s\n", sub, n)
		}
		return nil
	case "status":
		ms, err := database.Status(ctx, db)
		if err != nil {
			return err
		}
		for _, m := range ms {
			state := "pending"
			if m.Applied {
				state = "applied"
			}
			fmt.Printf("%-8s %s\n", state, m.Name)
		}
		return nil
	default:
		return fmt.Errorf("unknown migrate command %q (want up, down or status)", sub)
	}
}
