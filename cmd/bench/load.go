package main

import (
	"context"
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

// post sends body to url through load generator client c (see check for what it checks).
func (h *harness) post(ctx context.Context, c int, url string, body []byte, header http.Header, want string) error {
	return h.clients[c].send(ctx, request{method: http.MethodPost, url: url, header: header, body: body}, want)
}
