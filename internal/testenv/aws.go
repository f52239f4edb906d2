package testenv

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/server/s3store"
	"github.com/code2des/backend/server/sqsqueue"
)

// AWSConfig returns the SDK configuration of clients of the local protocol servers (their static
// credentials and region).
func AWSConfig(tb testing.TB) aws.Config {
	tb.Helper()
	cfg, err := awslocal.Settings("", "").Load(context.Background())
	if err != nil {
		tb.Fatalf("testenv: AWS config: %v", err)
	}
	return cfg
}

var s3srv struct {
	once sync.Once
	srv  *awslocal.Server
	err  error
}

// S3Env is a bucket of its own on the process's S3-protocol server.
type S3Env struct {
	// Endpoint is the server's base URL.
	Endpoint string
	Bucket   string
	// Client is built by awsclient, as the service builds it.
	Client *s3.Client
	// Store is the service's BlobStore over Bucket.
	Store *s3store.Store
}

// S3 starts (once per process) the in-process S3-protocol server and creates a bucket for this
// test.
func S3(tb testing.TB) *S3Env {
	tb.Helper()
	s3srv.once.Do(func() { s3srv.srv, s3srv.err = awslocal.StartS3("127.0.0.1:0") })
	if s3srv.err != nil {
		tb.Fatalf("testenv: start S3 server: %v", s3srv.err)
	}
	client := awslocal.Settings(s3srv.srv.URL, "").S3(AWSConfig(tb))
	bucket := randomName("test-")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := awslocal.CreateBucket(ctx, client, bucket); err != nil {
		tb.Fatalf("testenv: %v", err)
	}
	return &S3Env{Endpoint: s3srv.srv.URL, Bucket: bucket, Client: client, Store: s3store.New(client, bucket)}
}

var sqssrv struct {
	once sync.Once
	srv  *awslocal.Server
	err  error
}

// SQSEnv is a queue of its own on the process's SQS-protocol server.
type SQSEnv struct {
	// Endpoint is the server's base URL.
	Endpoint string
	QueueURL string
	// Client is built by sqsqueue.NewClient, as the service builds it.
	Client *sqs.Client
	// Queue is the service's Queue over QueueURL.
	Queue *sqsqueue.Queue
}

// SQS starts (once per process) the in-process SQS-protocol server and creates a queue for this
// test.
func SQS(tb testing.TB) *SQSEnv {
	tb.Helper()
	sqssrv.once.Do(func() { sqssrv.srv, sqssrv.err = awslocal.StartSQS("127.0.0.1:0") })
	if sqssrv.err != nil {
		tb.Fatalf("testenv: start SQS server: %v", sqssrv.err)
	}
	client := sqsqueue.NewClient(AWSConfig(tb), awslocal.Settings("", sqssrv.srv.URL))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url, err := awslocal.CreateQueue(ctx, client, randomName("test-"))
	if err != nil {
		tb.Fatalf("testenv: %v", err)
	}
	return &SQSEnv{Endpoint: sqssrv.srv.URL, QueueURL: url, Client: client, Queue: sqsqueue.New(client, url)}
}

// Receive takes up to max messages (1-10) off the queue, waiting up to wait for the first, and
// deletes them. Message attributes are included.
func (e *SQSEnv) Receive(tb testing.TB, max int32, wait time.Duration) []sqstypes.Message {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait+5*time.Second)
	defer cancel()
	out, err := e.Client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
		QueueUrl:              aws.String(e.QueueURL),
		MaxNumberOfMessages:   max,
		WaitTimeSeconds:       int32(wait / time.Second),
		MessageAttributeNames: []string{"All"},
	})
	if err != nil {
		tb.Fatalf("testenv: receive from %s: %v", e.QueueURL, err)
	}
	for _, m := range out.Messages {
		if _, err := e.Client.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(e.QueueURL), ReceiptHandle: m.ReceiptHandle}); err != nil {
			tb.Fatalf("testenv: delete message: %v", err)
		}
	}
	return out.Messages
}

// ClosedEndpoint is a loopback address nothing listens on: storage or a queue that is down.
const ClosedEndpoint = "http://127.0.0.1:1"

// StoreAt returns the service's BlobStore for bucket reached through endpoint (e.g.
// ClosedEndpoint, or an httptest server that misbehaves), with SDK retries off so a fault
// surfaces at once.
func StoreAt(tb testing.TB, endpoint, bucket string) *s3store.Store {
	tb.Helper()
	cfg := AWSConfig(tb)
	cfg.RetryMaxAttempts = 1
	return s3store.New(awslocal.Settings(endpoint, "").S3(cfg), bucket)
}

// UnreachableQueue returns the service's Queue on ClosedEndpoint: every Send fails as when SQS
// is down.
func UnreachableQueue(tb testing.TB) *sqsqueue.Queue {
	tb.Helper()
	client := sqsqueue.NewClient(AWSConfig(tb), awslocal.Settings("", ClosedEndpoint))
	return sqsqueue.New(client, ClosedEndpoint+"/"+awslocal.AccountID+"/none")
}
