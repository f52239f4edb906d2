package events_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/events"
)

// A subscriber that does not read is ended with ErrEventsLagged once SubscriberBuffer events are
// pending; the others keep theirs; filters select by job or by project.
func TestHubFilterAndLag(t *testing.T) {
	db := testenv.MustOpenDB(t)
	hub := events.New(db.DB, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	slow, err := hub.Subscribe(ctx, models.JobEventFilter{ProjectID: 7})
	if err != nil {
		t.Fatal(err)
	}
	one, err := hub.Subscribe(ctx, models.JobEventFilter{Kind: models.JobKindCode2Des, ID: "job-3"})
	if err != nil {
		t.Fatal(err)
	}
	send := func(kind, id string, project int64) {
		t.Helper()
		payload := fmt.Sprintf(`{"kind":%q,"id":%q,"organization_id":1,"project_id":%d,"status":"0","attempt":1,"deleted":false}`, kind, id, project)
		if _, err := db.ExecContext(context.Background(), "SELECT pg_notify(?, ?)", events.Channel, payload); err != nil {
			t.Fatal(err)
		}
	}
	send(models.JobKindCode2Des, "job-3", 8) // other project: only `one` gets it
	for i := range events.SubscriberBuffer + 1 {
		send(models.JobKindPageImport, fmt.Sprintf("pi-%d", i), 7)
	}
	select {
	case ev := <-one.C:
		if ev.ID != "job-3" || ev.ProjectID != 8 {
			t.Errorf("job subscriber got %+v", ev)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the job subscriber got nothing")
	}
	// Not reading: the 65th event ends it, with the first 64 still buffered.
	testenv.WaitFor(t, 10*time.Second, "the lagging subscriber is ended", func() bool { return slow.Err() != nil })
	got := 0
	for range slow.C {
		got++
	}
	if got != events.SubscriberBuffer || !errors.Is(slow.Err(), models.ErrEventsLagged) {
		t.Errorf("lagging subscriber: %d events then %v; want %d then ErrEventsLagged", got, slow.Err(), events.SubscriberBuffer)
	}
	cancel()
	testenv.WaitFor(t, 10*time.Second, "no subscribers once their contexts ended", func() bool { return hub.Subscribers() == 0 })
	if _, ok := <-one.C; ok || one.Err() != nil {
		t.Errorf("after its context ended the subscription is still open or failed: %v", one.Err())
	}
}
