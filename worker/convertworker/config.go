package convertworker

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/caarlos0/env/v11"

	"github.com/code2des/backend/awsclient"

	"github.com/code2des/backend/envtrim"
	"github.com/code2des/backend/worker/internal/consumer"
)

// Config is the worker's configuration, read from environment variables (worker/README.md lists
// them). The AWS and queue names match the API's so one environment serves both.
type Config struct {
	// QueueURL is the conversion queue (code2des.requested messages).
	QueueURL string `env:"SQS_CONVERSION_QUEUE_URL"`
	// Settings are the AWS region, credentials and endpoints, read from the same variables as
	// the API's (awsclient).
	awsclient.Settings

	// CallbackSecret is the shared worker secret that signs callbacks (SPEC §6).
	CallbackSecret string `env:"WORKER_CALLBACK_SECRET" mask:"true"`
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

	// SelfCheck turns on the self-check (docs/fidelity.md): each result is drawn by
	// worker/preview in headless Chromium, compared with the capture's screenshot and given a
	// fidelity member and a diff map. On by default (make run, the tests); off, results have no
	// fidelity member and the worker needs no Chromium.
	SelfCheck bool `env:"CONVERT_SELF_CHECK" envDefault:"true"`
	// ChromiumPath is the browser the self-check's preview runs in.
	ChromiumPath string `env:"CHROMIUM_PATH" envDefault:"/usr/bin/chromium"`
}

// LoadConfig reads the configuration from the environment, every value trimmed of surrounding
// whitespace (as the API does), and validates it.
func LoadConfig() (Config, error) {
	c, err := env.ParseAsWithOptions[Config](env.Options{Environment: envtrim.Environment()})
	if err != nil {
		return Config{}, fmt.Errorf("read configuration: %w", err)
	}
	return c, c.Validate()
}

// Validate checks values the worker cannot run without: the queue, secret and timing rules all
// workers share (consumer.Settings), then the conversion's own.
func (c Config) Validate() error {
	problems := consumer.Settings{
		QueueVar: "SQS_CONVERSION_QUEUE_URL", Prefix: "CONVERT_", QueueURL: c.QueueURL,
		CallbackSecret: c.CallbackSecret, CallbackTimeout: c.CallbackTimeout, JobTimeout: c.JobTimeout,
		WaitTime: c.WaitTime, VisibilityTimeout: c.VisibilityTimeout, MaxReceives: c.MaxReceives, Concurrency: c.Concurrency,
	}.Problems()
	if c.MaxCaptureBytes < 1 {
		problems = append(problems, "CONVERT_MAX_CAPTURE_BYTES must be positive")
	}
	if len(problems) > 0 {
		return errors.New("invalid configuration: " + strings.Join(problems, "; "))
	}
	return nil
}
