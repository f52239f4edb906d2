package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"
)

// op is one kind of request as a load generator client sends it. prep runs before every request
// with the clock stopped (a callback needs its job reset to processing first); do is the timed
// request. Both receive the client's index (0..clients-1) and its iteration number.
type op struct {
	prep func(ctx context.Context, client, iter int) error
	do   func(ctx context.Context, client, iter int) error
}

// sample is what one closed-loop run measured.
type sample struct {
	requests  int
	errors    int
	firstErr  error
	clients   int
	latencies []time.Duration // sorted
}

// throughput is requests per second of the timed part: clients / mean latency. Without a prep step
// this equals requests / wall time; with one it leaves the untimed reset out, as Go benchmarks'
// StopTimer does.
func (s sample) throughput() float64 {
	if len(s.latencies) == 0 {
		return 0
	}
	var sum time.Duration
	for _, l := range s.latencies {
		sum += l
	}
	return float64(s.clients) * float64(len(s.latencies)) / sum.Seconds()
}

// percentile returns the p-th percentile latency (0 < p <= 100, nearest rank).
func (s sample) percentile(p float64) time.Duration {
	if len(s.latencies) == 0 {
		return 0
	}
	i := int(float64(len(s.latencies))*p/100+0.999999) - 1
	return s.latencies[max(0, min(i, len(s.latencies)-1))]
}

// runClosedLoop drives o with clients concurrent clients for dur: each client sends its next
// request as soon as the previous one has answered (a closed loop, as wrk does).
func runClosedLoop(ctx context.Context, o op, clients int, dur time.Duration) sample {
	ctx, cancel := context.WithTimeout(ctx, dur)
	defer cancel()
	var (
		mu  sync.Mutex
		all sample
		wg  sync.WaitGroup
	)
	all.clients = clients
	for c := range clients {
		wg.Go(func() {
			var lat []time.Duration
			var errs int
			var first error
			for iter := 0; ctx.Err() == nil; iter++ {
				if o.prep != nil {
					if err := o.prep(context.WithoutCancel(ctx), c, iter); err != nil {
						errs++
						first = cmpErr(first, err)
						continue
					}
				}
				var answered time.Time
				start := time.Now()
				err := o.do(context.WithValue(context.WithoutCancel(ctx), answeredKey{}, &answered), c, iter)
				d := time.Since(start)
				if !answered.IsZero() {
					d = answered.Sub(start)
				}
				if err != nil {
					errs++
					first = cmpErr(first, err)
					continue
				}
				lat = append(lat, d)
			}
			mu.Lock()
			all.latencies = append(all.latencies, lat...)
			all.errors += errs
			all.firstErr = cmpErr(all.firstErr, first)
			mu.Unlock()
		})
	}
	wg.Wait()
	slices.Sort(all.latencies)
	all.requests = len(all.latencies)
	return all
}

func cmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// httpClient is shared by every load generator client: keep-alive connections, enough idle ones
// for the largest client count, no compression (neither server compresses).
var httpClient = &http.Client{
	Timeout: 60 * time.Second,
	Transport: &http.Transport{
		MaxIdleConns:        512,
		MaxIdleConnsPerHost: 256,
		IdleConnTimeout:     time.Minute,
		DisableCompression:  true,
	},
}

// post sends body to url and checks the answer: status 200 and, when want is not empty, that the
// body contains want; a GraphQL answer with "errors" fails.
func post(ctx context.Context, url string, body []byte, header http.Header, want string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header[k] = v
	}
	return send(req, want)
}

var bodies = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// answeredKey is the context key of the time the answer's last byte was read (*time.Time): send
// sets it, and runClosedLoop ends the request's timing there, so checking the answer's content
// (two scans of an 11 MB result: 2-3 ms of the client's CPU) is not timed, as StopTimer would
// leave it out of a Go benchmark.
type answeredKey struct{}

// send sends req and checks the answer: status 200, no GraphQL "errors", and want in the body
// when want is not empty. The timing of a request sent through send ends when the whole answer
// has been read (answeredKey).
func send(req *http.Request, want string) error {
	resp, err := httpClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	// A pooled buffer: the client's own reading of an 11 MB result should cost as little as
	// possible, since it is timed with every request of both sides.
	buf := bodies.Get().(*bytes.Buffer)
	defer bodies.Put(buf)
	buf.Reset()
	if _, err := buf.ReadFrom(resp.Body); err != nil {
		return err
	}
	if t, ok := req.Context().Value(answeredKey{}).(*time.Time); ok {
		*t = time.Now()
	}
	b := buf.Bytes()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s %s: status %d: %.300s", req.Method, req.URL.Path, resp.StatusCode, b)
	}
	if bytes.Contains(b, []byte(`"errors":[`)) {
		return fmt.Errorf("%s %s: %.300s", req.Method, req.URL.Path, b)
	}
	if want != "" && !bytes.Contains(b, []byte(want)) {
		return fmt.Errorf("%s %s: answer without %q: %.300s", req.Method, req.URL.Path, want, b)
	}
	return nil
}
