package app

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
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
	got := gatherHTTPMetrics(t, reg)
	for _, want := range []string{
		`requests{method="M0",route="unmatched",status="200"} 2`,
		`requests{method="M0",route="unmatched",status="418"} 1`,
		`requests{method="M1",route="unmatched",status="200"} 1`,
		fmt.Sprintf(`requests{method=%q,route="unmatched",status="200"} 2`, past),
		`duration{method="M0",route="unmatched"} 3`,
		`duration{method="M1",route="unmatched"} 1`,
		fmt.Sprintf(`duration{method=%q,route="unmatched"} 2`, past),
	} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("want %s in\n%.300s", want, got)
		}
	}
}

// gatherHTTPMetrics lists reg's request counts and duration sample counts, one a line:
// `requests{method=..,route=..,status=..} n` and `duration{method=..,route=..} n`.
func gatherHTTPMetrics(t *testing.T, reg *prometheus.Registry) string {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			l := map[string]string{}
			for _, p := range m.GetLabel() {
				l[p.GetName()] = p.GetValue()
			}
			switch mf.GetName() {
			case "code2des_http_requests_total":
				fmt.Fprintf(&b, "requests{method=%q,route=%q,status=%q} %v\n", l["method"], l["route"], l["status"], m.GetCounter().GetValue())
			case "code2des_http_request_duration_seconds":
				fmt.Fprintf(&b, "duration{method=%q,route=%q} %d\n", l["method"], l["route"], m.GetHistogram().GetSampleCount())
			}
		}
	}
	return b.String()
}
