package database

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
)

// IsUnavailable reports whether err means the database could not be reached or lost the
// connection, so the same call may succeed later: the one classification every caller uses to
// answer UNAVAILABLE (GraphQL) or 503 (worker callbacks) rather than INTERNAL / 500. True for:
//   - a call that timed out or was cancelled (context.DeadlineExceeded, context.Canceled);
//   - SQLSTATE class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown,
//     57P03 cannot_connect_now (the server restarting), 57014 query_canceled (statement timeout)
//     and 53300 too_many_connections;
//   - a connection that failed or went away: pgconn.ConnectError, pgconn.ErrConnClosed,
//     driver.ErrBadConn, sql.ErrConnDone, any net.Error, connection reset / refused / aborted,
//     broken pipe, and an unexpected EOF from the socket.
//
// Anything else (a constraint, a missing column, a bad statement) is a defect: false.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return unavailableSQLState(pgErr.Code)
	}
	var connErr *pgconn.ConnectError
	var netErr net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled),
		errors.As(err, &connErr), errors.As(err, &netErr),
		errors.Is(err, pgconn.ErrConnClosed), errors.Is(err, driver.ErrBadConn), errors.Is(err, sql.ErrConnDone),
		errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNABORTED),
		errors.Is(err, syscall.EPIPE), errors.Is(err, net.ErrClosed),
		errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return true
	}
	return false
}

// unavailableSQLState reports the SQLSTATEs of a server that is going away, not yet accepting
// connections, out of connections, or that cancelled a statement for taking too long.
func unavailableSQLState(code string) bool {
	switch code {
	case "57P01", "57P02", "57P03", "57014", "53300":
		return true
	}
	return strings.HasPrefix(code, "08")
}
