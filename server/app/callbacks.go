package app

import (
	"context"
	"fmt"

	"github.com/go-chi/chi/v5"

	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/callbacks"
	"github.com/code2des/backend/server/sweeper"
)

// validateCallbacks checks the worker callback settings.
func (c Config) validateCallbacks() []string {
	var problems []string
	if len(c.WorkerSecrets) > callbacks.MaxSecrets {
		problems = append(problems, fmt.Sprintf("WORKER_SECRETS holds %d secrets; at most %d (current and next)", len(c.WorkerSecrets), callbacks.MaxSecrets))
	}
	for i, s := range c.WorkerSecrets {
		if len(s) < callbacks.MinSecretLength {
			problems = append(problems, fmt.Sprintf("WORKER_SECRETS entry %d is shorter than %d bytes", i+1, callbacks.MinSecretLength))
		}
	}
	if c.CaptureDeadline <= 0 || c.ConversionDeadline <= 0 {
		problems = append(problems, "CAPTURE_DEADLINE and CONVERSION_DEADLINE must be positive")
	}
	if c.SweepInterval < 0 {
		problems = append(problems, "SWEEP_INTERVAL must not be negative")
	}
	if c.CaptureArtifactMaxBytes <= 0 || c.ResultArtifactMaxBytes <= 0 || c.ArtifactReadTimeout <= 0 {
		problems = append(problems, "CAPTURE_ARTIFACT_MAX_BYTES, RESULT_ARTIFACT_MAX_BYTES and ARTIFACT_READ_TIMEOUT must be positive")
	}
	return problems
}

// mountCallbacks mounts the worker callback routes of SPEC §6.
func (a *App) mountCallbacks(r chi.Router) {
	secrets := make([][]byte, len(a.cfg.WorkerSecrets))
	for i, s := range a.cfg.WorkerSecrets {
		secrets[i] = []byte(s)
	}
	if len(secrets) == 0 {
		a.logger.Warn("WORKER_SECRETS is empty: every worker callback will be refused")
	}
	h := &callbacks.Handler{
		Service: &callbacks.Service{
			DB: a.deps.DB,
			Artifacts: artifacts.NewVerifier(a.deps.Blob, a.cfg.ArtifactKeyPrefix, artifacts.Limits{
				CaptureMaxBytes: a.cfg.CaptureArtifactMaxBytes,
				ResultMaxBytes:  a.cfg.ResultArtifactMaxBytes,
				ReadTimeout:     a.cfg.ArtifactReadTimeout,
			}),
			Logger:    a.logger,
			DBTimeout: a.cfg.DependencyTimeout,
		},
		Signatures: &callbacks.SignatureVerifier{Secrets: secrets},
		Logger:     a.logger,
	}
	r.Post(callbacks.PageImportsPath, h.PageImports)
	r.Post(callbacks.Code2DesPath, h.Code2Des)
}

// startSweeper runs the sweeper until ctx is done, unless SWEEP_INTERVAL is 0. The returned
// function waits for it to stop.
func (a *App) startSweeper(ctx context.Context) (wait func()) {
	if a.cfg.SweepInterval <= 0 {
		return func() {}
	}
	s := &sweeper.Sweeper{
		DB:                 a.deps.DB,
		CaptureDeadline:    a.cfg.CaptureDeadline,
		UploadDeadline:     a.cfg.UploadDeadline,
		ConversionDeadline: a.cfg.ConversionDeadline,
		Interval:           a.cfg.SweepInterval,
		Logger:             a.logger,
		Timeout:            a.cfg.DependencyTimeout,
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Run(ctx)
	}()
	return func() { <-done }
}
