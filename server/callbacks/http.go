// Package callbacks receives the worker callbacks of SPEC §6: POST /webhooks/page-imports and
// POST /webhooks/code2des. Each request is read once under MaxBodyBytes, authenticated by its
// HMAC-SHA256 signature, decoded strictly, fenced against the job's id, attempt and nonce, checked
// against its S3 artifacts (artifacts.Verifier) and applied in one conditional UPDATE.
//
// The wire contract for workers is docs/workers.md, with JSON Schemas under docs/schemas/ and
// golden examples under testdata/workers/.
package callbacks

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5/middleware"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/database"
)

// Routes of the two callbacks (SPEC §6).
const (
	PageImportsPath = "/webhooks/page-imports"
	Code2DesPath    = "/webhooks/code2des"
)

// RetryAfterSeconds is sent with 503 answers: how long a worker should wait before retrying.
const RetryAfterSeconds = 30

// Error codes of a non-200 answer's error.code (docs/workers.md, "Answers").
const (
	ErrCodeMalformed       = "malformed"
	ErrCodeUnauthorized    = "unauthorized"
	ErrCodeNotFound        = "not_found"
	ErrCodeConflict        = "conflict"
	ErrCodeTooLarge        = "too_large"
	ErrCodeArtifactInvalid = "artifact_invalid"
	ErrCodeUnavailable     = "unavailable"
	ErrCodeInternal        = "internal"
)

// Handler serves both callback routes.
type Handler struct {
	Service    *Service
	Signatures *SignatureVerifier
	Logger     *slog.Logger
}

// Response is the JSON body of every answer: Result on 200, Error otherwise
// (docs/schemas/callback-response.schema.json).
type Response struct {
	Result Result     `json:"result,omitempty"`
	Error  *ErrorBody `json:"error,omitempty"`
}

// ErrorBody explains a refusal. Message is safe to log on the worker side; it never holds
// secrets, nonces or internal error text.
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// PageImports handles POST /webhooks/page-imports.
func (h *Handler) PageImports(w http.ResponseWriter, r *http.Request) {
	h.serve(w, r, func(ctx context.Context, body []byte) (Result, error) {
		cb, err := DecodePageImportCallback(body)
		if err != nil {
			return "", err
		}
		return h.Service.ApplyPageImport(ctx, cb)
	})
}

// Code2Des handles POST /webhooks/code2des.
func (h *Handler) Code2Des(w http.ResponseWriter, r *http.Request) {
	h.serve(w, r, func(ctx context.Context, body []byte) (Result, error) {
		cb, err := DecodeCode2DesCallback(body)
		if err != nil {
			return "", err
		}
		return h.Service.ApplyCode2Des(ctx, cb)
	})
}

// serve reads the body once under MaxBodyBytes (413), checks the signature (401) and only then
// lets apply decode and apply it.
func (h *Handler) serve(w http.ResponseWriter, r *http.Request, apply func(context.Context, []byte) (Result, error)) {
	if r.ContentLength > MaxBodyBytes {
		h.refuseUnauthenticated(w, r, http.StatusRequestEntityTooLarge, ErrCodeTooLarge, "body exceeds 1 MiB", nil)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			h.refuseUnauthenticated(w, r, http.StatusRequestEntityTooLarge, ErrCodeTooLarge, "body exceeds 1 MiB", err)
			return
		}
		h.refuseUnauthenticated(w, r, http.StatusBadRequest, ErrCodeMalformed, "body could not be read", err)
		return
	}
	if err := h.Signatures.Verify(r.Header, body); err != nil {
		h.refuseUnauthenticated(w, r, http.StatusUnauthorized, ErrCodeUnauthorized, "signature verification failed", err)
		return
	}
	res, err := apply(r.Context(), body)
	if err != nil {
		status, code := statusOf(err)
		msg := "internal error"
		var e *models.Error
		if code != ErrCodeInternal && errors.As(err, &e) && e.Message != "" {
			msg = e.Message
		}
		if status == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", strconv.Itoa(RetryAfterSeconds))
		}
		h.refuse(w, r, status, code, msg, err)
		return
	}
	writeJSON(w, http.StatusOK, Response{Result: res})
}

// statusOf maps a domain error to the HTTP status and error code of SPEC §6. A database that
// cannot be reached or lost the connection (database.IsUnavailable) is 503, like storage.
func statusOf(err error) (int, string) {
	code := models.ErrorCodeOf(err)
	if code == models.CodeInternal && database.IsUnavailable(err) {
		code = models.CodeUnavailable
	}
	switch code {
	case models.CodeBadUserInput:
		return http.StatusBadRequest, ErrCodeMalformed
	case models.CodeNotFound:
		return http.StatusNotFound, ErrCodeNotFound
	case models.CodeConflict:
		return http.StatusConflict, ErrCodeConflict
	case models.CodeFailedPrecondition:
		return http.StatusUnprocessableEntity, ErrCodeArtifactInvalid
	case models.CodeUnavailable:
		return http.StatusServiceUnavailable, ErrCodeUnavailable
	default:
		return http.StatusInternalServerError, ErrCodeInternal
	}
}

// refuse answers an error and logs it with the request id; cause (which may carry internal
// detail, never a nonce) goes to the log only. The level follows who can cause the refusal:
// anyone can send an unsigned, unreadable or oversize request (401, 400 before the signature
// check, 413), so those go to DEBUG and cannot flood the log (the request log line and
// code2des_http_requests_total by route and status still count each one); an unknown job or a
// lost race of an authentic worker (404, 409) is normal with at-least-once delivery (INFO); any
// other refusal of an authentic callback is a worker or artifact defect (WARN); 5xx is ERROR.
func (h *Handler) refuse(w http.ResponseWriter, r *http.Request, status int, code, msg string, cause error) {
	h.refuseAt(w, r, refusalLevel(status), status, code, msg, cause)
}

// refuseUnauthenticated refuses a request whose signature has not been checked (see refuse).
func (h *Handler) refuseUnauthenticated(w http.ResponseWriter, r *http.Request, status int, code, msg string, cause error) {
	h.refuseAt(w, r, slog.LevelDebug, status, code, msg, cause)
}

// refusalLevel is the log level of the refusal of an authentic callback with status.
func refusalLevel(status int) slog.Level {
	switch {
	case status >= 500:
		return slog.LevelError
	case status == http.StatusNotFound || status == http.StatusConflict:
		return slog.LevelInfo
	default:
		return slog.LevelWarn
	}
}

func (h *Handler) refuseAt(w http.ResponseWriter, r *http.Request, level slog.Level, status int, code, msg string, cause error) {
	if h.Logger != nil {
		attrs := []slog.Attr{
			slog.String("request_id", middleware.GetReqID(r.Context())),
			slog.String("path", r.URL.Path), slog.Int("status", status), slog.String("code", code),
		}
		if cause != nil {
			attrs = append(attrs, slog.String("err", cause.Error()))
		}
		h.Logger.LogAttrs(r.Context(), level, "callback refused", attrs...)
	}
	writeJSON(w, status, Response{Error: &ErrorBody{Code: code, Message: msg}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
