// Package events delivers job events to GraphQL subscriptions. Every change of a job
// row sends a PostgreSQL NOTIFY on Channel from inside its transaction (a trigger of migration
// 20261130170002), so the event is delivered on commit to every API instance LISTENing on the
// database, whichever instance or process (a worker callback, the sweeper, a retry, a delete)
// made the change. A Hub LISTENs on one dedicated connection of its pool while it has subscribers
// and fans the events out to them.
package events

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/stdlib"

	"github.com/code2des/backend/models"
)

// Channel is the NOTIFY channel of job events (migration 20261130170002_job_events).
const Channel = "code2des_job_events"

// SubscriberBuffer is how many events one subscriber may have pending. A subscriber that falls
// further behind is ended with models.ErrEventsLagged instead of holding up the others or
// growing without bound.
const SubscriberBuffer = 64

// ListenTimeout bounds how long Subscribe waits for the LISTEN connection.
const ListenTimeout = 10 * time.Second

// Hub fans out the job events of one database to subscribers. The zero value is not usable; use
// New. It is safe for concurrent use.
type Hub struct {
	db     *sql.DB
	logger *slog.Logger

	mu       sync.Mutex
	subs     map[*subscriber]struct{}
	listener *listener // nil when nobody subscribes
}

var _ models.JobEventSource = (*Hub)(nil)

// New returns a Hub over db. It holds no connection until the first Subscribe.
func New(db *sql.DB, logger *slog.Logger) *Hub {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Hub{db: db, logger: logger, subs: map[*subscriber]struct{}{}}
}

type subscriber struct {
	f   models.JobEventFilter
	ch  chan models.JobEvent
	err error
}

// listener is one LISTEN connection's lifetime.
type listener struct {
	cancel context.CancelFunc
	ready  chan struct{} // closed once LISTEN is active, or when it failed (then err is set)
	err    error
}

// Subscribe implements models.JobEventSource: it returns once this instance LISTENs, so every
// event committed afterwards is delivered.
// Errors: CodeUnavailable when the database cannot be listened to within ListenTimeout.
func (h *Hub) Subscribe(ctx context.Context, f models.JobEventFilter) (*models.JobEventStream, error) {
	s := &subscriber{f: f, ch: make(chan models.JobEvent, SubscriberBuffer)}
	h.mu.Lock()
	h.subs[s] = struct{}{}
	if h.listener == nil {
		lctx, cancel := context.WithCancel(context.Background())
		h.listener = &listener{cancel: cancel, ready: make(chan struct{})}
		go h.listen(lctx, h.listener)
	}
	l := h.listener
	h.mu.Unlock()

	timer := time.NewTimer(ListenTimeout)
	defer timer.Stop()
	var err error
	select {
	case <-l.ready:
		err = l.err
	case <-ctx.Done():
		err = ctx.Err()
	case <-timer.C:
		err = errors.New("LISTEN timed out")
	}
	if err != nil {
		h.end(s, nil)
		return nil, models.WrapError(models.CodeUnavailable, err, "live updates are unavailable; please retry")
	}
	go func() {
		<-ctx.Done()
		h.end(s, nil)
	}()
	return &models.JobEventStream{C: s.ch, Err: func() error {
		h.mu.Lock()
		defer h.mu.Unlock()
		return s.err
	}}, nil
}

// end removes s (once), closing its channel with err as its reason; the last subscriber to leave
// stops the listener.
func (h *Hub) end(s *subscriber, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.endLocked(s, err)
}

func (h *Hub) endLocked(s *subscriber, err error) {
	if _, ok := h.subs[s]; !ok {
		return
	}
	delete(h.subs, s)
	s.err = err
	close(s.ch)
	if len(h.subs) == 0 && h.listener != nil {
		h.listener.cancel()
		h.listener = nil
	}
}

// listen holds one pool connection in LISTEN until ctx ends (no subscribers left) or the
// connection fails; then every subscriber of this listener is ended with CodeUnavailable (they
// may have missed events) and the next Subscribe starts a new listener.
func (h *Hub) listen(ctx context.Context, l *listener) {
	err := h.listenOn(ctx, l)
	if ctx.Err() != nil {
		return
	}
	h.logger.WarnContext(ctx, "job event listener stopped", "err", fmt.Sprint(err))
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case <-l.ready:
	default:
		l.err = err
		close(l.ready)
	}
	if h.listener != l {
		return
	}
	h.listener = nil
	lost := models.WrapError(models.CodeUnavailable, err, "live updates were interrupted; subscribe again")
	for s := range h.subs {
		h.endLocked(s, lost)
	}
}

func (h *Hub) listenOn(ctx context.Context, l *listener) error {
	conn, err := h.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("listen connection: %w", err)
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("listen: driver connection %T is not pgx", dc)
		}
		pc := sc.Conn()
		if _, err := pc.Exec(ctx, "LISTEN "+Channel); err != nil {
			return fmt.Errorf("LISTEN: %w", err)
		}
		close(l.ready)
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				// The connection still LISTENs (or was broken by the cancellation): never hand it
				// back to the pool.
				return errors.Join(fmt.Errorf("wait for notification: %w", err), driver.ErrBadConn)
			}
			var ev models.JobEvent
			if err := json.Unmarshal([]byte(n.Payload), &ev); err != nil {
				h.logger.WarnContext(ctx, "undecodable job event", "err", err.Error())
				continue
			}
			h.dispatch(ev)
		}
	})
}

// dispatch hands ev to every matching subscriber without blocking; a subscriber whose buffer is
// full is ended with models.ErrEventsLagged.
func (h *Hub) dispatch(ev models.JobEvent) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		if !s.f.Match(ev) {
			continue
		}
		select {
		case s.ch <- ev:
		default:
			h.endLocked(s, models.ErrEventsLagged)
		}
	}
}

// Subscribers returns the number of current subscribers (for tests and metrics).
func (h *Hub) Subscribers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}
