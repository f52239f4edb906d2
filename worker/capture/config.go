package capture

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/caarlos0/env/v11"

	"github.com/code2des/backend/awsclient"

	"github.com/code2des/backend/envtrim"
	"github.com/code2des/backend/worker/internal/callback"
	"github.com/code2des/backend/worker/internal/consumer"
)

// Config is the worker's configuration, read from environment variables (worker/README.md lists
// them). The AWS names match the API's so one environment serves both.
type Config struct {
	// QueueURL is the capture queue (page_import.requested messages).
	QueueURL string `env:"SQS_CAPTURE_QUEUE_URL"`
	// Settings are the AWS region, credentials and endpoints, read from the same variables as
	// the API's (awsclient).
	awsclient.Settings

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
	// SnapshotScripts lets the page scripts of an uploaded snapshot run (off by default: the
	// snapshot is the rendered DOM already). The network stays refused either way
	// (snapshot_serve.go).
	SnapshotScripts bool `env:"CAPTURE_SNAPSHOT_SCRIPTS" envDefault:"false"`

	// LoadTimeout bounds navigation up to the load event.
	LoadTimeout time.Duration `env:"CAPTURE_LOAD_TIMEOUT" envDefault:"30s"`
	// ReadyTimeout bounds the wait for the ready selector; past it the job fails.
	ReadyTimeout time.Duration `env:"CAPTURE_READY_TIMEOUT" envDefault:"15s"`
	// NetworkIdleTimeout bounds each wait for the network to settle (the capture then goes on).
	NetworkIdleTimeout time.Duration `env:"CAPTURE_NETWORK_IDLE_TIMEOUT" envDefault:"10s"`
	// ImageTimeout bounds the wait for images still loading after the scroll.
	ImageTimeout time.Duration `env:"CAPTURE_IMAGE_TIMEOUT" envDefault:"10s"`
	// SettleTimeout bounds the wait for the page to come to rest (animations finished, nothing
	// moving; settle.go); past it the capture goes on with a warning. Zero means
	// DefaultSettleTimeout.
	SettleTimeout time.Duration `env:"CAPTURE_SETTLE_TIMEOUT" envDefault:"5s"`
	// UnresponsiveTimeout is how long the page's main thread may go without answering before
	// the job fails (PAGE_UNRESPONSIVE, guard.go); it must be below LoadTimeout, so a page that
	// never yields fails within the load budget. Zero means DefaultUnresponsiveTimeout.
	UnresponsiveTimeout time.Duration `env:"CAPTURE_UNRESPONSIVE_TIMEOUT" envDefault:"10s"`
	// RendererMemoryMiB is the memory ceiling of each renderer process, in MiB (memory.go): a
	// page past it crashes its renderer and the job fails (PAGE_CRASHED). Zero means
	// DefaultRendererMemoryMiB.
	RendererMemoryMiB int `env:"CAPTURE_RENDERER_MEMORY_MIB" envDefault:"2048"`
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

// MinCallbackSecretLength is the shortest callback secret, in bytes: the API refuses shorter
// WORKER_SECRETS (docs/workers.md §6), so a shorter one could never sign an accepted callback.
const MinCallbackSecretLength = callback.MinSecretLength

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
// workers share (consumer.Settings), then the capture's own.
func (c Config) Validate() error {
	problems := consumer.Settings{
		QueueVar: "SQS_CAPTURE_QUEUE_URL", Prefix: "CAPTURE_", QueueURL: c.QueueURL,
		CallbackSecret: c.CallbackSecret, CallbackTimeout: c.CallbackTimeout, JobTimeout: c.JobTimeout,
		WaitTime: c.WaitTime, VisibilityTimeout: c.VisibilityTimeout, MaxReceives: c.MaxReceives, Concurrency: c.Concurrency,
	}.Problems()
	if c.MaxScreenshotHeight < 1 || c.MaxScreenshotHeight > ChromiumMaxScreenshotHeight {
		problems = append(problems, fmt.Sprintf("CAPTURE_MAX_SCREENSHOT_HEIGHT must be within 1-%d", ChromiumMaxScreenshotHeight))
	}
	for _, d := range []struct {
		name string
		d    time.Duration
	}{
		{"CAPTURE_LOAD_TIMEOUT", c.LoadTimeout}, {"CAPTURE_READY_TIMEOUT", c.ReadyTimeout},
		{"CAPTURE_NETWORK_IDLE_TIMEOUT", c.NetworkIdleTimeout}, {"CAPTURE_IMAGE_TIMEOUT", c.ImageTimeout},
	} {
		if d.d <= 0 {
			problems = append(problems, d.name+" must be positive")
		}
	}
	if c.UnresponsiveTimeout < 0 || c.UnresponsiveTimeout >= c.LoadTimeout {
		problems = append(problems, "CAPTURE_UNRESPONSIVE_TIMEOUT must be below CAPTURE_LOAD_TIMEOUT and not negative (0 means the default)")
	}
	if m := c.RendererMemoryMiB; m != 0 && (m < MinRendererMemoryMiB || m > MaxRendererMemoryMiB) {
		problems = append(problems, fmt.Sprintf("CAPTURE_RENDERER_MEMORY_MIB must be within %d-%d (0 means the default)", MinRendererMemoryMiB, MaxRendererMemoryMiB))
	}
	if c.SettleTimeout < 0 {
		problems = append(problems, "CAPTURE_SETTLE_TIMEOUT must not be negative (0 means the default)")
	}
	if len(problems) > 0 {
		return errors.New("invalid configuration: " + strings.Join(problems, "; "))
	}
	return nil
}

// BrowserOptions are the options of the worker's Chromium under c; logger receives its own
// faults.
func (c Config) BrowserOptions(logger *slog.Logger) BrowserOptions {
	return BrowserOptions{ExecPath: c.ChromiumPath, AllowPrivateNetworks: c.AllowPrivateNetworks, Logger: logger, RendererMemoryMiB: c.RendererMemoryMiB}
}
