package models

import (
	"errors"
	"fmt"
)

// ErrorCode classifies a domain error. The values are the GraphQL `extensions.code` strings of
// SPEC §3; the HTTP edge maps them to status codes.
type ErrorCode string

// The error codes of SPEC §3.
const (
	// CodeUnauthenticated: no or invalid credentials.
	CodeUnauthenticated ErrorCode = "UNAUTHENTICATED"
	// CodeForbidden: authenticated, but the action is not allowed. Jobs in another organization are
	// reported as CodeNotFound instead, so their existence does not leak.
	CodeForbidden ErrorCode = "FORBIDDEN"
	// CodeNotFound: the object does not exist, is deleted, or is not visible to the caller.
	CodeNotFound ErrorCode = "NOT_FOUND"
	// CodeBadUserInput: an argument broke an input rule; Error.Field names it.
	CodeBadUserInput ErrorCode = "BAD_USER_INPUT"
	// CodeFailedPrecondition: the object is not in a state that allows the call (for example the
	// Page Import is not completed).
	CodeFailedPrecondition ErrorCode = "FAILED_PRECONDITION"
	// CodeConflict: the call conflicts with the object's current state.
	CodeConflict ErrorCode = "CONFLICT"
	// CodeUnavailable: a dependency (queue, storage, database) is down; safe to retry.
	CodeUnavailable ErrorCode = "UNAVAILABLE"
	// CodeInternal: anything else. Its message is never shown to clients.
	CodeInternal ErrorCode = "INTERNAL"
)

// Error is the one domain error type. Message is safe to show to clients for every code except
// CodeInternal; Err keeps the underlying cause for logs and errors.Is/As.
type Error struct {
	Code    ErrorCode
	Message string
	// Field is the offending input field for CodeBadUserInput, as a GraphQL path such as
	// "input.sourceUrl"; empty otherwise.
	Field string
	Err   error
}

// Error implements error.
func (e *Error) Error() string {
	msg := string(e.Code)
	if e.Field != "" {
		msg += " (" + e.Field + ")"
	}
	if e.Message != "" {
		msg += ": " + e.Message
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns the underlying cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with the code and a client-safe formatted message.
func Errorf(code ErrorCode, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// WrapError returns an *Error with the code and a client-safe message that keeps err as its cause.
func WrapError(code ErrorCode, err error, message string) *Error {
	return &Error{Code: code, Message: message, Err: err}
}

// InputError returns a CodeBadUserInput error naming the offending field.
func InputError(field, format string, args ...any) *Error {
	return &Error{Code: CodeBadUserInput, Field: field, Message: fmt.Sprintf(format, args...)}
}

// ErrorCodeOf returns the code of the first *Error in err's chain, CodeInternal if there is none,
// and "" for a nil error.
func ErrorCodeOf(err error) ErrorCode {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// IsCode reports whether err carries the given code.
func IsCode(err error, code ErrorCode) bool { return ErrorCodeOf(err) == code }
