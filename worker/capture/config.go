package capture

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/caarlos0/env/v11"
)

// Config is the worker's configuration, read from environment variables (worker/README.md lists
// them). The AWS names match the API's so one environment serves both.
type Config struct {
	// QueueURL is the capture queue (page_import.requested messages).
	QueueURL string `env:"SQS_CAPTURE_QUEUE_URL"`
	// SQSEndpoint and S3Endpoint replace the AWS endpoints (protocol-compatible servers).
	SQSEndpoint string `env:"SQS_ENDPOINT"`
	S3Endpoint  string `env:"S3_ENDPOINT"`
	// S3UsePathStyle and S3ChecksumWhenRequired are needed by S3-protocol servers (LOCAL-STACK.md).
	S3UsePathStyle         bool   `env:"S3_USE_PATH_STYLE" envDefault:"false"`
	S3ChecksumWhenRequired bool   `env:"S3_CHECKSUM_WHEN_REQUIRED" envDefault:"false"`
	AWSRegion              string `env:"AWS_REGION" envDefault:"us-east-1"`
	// AWSAccessKeyID and AWSSecretAccessKey, when both set, are static credentials (local
	// servers); otherwise the SDK's default chain applies.
	AWSAccessKeyID     string `env:"AWS_ACCESS_KEY_ID"`
	AWSSecretAccessKey string `env:"AWS_SECRET_ACCESS_KEY" mask:"true"`

	// CallbackSecret is the shared worker secret that signs callbacks (SPEC §6): one of the
	// secrets the API lists in its WORKER_SECRETS (docs/workers.md §6), at least
	// MinCallbackSecretLength bytes.
	CallbackSecret string `env:"WORKER_CALLBACK_SECRET" mask:"true"`
	// CallbackTimeout bounds each callback request.
	CallbackTimeout time.Duration `env:"CAPTURE_CALLBACK_TIMEOUT" envDefault:"15s"`

	// ChromiumPath is the browser binary.
	ChromiumPath string `env:"CHROMIUM_PATH" envDefault:"/usr/bin/chromium"`
	// AllowPrivateNetworks is the local-only switch: pages on loopback or private addresses may be
	// captured. Never on in production.
	AllowPrivateNetworks bool `env:"CAPTURE_ALLOW_PRIVATE_NETWORKS" envDefault:"false"`

	// LoadTimeout bounds navigation up to the load event.
	LoadTimeout time.Duration `env:"CAPTURE_LOAD_TIMEOUT" envDefault:"30s"`
	// ReadyTimeout bounds the wait for the ready selector; past it the job fails.
	ReadyTimeout time.Duration `env:"CAPTURE_READY_TIMEOUT" envDefault:"15s"`
	// NetworkIdleTimeout bounds each wait for the network to settle (the capture then goes on).
	NetworkIdleTimeout time.Duration `env:"CAPTURE_NETWORK_IDLE_TIMEOUT" envDefault:"10s"`
	// ImageTimeout bounds the wait for images still loading after the scroll.
	ImageTimeout time.Duration `env:"CAPTURE_IMAGE_TIMEOUT" envDefault:"10s"`
	// JobTimeout bounds one whole capture (render, store); it must exceed the sum above.
	JobTimeout time.Duration `env:"CAPTURE_JOB_TIMEOUT" envDefault:"3m"`
	// MaxScreenshotHeight caps the screenshot, in device pixels (at most
	// ChromiumMaxScreenshotHeight, which is also the default).
	MaxScreenshotHeight int `env:"CAPTURE_MAX_SCREENSHOT_HEIGHT" envDefault:"16384"`

	// WaitTime is the long-poll wait of each receive (SQS allows 0-20 s).
	WaitTime time.Duration `env:"CAPTURE_WAIT_TIME" envDefault:"20s"`
	// VisibilityTimeout hides a received message from other workers while it is captured; it
	// must exceed JobTimeout plus the callback tries.
	VisibilityTimeout time.Duration `env:"CAPTURE_VISIBILITY_TIMEOUT" envDefault:"5m"`
	// MaxReceives is how often a message whose capture hit a worker fault (browser crash, storage
	// down) is left for redelivery; at this receive count the job is reported failed instead.
	MaxReceives int `env:"CAPTURE_MAX_RECEIVES" envDefault:"3"`
	// Concurrency is how many captures run at once (one tab each).
	Concurrency int `env:"CAPTURE_CONCURRENCY" envDefault:"1"`
}

// MaxWaitTime is SQS's longest long-poll wait.
const MaxWaitTime = 20 * time.Second

// MinCallbackSecretLength is the shortest callback secret, in bytes: the API refuses shorter
// WORKER_SECRETS (docs/workers.md §6), so a shorter one could never sign an accepted callback.
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
		problems = append(problems, "SQS_CAPTURE_QUEUE_URL is required")
	}
	switch {
	case c.CallbackSecret == "":
		problems = append(problems, "WORKER_CALLBACK_SECRET is required")
	case len(c.CallbackSecret) < MinCallbackSecretLength:
		problems = append(problems, fmt.Sprintf("WORKER_CALLBACK_SECRET must be at least %d bytes (as the API's WORKER_SECRETS)", MinCallbackSecretLength))
	}
	if c.WaitTime < 0 || c.WaitTime > MaxWaitTime {
		problems = append(problems, "CAPTURE_WAIT_TIME must be within 0-20s")
	}
	if c.MaxScreenshotHeight < 1 || c.MaxScreenshotHeight > ChromiumMaxScreenshotHeight {
		problems = append(problems, fmt.Sprintf("CAPTURE_MAX_SCREENSHOT_HEIGHT must be within 1-%d", ChromiumMaxScreenshotHeight))
	}
	if c.Concurrency < 1 {
		problems = append(problems, "CAPTURE_CONCURRENCY must be at least 1")
	}
	if c.MaxReceives < 1 {
		problems = append(problems, "CAPTURE_MAX_RECEIVES must be at least 1")
	}
	for name, d := range map[string]time.Duration{
		"CAPTURE_LOAD_TIMEOUT": c.LoadTimeout, "CAPTURE_READY_TIMEOUT": c.ReadyTimeout,
		"CAPTURE_NETWORK_IDLE_TIMEOUT": c.NetworkIdleTimeout, "CAPTURE_IMAGE_TIMEOUT": c.ImageTimeout,
		"CAPTURE_JOB_TIMEOUT": c.JobTimeout, "CAPTURE_CALLBACK_TIMEOUT": c.CallbackTimeout,
	} {
		if d <= 0 {
			problems = append(problems, name+" must be positive")
		}
	}
	if c.VisibilityTimeout < c.JobTimeout+callbackAttempts*c.CallbackTimeout {
		problems = append(problems, "CAPTURE_VISIBILITY_TIMEOUT must exceed CAPTURE_JOB_TIMEOUT plus the callback tries")
	}
	if len(problems) > 0 {
		return errors.New("invalid configuration: " + strings.Join(problems, "; "))
	}
	return nil
}

// NewAWSClients builds the SQS and S3 clients of c. The worker builds its own clients, as an
// outside worker team would, rather than share the API's adapters.
func NewAWSClients(ctx context.Context, c Config) (*sqs.Client, *s3.Client, error) {
	opts := []func(*awsconfig.LoadOptions) error{awsconfig.WithRegion(c.AWSRegion)}
	if c.AWSAccessKeyID != "" && c.AWSSecretAccessKey != "" {
		opts = append(opts, awsconfig.WithCredentialsProvider(
			credentials.NewStaticCredentialsProvider(c.AWSAccessKeyID, c.AWSSecretAccessKey, "")))
	}
	cfg, err := awsconfig.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, nil, fmt.Errorf("load AWS config: %w", err)
	}
	sqsClient := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		if c.SQSEndpoint != "" {
			o.BaseEndpoint = aws.String(c.SQSEndpoint)
		}
	})
	s3Client := s3.NewFromConfig(cfg, func(o *s3.Options) {
		if c.S3Endpoint != "" {
			o.BaseEndpoint = aws.String(c.S3Endpoint)
		}
		o.UsePathStyle = c.S3UsePathStyle
		if c.S3ChecksumWhenRequired {
			o.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
			o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
		}
	})
	return sqsClient, s3Client, nil
}
