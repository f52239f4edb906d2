package jobs

import (
	"context"
	"errors"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

// DatabaseError classifies a database failure for clients: a call whose context ended, or an
// error database.IsUnavailable recognizes (a server that cannot be reached, restarts or dropped
// the connection mid-request), is CodeUnavailable (safe to retry); anything else is CodeInternal,
// which the error presenter masks. The SQL text stays in the wrapped error, for logs only.
func DatabaseError(ctx context.Context, err error) error {
	if ctx.Err() != nil || database.IsUnavailable(err) {
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
