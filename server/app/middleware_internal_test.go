package app

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// The metrics middleware counts every request under its labels, whether its label set is kept in
// the observer cache (at most maxObserverLabelSets) or looked up past the bound.
func TestHTTPMetricsObserverCache(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := newHTTPMetrics(reg)
	status := http.StatusOK
	h := m.middleware(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(status) }))
	serve := func(method string) {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(method, "/x", nil))
	}
	for i := range maxObserverLabelSets {
		serve(fmt.Sprint("M", i))
	}
	if len(m.observers) != maxObserverLabelSets {
		t.Fatalf("%d label sets kept, want %d", len(m.observers), maxObserverLabelSets)
	}
	past := fmt.Sprint("M", maxObserverLabelSets)
	serve(past)
	serve(past)
	serve("M0")
	status = http.StatusTeapot
	serve("M0")
	if len(m.observers) != maxObserverLabelSets {
		t.Fatalf("%d label sets kept past the bound, want %d", len(m.observers), maxObserverLabelSets)
	}
	got := scrapeMetrics(reg)
	for _, want := range []string{
		`code2des_http_requests_total{method="M0",route="unmatched",status="200"} 2`,
		`code2des_http_requests_total{method="M0",route="unmatched",status="418"} 1`,
		`code2des_http_requests_total{method="M1",route="unmatched",status="200"} 1`,
		fmt.Sprintf(`code2des_http_requests_total{method=%q,route="unmatched",status="200"} 2`, past),
		`code2des_http_request_duration_seconds_count{method="M0",route="unmatched"} 3`,
		`code2des_http_request_duration_seconds_count{method="M1",route="unmatched"} 1`,
		fmt.Sprintf(`code2des_http_request_duration_seconds_count{method=%q,route="unmatched"} 2`, past),
	} {
		if !strings.Contains(got, "\n"+want+"\n") {
			t.Errorf("want %s in the exposition", want)
		}
	}
}

// scrapeMetrics is reg's exposition as /metrics serves it (app.go), in the text format.
func scrapeMetrics(reg *prometheus.Registry) string {
	rec := httptest.NewRecorder()
	promhttp.HandlerFor(reg, promhttp.HandlerOpts{}).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	return rec.Body.String()
}
