package convert

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/caarlos0/env/v11"

	"github.com/code2des/backend/worker/internal/awsclients"
	"github.com/code2des/backend/worker/internal/callback"
)

// Config is the worker's configuration, read from environment variables (worker/README.md lists
// them). The AWS and queue names match the API's so one environment serves both.
type Config struct {
	// QueueURL is the conversion queue (code2des.requested messages).
	QueueURL    string `env:"SQS_CONVERSION_QUEUE_URL"`
	SQSEndpoint string `env:"SQS_ENDPOINT"`
	S3Endpoint  string `env:"S3_ENDPOINT"`
	// S3UsePathStyle and S3ChecksumWhenRequired are needed by S3-protocol servers (LOCAL-STACK.md).
	S3UsePathStyle         bool   `env:"S3_USE_PATH_STYLE" envDefault:"false"`
	S3ChecksumWhenRequired bool   `env:"S3_CHECKSUM_WHEN_REQUIRED" envDefault:"false"`
	AWSRegion              string `env:"AWS_REGION" envDefault:"us-east-1"`
	// AWSAccessKeyID and AWSSecretAccessKey, when both set, are static credentials (local
	// servers); otherwise the SDK's default chain applies.
	AWSAccessKeyID     string `env:"AWS_ACCESS_KEY_ID"`
	AWSSecretAccessKey string `env:"AWS_SECRET_ACCESS_KEY"`

	// CallbackSecret is the shared worker secret that signs callbacks (SPEC §6).
	CallbackSecret string `env:"WORKER_CALLBACK_SECRET"`
	// CallbackTimeout bounds each callback request.
	CallbackTimeout time.Duration `env:"CONVERT_CALLBACK_TIMEOUT" envDefault:"15s"`
	// JobTimeout bounds one conversion: reading the capture and its images, converting, storing.
	JobTimeout time.Duration `env:"CONVERT_JOB_TIMEOUT" envDefault:"2m"`
	// MaxCaptureBytes bounds the capture JSON read (the capture worker's document limit is
	// 64 MiB, plus its asset list).
	MaxCaptureBytes int64 `env:"CONVERT_MAX_CAPTURE_BYTES" envDefault:"83886080"`

	// WaitTime is the long-poll wait of each receive (SQS allows 0-20 s).
	WaitTime time.Duration `env:"CONVERT_WAIT_TIME" envDefault:"20s"`
	// VisibilityTimeout hides a received message from other workers while it is converted; it
	// must exceed JobTimeout plus the callback tries.
	VisibilityTimeout time.Duration `env:"CONVERT_VISIBILITY_TIMEOUT" envDefault:"5m"`
	// MaxReceives is how often a message whose conversion hit a worker fault (storage down) is
	// left for redelivery; at this receive count the job is reported failed instead.
	MaxReceives int `env:"CONVERT_MAX_RECEIVES" envDefault:"3"`
	// Concurrency is how many conversions run at once.
	Concurrency int `env:"CONVERT_CONCURRENCY" envDefault:"2"`
}

// MaxWaitTime is SQS's longest long-poll wait.
const MaxWaitTime = 20 * time.Second

// MinCallbackSecretLength is the shortest callback secret, in bytes: the API refuses worker
// secrets shorter than 32 bytes, so a shorter one could never be accepted.
const MinCallbackSecretLength = 32

// LoadConfig reads the configuration from the environment and validates it.
func LoadConfig() (Config, error) {
	c, err := env.ParseAs[Config]()
	if err != nil {
		return Config{}, fmt.Errorf("read configuration: %w", err)
	}
	return c, c.Validate()
}

// Validate checks values the worker cannot run without.
func (c Config) Validate() error {
	var problems []string
	if c.QueueURL == "" {
		problems = append(problems, "SQS_CONVERSION_QUEUE_URL is required")
	}
	if len(c.CallbackSecret) < MinCallbackSecretLength {
		problems = append(problems, fmt.Sprintf("WORKER_CALLBACK_SECRET is required, at least %d bytes (as the API's WORKER_SECRETS)", MinCallbackSecretLength))
	}
	if c.WaitTime < 0 || c.WaitTime > MaxWaitTime {
		problems = append(problems, "CONVERT_WAIT_TIME must be within 0-20s")
	}
	if c.Concurrency < 1 {
		problems = append(problems, "CONVERT_CONCURRENCY must be at least 1")
	}
	if c.MaxReceives < 1 {
		problems = append(problems, "CONVERT_MAX_RECEIVES must be at least 1")
	}
	if c.MaxCaptureBytes < 1 {
		problems = append(problems, "CONVERT_MAX_CAPTURE_BYTES must be positive")
	}
	if c.JobTimeout <= 0 {
		problems = append(problems, "CONVERT_JOB_TIMEOUT must be positive")
	}
	if c.CallbackTimeout <= 0 {
		problems = append(problems, "CONVERT_CALLBACK_TIMEOUT must be positive")
	}
	if c.VisibilityTimeout < c.JobTimeout+callback.Attempts*c.CallbackTimeout {
		problems = append(problems, "CONVERT_VISIBILITY_TIMEOUT must exceed CONVERT_JOB_TIMEOUT plus the callback tries")
	}
	if len(problems) > 0 {
		return errors.New("invalid configuration: " + strings.Join(problems, "; "))
	}
	return nil
}

// AWS returns the options of the worker's AWS clients (awsclients.New).
func (c Config) AWS() awsclients.Options {
	return awsclients.Options{
		Region: c.AWSRegion, AccessKeyID: c.AWSAccessKeyID, SecretAccessKey: c.AWSSecretAccessKey,
		SQSEndpoint: c.SQSEndpoint, S3Endpoint: c.S3Endpoint,
		S3UsePathStyle: c.S3UsePathStyle, S3ChecksumWhenRequired: c.S3ChecksumWhenRequired,
	}
}

// NewAWSClients builds the worker's SQS and S3 clients from c (for callers outside worker/, which
// cannot import worker/internal/awsclients, such as the local stack).
func NewAWSClients(ctx context.Context, c Config) (*sqs.Client, *s3.Client, error) {
	return awsclients.New(ctx, c.AWS())
}
