package jobs

import (
	"context"
	"database/sql/driver"
	"errors"
	"net"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/code2des/backend/models"
)

// DatabaseError classifies a database failure for clients: a timed-out or cancelled call, or a
// server that cannot be reached, is CodeUnavailable (safe to retry); anything else is CodeInternal,
// which the error presenter masks. The SQL text stays in the wrapped error, for logs only.
func DatabaseError(ctx context.Context, err error) error {
	var connErr *pgconn.ConnectError
	var netErr net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) || ctx.Err() != nil ||
		errors.Is(err, driver.ErrBadConn) || errors.As(err, &connErr) || errors.As(err, &netErr) {
		return models.WrapError(models.CodeUnavailable, err, "the database is unavailable; please retry")
	}
	return models.WrapError(models.CodeInternal, err, "internal error")
}

// passDomain returns err as is when it already is a domain error, else DatabaseError(err).
func passDomain(ctx context.Context, err error) error {
	var de *models.Error
	if errors.As(err, &de) {
		return err
	}
	return DatabaseError(ctx, err)
}
