package graph

import (
	"context"
	"errors"
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/code2des/backend/models"
)

// Subscriptions: each resolver takes a slot of its connection (the per-connection
// limit), subscribes to the job events before it reads the current state (so no change falls
// between the two), sends that state, then re-reads the job with the subscriber's authorization
// after every event, so a job of another organization never appears.

// subscriptionSlots counts the live subscriptions of one WebSocket connection.
type subscriptionSlots struct {
	mu        sync.Mutex
	used, max int
}

type slotsKey struct{}

// WithSubscriptionLimit returns the context of a WebSocket connection allowing at most max
// subscriptions at once (the transport's InitFunc installs it).
func WithSubscriptionLimit(ctx context.Context, max int) context.Context {
	return context.WithValue(ctx, slotsKey{}, &subscriptionSlots{max: max})
}

// acquireSlot takes one subscription slot of the connection; release gives it back.
// Errors: CodeFailedPrecondition past the limit (this subscription only ends), or outside a
// WebSocket connection.
func acquireSlot(ctx context.Context) (release func(), err error) {
	s, ok := ctx.Value(slotsKey{}).(*subscriptionSlots)
	if !ok {
		return nil, models.Errorf(models.CodeFailedPrecondition, "subscriptions are served over WebSocket only")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.used >= s.max {
		return nil, models.Errorf(models.CodeFailedPrecondition, "at most %d subscriptions per connection", s.max)
	}
	s.used++
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			s.used--
			s.mu.Unlock()
		})
	}, nil
}

// watch runs one subscription: it takes a slot, subscribes to f, reads the first value and
// returns a channel that carries it and then one value per event. read re-reads the value after
// an event; a nil value with no error skips the event. The stream ends when read answers NOT_FOUND (deleted since, or no longer
// visible), when the event stream ends (its error is sent), or when ctx ends.
func watch[T any](ctx context.Context, r *Resolver, f models.JobEventFilter, first func() (*T, error),
	read func(models.JobEvent) (*T, error)) (<-chan *T, error) {
	release, err := acquireSlot(ctx)
	if err != nil {
		return refused[T](ctx, err)
	}
	started := false
	defer func() {
		if !started {
			release()
		}
	}()
	stream, err := r.Events.Subscribe(ctx, f)
	if err != nil {
		return refused[T](ctx, err)
	}
	v, err := first()
	if err != nil {
		return refused[T](ctx, err)
	}
	out := make(chan *T, 1)
	started = true
	go func() {
		defer release()
		defer close(out)
		send := func(v *T) bool {
			select {
			case out <- v:
				return true
			case <-ctx.Done():
				return false
			}
		}
		if v != nil && !send(v) {
			return
		}
		for ev := range stream.C {
			v, err := read(ev)
			switch {
			case models.IsCode(err, models.CodeNotFound):
				return
			case err != nil:
				reportLate(ctx, err)
				return
			case v == nil:
				continue
			}
			if !send(v) {
				return
			}
		}
		if err := stream.Err(); err != nil {
			reportLate(ctx, err)
		}
	}()
	return out, nil
}

// reportLate is subscriptionError for an error met after the subscription started, unless ctx is
// already done: gqlgen then ends the subscription on its own and reads its errors as it ends, at
// the same time as this goroutine would write one (a data race the race detector caught), and the
// client that went away is not listening for it anyway.
func reportLate(ctx context.Context, err error) {
	if ctx.Err() != nil {
		return
	}
	subscriptionError(ctx, err)
}

// refused ends a subscription before its first value with err as its graphql-transport-ws
// `error` message: the subscription ends, the connection and its other subscriptions live on.
func refused[T any](ctx context.Context, err error) (<-chan *T, error) {
	subscriptionError(ctx, err)
	out := make(chan *T)
	close(out)
	return out, nil
}

// subscriptionError ends the subscription with err as its `error` message: a domain error keeps
// its code and safe message, anything else is INTERNAL.
func subscriptionError(ctx context.Context, err error) {
	e := &gqlerror.Error{Message: internalMessage, Extensions: map[string]any{"code": string(models.CodeInternal)}}
	var de *models.Error
	if errors.As(err, &de) && de.Code != models.CodeInternal {
		e = &gqlerror.Error{Message: de.Message, Extensions: map[string]any{"code": string(de.Code)}}
		if de.Field != "" {
			e.Extensions["field"] = de.Field
		}
	}
	transport.AddSubscriptionError(ctx, e)
}

// SubscriptionLoaders gives each response of a subscription fresh dataloaders (an HTTP request
// gets them from LoaderMiddleware): their cache must not serve one event the rows of an earlier
// one. They read as the connection's caller.
type SubscriptionLoaders struct{ Reader BatchReader }

var _ interface {
	graphql.HandlerExtension
	graphql.ResponseInterceptor
} = SubscriptionLoaders{}

// ExtensionName implements graphql.HandlerExtension.
func (SubscriptionLoaders) ExtensionName() string { return "SubscriptionLoaders" }

// Validate implements graphql.HandlerExtension.
func (SubscriptionLoaders) Validate(graphql.ExecutableSchema) error { return nil }

// InterceptResponse implements graphql.ResponseInterceptor.
func (l SubscriptionLoaders) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	if graphql.HasOperationContext(ctx) {
		if op := graphql.GetOperationContext(ctx).Operation; op != nil && op.Operation == ast.Subscription {
			ctx = WithLoaders(ctx, NewLoaders(l.Reader))
		}
	}
	return next(ctx)
}
