package capture

import (
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/worker/internal/consumer"
)

func validConfig() Config {
	return Config{
		QueueURL: "http://q", CallbackSecret: strings.Repeat("s", MinCallbackSecretLength), CallbackTimeout: 15 * time.Second,
		LoadTimeout: time.Second, ReadyTimeout: time.Second, NetworkIdleTimeout: time.Second, ImageTimeout: time.Second,
		JobTimeout: 3 * time.Minute, MaxScreenshotHeight: ChromiumMaxScreenshotHeight, WaitTime: consumer.MaxWaitTime,
		VisibilityTimeout: 5 * time.Minute, MaxReceives: 3, Concurrency: 1,
	}
}

func TestConfigValidate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"Defaults_OK", func(*Config) {}, ""},
		{"NoQueue_Refused", func(c *Config) { c.QueueURL = "" }, "SQS_CAPTURE_QUEUE_URL is required"},
		{"NoSecret_Refused", func(c *Config) { c.CallbackSecret = "" }, "WORKER_CALLBACK_SECRET is required"},
		{"SecretAtMin_OK", func(c *Config) { c.CallbackSecret = strings.Repeat("k", MinCallbackSecretLength) }, ""},
		{"SecretOneByteShort_Refused", func(c *Config) { c.CallbackSecret = strings.Repeat("k", MinCallbackSecretLength-1) }, "WORKER_CALLBACK_SECRET must be at least 32 bytes"},
		{"WaitTimePastMax_Refused", func(c *Config) { c.WaitTime = consumer.MaxWaitTime + time.Second }, "CAPTURE_WAIT_TIME"},
		{"ScreenshotCapAtChromiumMax_OK", func(c *Config) { c.MaxScreenshotHeight = ChromiumMaxScreenshotHeight }, ""},
		{"ScreenshotCapPastChromiumMax_Refused", func(c *Config) { c.MaxScreenshotHeight = ChromiumMaxScreenshotHeight + 1 }, "CAPTURE_MAX_SCREENSHOT_HEIGHT"},
		{"VisibilityTooShort_Refused", func(c *Config) { c.VisibilityTimeout = c.JobTimeout }, "CAPTURE_VISIBILITY_TIMEOUT"},
		{"ZeroReadyTimeout_Refused", func(c *Config) { c.ReadyTimeout = 0 }, "CAPTURE_READY_TIMEOUT must be positive"},
		{"ZeroSettleTimeout_OK", func(c *Config) { c.SettleTimeout = 0 }, ""},
		{"NegativeSettleTimeout_Refused", func(c *Config) { c.SettleTimeout = -time.Nanosecond }, "CAPTURE_SETTLE_TIMEOUT must not be negative"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := validConfig()
			tc.change(&c)
			err := c.Validate()
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("Validate: %v, want %q", err, tc.want)
			}
		})
	}
}

func TestLoadConfigDefaultsAreValid(t *testing.T) {
	t.Setenv("SQS_CAPTURE_QUEUE_URL", "http://127.0.0.1:9324/000000000000/code2des-capture")
	t.Setenv("WORKER_CALLBACK_SECRET", strings.Repeat("s", MinCallbackSecretLength))
	c, err := LoadConfig()
	if err != nil {
		t.Fatalf("LoadConfig with defaults: %v", err)
	}
	if c.MaxScreenshotHeight != ChromiumMaxScreenshotHeight || c.AllowPrivateNetworks || c.WaitTime != consumer.MaxWaitTime ||
		c.SettleTimeout != DefaultSettleTimeout || c.SnapshotScripts {
		t.Fatalf("defaults: cap %d, private %v, wait %s, settle %s, snapshot scripts %v", c.MaxScreenshotHeight, c.AllowPrivateNetworks, c.WaitTime, c.SettleTimeout, c.SnapshotScripts)
	}
}

// A secret pasted with a trailing newline signs as the API's trimmed WORKER_SECRETS verifies.
func TestLoadConfigTrimsValues(t *testing.T) {
	secret := strings.Repeat("s", MinCallbackSecretLength)
	t.Setenv("SQS_CAPTURE_QUEUE_URL", " http://127.0.0.1:9324/000000000000/code2des-capture\n")
	t.Setenv("WORKER_CALLBACK_SECRET", secret+"\n")
	t.Setenv("CAPTURE_CONCURRENCY", " 2 ")
	c, err := LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if c.CallbackSecret != secret || c.QueueURL != "http://127.0.0.1:9324/000000000000/code2des-capture" || c.Concurrency != 2 {
		t.Errorf("not trimmed: %q %q %d", c.CallbackSecret, c.QueueURL, c.Concurrency)
	}
}
