package models

import "context"

// Job kinds of a JobEvent: the table names.
const (
	JobKindPageImport = "page_import"
	JobKindCode2Des   = "code2des"
)

// JobEvent says that one job row changed (inserted, moved to another status or attempt, deleted,
// materialized). It names the job only: a subscriber re-reads the job with its own authorization.
type JobEvent struct {
	// Kind is JobKindPageImport or JobKindCode2Des.
	Kind           string `json:"kind"`
	ID             string `json:"id"`
	OrganizationID int64  `json:"organization_id"`
	ProjectID      int64  `json:"project_id"`
	// Status is the seed code ('0', '1', '2') after the change.
	Status  string `json:"status"`
	Attempt int    `json:"attempt"`
	Deleted bool   `json:"deleted"`
}

// JobEventFilter selects events: by job (Kind and ID) or by project (ProjectID, both kinds).
type JobEventFilter struct {
	Kind      string
	ID        string
	ProjectID int64
}

// Match reports whether e passes f.
func (f JobEventFilter) Match(e JobEvent) bool {
	if f.ID != "" {
		return e.Kind == f.Kind && e.ID == f.ID
	}
	return e.ProjectID == f.ProjectID
}

// ErrEventsLagged ends a subscription whose reader fell behind (its buffer filled up): it missed
// events and must subscribe again (and re-read what it shows).
var ErrEventsLagged = &Error{Code: CodeUnavailable, Message: "the subscription fell behind and missed updates; subscribe again"}

// JobEventStream is one subscription's events.
type JobEventStream struct {
	// C delivers the events in commit order; it is closed when the stream ends.
	C <-chan JobEvent
	// Err says, once C is closed, why: nil when the subscriber's context ended, ErrEventsLagged,
	// or CodeUnavailable when the database connection was lost.
	Err func() error
}

// JobEventSource delivers job events committed by any API instance (PostgreSQL LISTEN/NOTIFY).
type JobEventSource interface {
	// Subscribe returns the events passing f committed from the moment it returns until ctx ends.
	// Errors: CodeUnavailable when the database cannot be listened to.
	Subscribe(ctx context.Context, f JobEventFilter) (*JobEventStream, error)
}
