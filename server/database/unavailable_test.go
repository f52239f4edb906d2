package database_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/server/database"
)

func TestIsUnavailable(t *testing.T) {
	wrap := func(err error) error { return fmt.Errorf("select page_import: %w", err) }
	pg := func(code string) error { return wrap(&pgconn.PgError{Severity: "FATAL", Code: code}) }
	opErr := func(errno syscall.Errno) error {
		return wrap(&net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", errno)})
	}
	for name, tc := range map[string]struct {
		err  error
		want bool
	}{
		"57P01AdminShutdown":          {pg("57P01"), true},
		"57P02CrashShutdown":          {pg("57P02"), true},
		"57P03CannotConnectNow":       {pg("57P03"), true},
		"08000ConnectionException":    {pg("08000"), true},
		"08003ConnectionDoesNotExist": {pg("08003"), true},
		"08006ConnectionFailure":      {pg("08006"), true},
		"08001UnableToConnect":        {pg("08001"), true},
		"53300TooManyConnections":     {pg("53300"), true},
		"57014QueryCanceled":          {pg("57014"), true},
		"ConnectionReset":             {opErr(syscall.ECONNRESET), true},
		"ConnectionRefused":           {opErr(syscall.ECONNREFUSED), true},
		"BrokenPipe":                  {wrap(os.NewSyscallError("write", syscall.EPIPE)), true},
		"ConnectionAborted":           {wrap(syscall.ECONNABORTED), true},
		"UnexpectedEOF":               {wrap(io.ErrUnexpectedEOF), true},
		"ConnClosed":                  {wrap(pgconn.ErrConnClosed), true},
		"DriverBadConn":               {wrap(driver.ErrBadConn), true},
		"SQLConnDone":                 {wrap(sql.ErrConnDone), true},
		"NetClosed":                   {wrap(net.ErrClosed), true},
		"DeadlineExceeded":            {wrap(context.DeadlineExceeded), true},
		"Canceled":                    {wrap(context.Canceled), true},
		"ConnectError":                {wrap(&pgconn.ConnectError{}), true},
		"Nil":                         {nil, false},
		"NoRows":                      {wrap(sql.ErrNoRows), false},
		"23505UniqueViolation":        {pg("23505"), false},
		"42703UndefinedColumn":        {pg("42703"), false},
		"22P02InvalidText":            {pg("22P02"), false},
		"57P04DatabaseDropped":        {pg("57P04"), false},
		"PlainError":                  {errors.New("bun: Model(unsupported int)"), false},
	} {
		t.Run(name, func(t *testing.T) {
			if got := database.IsUnavailable(tc.err); got != tc.want {
				t.Errorf("IsUnavailable(%v) = %v; want %v", tc.err, got, tc.want)
			}
		})
	}
}

// A statement whose backend is terminated mid-flight (what a PostgreSQL restart does to every
// connection) fails with an error IsUnavailable recognizes, and the pool recovers.
func TestIsUnavailableOnTerminatedBackend(t *testing.T) {
	db := testenv.MustOpenDB(t)
	release := testenv.HoldTableLock(t, db, "page_import")
	errc := make(chan error, 1)
	go func() {
		var n int
		errc <- db.NewRaw("SELECT count(*) FROM page_import").Scan(context.Background(), &n)
	}()
	testenv.TerminateLockWaiter(t, db)
	err := <-errc
	release()
	if err == nil || !database.IsUnavailable(err) {
		t.Fatalf("error of a terminated backend: %v; want one IsUnavailable recognizes", err)
	}
	t.Logf("terminated backend: %v", err)
	var n int
	if err := db.NewRaw("SELECT count(*) FROM page_import").Scan(context.Background(), &n); err != nil {
		t.Errorf("the pool did not recover: %v", err)
	}
}
