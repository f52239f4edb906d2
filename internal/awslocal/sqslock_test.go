package awslocal_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
)

// A long poll on one queue neither blocks queue creation (which goaws does not synchronize with
// receives; the guard does) nor misses a message sent while it waits. Run with -race: without
// the guard this races inside goaws.
func TestLongPollDoesNotBlockCreateQueueAndSeesLateMessages(t *testing.T) {
	env := testenv.SQS(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	var got int
	var answered time.Time
	wg.Add(1)
	go func() {
		defer wg.Done()
		out, err := env.Client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl: aws.String(env.QueueURL), WaitTimeSeconds: 3, MaxNumberOfMessages: 1,
		})
		answered = time.Now()
		if err != nil {
			t.Errorf("receive: %v", err)
			return
		}
		got = len(out.Messages)
	}()
	// The long poll is under way: it has made a short poll and waits for the next one.
	testenv.WaitParked(t, 10*time.Second, 1, "internal/awslocal.(*queueGuard).receive")
	for i := range 5 {
		start := time.Now()
		if _, err := awslocal.CreateQueue(ctx, env.Client, "guard-"+env.QueueURL[len(env.QueueURL)-8:]+string(rune('a'+i))); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("CreateQueue took %v while a long poll was waiting", d)
		}
	}
	// Still waiting after the creations: the message is sent while it waits.
	testenv.WaitParked(t, 10*time.Second, 1, "internal/awslocal.(*queueGuard).receive")
	sent := time.Now()
	if err := env.Queue.Send(ctx, models.QueueMessage{Type: "t", JobID: "late", Body: []byte("{}")}); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if got != 1 {
		t.Errorf("the long poll returned %d messages, want the one sent while it waited", got)
	}
	if late := answered.Sub(sent); late > 2*time.Second {
		t.Errorf("the long poll answered %v after the send, want within a few of its %v polls", late, 50*time.Millisecond)
	}
}

// An empty long poll waits its full WaitTimeSeconds and then answers with no messages.
func TestEmptyLongPollWaits(t *testing.T) {
	env := testenv.SQS(t)
	start := time.Now()
	out, err := env.Client.ReceiveMessage(context.Background(), &sqs.ReceiveMessageInput{
		QueueUrl: aws.String(env.QueueURL), WaitTimeSeconds: 1,
	})
	if err != nil || len(out.Messages) != 0 {
		t.Fatalf("receive: %d messages, %v", len(out.Messages), err)
	}
	if d := time.Since(start); d < 900*time.Millisecond || d > 3*time.Second {
		t.Errorf("an empty 1 s long poll answered after %v", d)
	}
}

// Receives that start while queues are being created: goaws reads its queue map unlocked at the
// start of ReceiveMessage, so without the guard the race detector reports this test.
func TestReceivesDuringCreateQueue(t *testing.T) {
	env := testenv.SQS(t)
	ctx := context.Background()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := env.Client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(env.QueueURL)}); err != nil {
					t.Errorf("receive: %v", err)
					return
				}
			}
		}()
	}
	for i := range 20 {
		if _, err := awslocal.CreateQueue(ctx, env.Client, env.QueueURL[len(env.QueueURL)-16:]+"-c"+string(rune('a'+i))); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	wg.Wait()
}
