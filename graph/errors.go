package graph

import (
	"context"
	"errors"
	"log/slog"

	"github.com/99designs/gqlgen/graphql"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/code2des/backend/models"
)

// internalMessage is what clients see for every error that is not a domain error.
const internalMessage = "internal error"

// introspectionDisabled is the text of gqlgen's error for __schema/__type when introspection is
// off; it has no type or code of its own.
const introspectionDisabled = "introspection disabled"

// ErrorPresenter returns gqlgen's error presenter: domain errors keep their safe message and get
// `extensions.code` (and `extensions.field` for BAD_USER_INPUT); GraphQL validation and parse errors
// become BAD_USER_INPUT; anything else is logged and masked as INTERNAL with `extensions.requestId`,
// so no SQL or AWS text reaches a client (STYLE.md, after target/goalert).
func ErrorPresenter(logger *slog.Logger) graphql.ErrorPresenterFunc {
	return func(ctx context.Context, err error) *gqlerror.Error {
		gqlErr := graphql.DefaultErrorPresenter(ctx, err)
		var domainErr *models.Error
		switch {
		case errors.As(err, &domainErr) && domainErr.Code != models.CodeInternal:
			gqlErr.Message = domainErr.Message
			setExtension(gqlErr, "code", string(domainErr.Code))
			if domainErr.Field != "" {
				setExtension(gqlErr, "field", domainErr.Field)
			}
			if domainErr.Code == models.CodeUnavailable && domainErr.Err != nil {
				logger.WarnContext(ctx, "dependency unavailable", "err", domainErr.Err.Error(),
					"request_id", middleware.GetReqID(ctx))
			}
		case gqlErr.Message == introspectionDisabled:
			// gqlgen's plain error when introspection is off (GRAPHQL_INTROSPECTION=false).
			gqlErr.Message = "introspection is disabled"
			gqlErr.Extensions = map[string]any{"code": string(models.CodeForbidden)}
		case isGraphQLInputError(err):
			// Parse and validation errors from gqlparser: their text describes the query, not us.
			// Keep one vocabulary: every request error is BAD_USER_INPUT (gqlgen's own codes, such
			// as COMPLEXITY_LIMIT_EXCEEDED, are replaced).
			setExtension(gqlErr, "code", string(models.CodeBadUserInput))
		default:
			reqID := middleware.GetReqID(ctx)
			logger.ErrorContext(ctx, "graphql internal error", "err", err.Error(), "request_id", reqID,
				"path", gqlErr.Path.String())
			gqlErr.Message = internalMessage
			gqlErr.Extensions = map[string]any{"code": string(models.CodeInternal), "requestId": reqID}
		}
		return gqlErr
	}
}

// RecoverFunc turns a resolver panic into a masked INTERNAL error (the presenter logs it).
func RecoverFunc(logger *slog.Logger) graphql.RecoverFunc {
	return func(ctx context.Context, p any) error {
		logger.ErrorContext(ctx, "graphql resolver panic", "panic", p, "request_id", middleware.GetReqID(ctx))
		return errors.New("panic in resolver")
	}
}

func setExtension(e *gqlerror.Error, key string, value any) {
	if e.Extensions == nil {
		e.Extensions = map[string]any{}
	}
	e.Extensions[key] = value
}

// isGraphQLInputError reports errors raised by gqlgen itself about the request: argument
// unmarshalling (which gqlgen wraps in a *gqlerror.Error carrying our models.Error or a plain
// error) and validation rules.
func isGraphQLInputError(err error) bool {
	var gqlErr *gqlerror.Error
	if !errors.As(err, &gqlErr) {
		return false
	}
	if gqlErr.Rule != "" {
		return true
	}
	code, _ := gqlErr.Extensions["code"].(string)
	switch code {
	case "GRAPHQL_VALIDATION_FAILED", "GRAPHQL_PARSE_FAILED", "BAD_USER_INPUT", "COMPLEXITY_LIMIT_EXCEEDED":
		return true
	}
	return false
}
