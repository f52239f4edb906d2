package app

import (
	"fmt"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/code2des/backend/server/results"
)

// validateResults checks the result retrieval settings.
func (c Config) validateResults() []string {
	var problems []string
	if c.ResultMaxBytes < 0 || c.ResultMaxImageBytes < 0 || c.ResultMaxTotalImageBytes < 0 ||
		c.ResultFetchConcurrency < 0 || c.ResultFetchTimeout < 0 || c.ResultConvertConcurrency < 0 {
		problems = append(problems, "RESULT_MAX_BYTES, RESULT_MAX_IMAGE_BYTES, RESULT_MAX_TOTAL_IMAGE_BYTES, "+
			"RESULT_FETCH_CONCURRENCY, RESULT_FETCH_TIMEOUT and RESULT_CONVERT_CONCURRENCY must not be negative")
	}
	readable := c.ResultMaxBytes
	if readable == 0 {
		readable = results.DefaultMaxResultBytes
	}
	if c.ResultArtifactMaxBytes > readable {
		// A callback would then accept results that code2desResult can never read.
		problems = append(problems, fmt.Sprintf("RESULT_ARTIFACT_MAX_BYTES (%d) must not exceed RESULT_MAX_BYTES (%d)",
			c.ResultArtifactMaxBytes, readable))
	}
	return problems
}

// newResults builds the one results.Service of the process (it holds the result cache, the
// single-flight group and the conversion slots) from the RESULT_* settings, and exports its
// counters as metrics.
func (a *App) newResults() *results.Service {
	svc := results.New(a.deps.Blob, results.Options{
		KeyPrefix:          a.cfg.ArtifactKeyPrefix,
		MaxResultBytes:     a.cfg.ResultMaxBytes,
		MaxImageBytes:      a.cfg.ResultMaxImageBytes,
		MaxTotalImageBytes: a.cfg.ResultMaxTotalImageBytes,
		FetchConcurrency:   a.cfg.ResultFetchConcurrency,
		FetchTimeout:       a.cfg.ResultFetchTimeout,
		CacheBytes:         a.cfg.ResultCacheBytes,
		ConvertConcurrency: a.cfg.ResultConvertConcurrency,
		Logger:             a.logger,
	})
	a.metrics.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "code2des_result_loads_total",
			Help: "Code2Des results loaded from storage (successful or not)."},
			func() float64 { return float64(svc.Stats().Loads) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "code2des_result_cache_hits_total",
			Help: "Code2Des results served from the result cache."},
			func() float64 { return float64(svc.Stats().Hits) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "code2des_result_cache_bytes",
			Help: "Bytes held by the result cache."},
			func() float64 { return float64(svc.Stats().CachedBytes) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "code2des_result_cache_entries",
			Help: "Results held by the result cache."},
			func() float64 { return float64(svc.Stats().CachedResults) }),
	)
	return svc
}
