// Package awslocal runs S3- and SQS-protocol servers in-process on loopback, so the local stack and
// the tests need no AWS account: github.com/johannesboyne/gofakes3 for S3 and
// github.com/Admiral-Piett/goaws (v0.5.4, AWS JSON 1.0) for SQS. The service talks to them through
// its ordinary aws-sdk-go-v2 clients.
package awslocal

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/Admiral-Piett/goaws/app/gosqs"
	goawsmodels "github.com/Admiral-Piett/goaws/app/models"
	"github.com/Admiral-Piett/goaws/app/router"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/sirupsen/logrus"

	"github.com/code2des/backend/awsclient"
)

// Credentials the local servers accept (any would do; these are documented in the README).
const (
	AccessKeyID     = "local"
	SecretAccessKey = "local-secret"
	Region          = "us-east-1"
	// AccountID appears in local queue URLs: http://127.0.0.1:<port>/000000000000/<queue>.
	AccountID = "000000000000"
)

// Settings are the AWS settings of clients of local servers at s3Endpoint and sqsEndpoint (either
// may be empty): the local credentials and region, path-style addressing and checksums only when
// required (LOCAL-STACK.md).
func Settings(s3Endpoint, sqsEndpoint string) awsclient.Settings {
	return awsclient.Settings{
		AWSRegion: Region, AWSAccessKeyID: AccessKeyID, AWSSecretAccessKey: SecretAccessKey,
		S3Endpoint: s3Endpoint, S3UsePathStyle: true, S3ChecksumWhenRequired: true, SQSEndpoint: sqsEndpoint,
	}
}

// Server is one running protocol server.
type Server struct {
	// URL is the server's base URL, e.g. http://127.0.0.1:4566.
	URL      string
	srv      *http.Server
	listener net.Listener
	stop     func()
}

// Close stops the server.
func (s *Server) Close() error {
	if s.stop != nil {
		s.stop()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	return s.srv.Shutdown(ctx)
}

func serve(addr string, h http.Handler) (*Server, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen %s: %w", addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(l); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logrus.WithError(err).Error("local protocol server stopped")
		}
	}()
	return &Server{URL: "http://" + l.Addr().String(), srv: srv, listener: l}, nil
}

// StartS3 starts an in-memory S3-protocol server on addr ("127.0.0.1:0" picks a free port).
// Clients must use path-style addressing.
func StartS3(addr string) (*Server, error) {
	faker := gofakes3.New(s3mem.New(), gofakes3.WithAutoBucket(false), gofakes3.WithLogger(gofakes3.DiscardLog()))
	return serve(addr, faker.Server())
}

// goaws keeps its configuration and queues in package globals: one SQS server per process.
var sqsOnce struct {
	sync.Mutex
	started *Server
}

// StartSQS starts the in-process SQS-protocol server on addr. goaws keeps queues in package
// globals, so a process may run only one: a second call returns an error.
func StartSQS(addr string) (*Server, error) {
	sqsOnce.Lock()
	defer sqsOnce.Unlock()
	if sqsOnce.started != nil {
		return nil, errors.New("the goaws SQS server is already running in this process")
	}
	logrus.SetLevel(logrus.WarnLevel)
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen %s: %w", addr, err)
	}
	host, port, _ := net.SplitHostPort(l.Addr().String())
	goawsmodels.CurrentEnvironment.Host = host
	goawsmodels.CurrentEnvironment.Port = port
	goawsmodels.CurrentEnvironment.SqsPort = port
	goawsmodels.CurrentEnvironment.Region = ""
	goawsmodels.CurrentEnvironment.AccountID = AccountID
	goawsmodels.CurrentEnvironment.QueueAttributeDefaults = goawsmodels.EnvQueueAttributes{
		VisibilityTimeout:  30,
		MaximumMessageSize: 262144,
		// Four days, the SQS default.
		MessageRetentionPeriod: 345600,
	}
	srv := &http.Server{Handler: &queueGuard{next: router.New()}, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(l); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logrus.WithError(err).Error("local SQS server stopped")
		}
	}()
	// The periodic task returns messages whose visibility timeout ran out.
	quit := make(chan bool)
	go gosqs.PeriodicTasks(time.Second, quit)
	s := &Server{URL: "http://" + l.Addr().String(), srv: srv, listener: l, stop: func() { close(quit) }}
	sqsOnce.started = s
	return s, nil
}

// CreateBucket creates bucket on an S3-protocol server (an existing bucket is fine).
func CreateBucket(ctx context.Context, client *s3.Client, bucket string) error {
	_, err := client.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: aws.String(bucket)})
	var owned *s3types.BucketAlreadyOwnedByYou
	var exists *s3types.BucketAlreadyExists
	if err != nil && !errors.As(err, &owned) && !errors.As(err, &exists) {
		return fmt.Errorf("create bucket %s: %w", bucket, err)
	}
	return nil
}

// queueAdmin serializes queue administration: parallel CreateQueue calls race inside goaws
// (LOCAL-STACK.md).
var queueAdmin sync.Mutex

// CreateQueue creates a queue on an SQS-protocol server and returns its URL.
func CreateQueue(ctx context.Context, client *sqs.Client, name string) (string, error) {
	queueAdmin.Lock()
	defer queueAdmin.Unlock()
	out, err := client.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(name)})
	if err != nil {
		return "", fmt.Errorf("create queue %s: %w", name, err)
	}
	return aws.ToString(out.QueueUrl), nil
}
