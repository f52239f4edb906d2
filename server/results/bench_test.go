package results_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/results"
)

// benchImages and benchSide give 8 incompressible 512x512 RGBA PNGs: 8 MiB of images.
const (
	benchImages = 8
	benchSide   = 512
)

// benchFixture is a completed job whose result references 8 MiB of PNG images.
func benchFixture(b *testing.B) (*fixture, int64) {
	f := newFixture(b)
	f.images, f.blobs = nil, map[string][]byte{}
	var children []string
	var payload int64
	for i := range benchImages {
		ref := fmt.Sprintf("img%d", i)
		f.addImage(b, ref, fmt.Sprintf("%simages/%d.png", f.prefix, i), "image/png", encodePNG(b, noise(b, benchSide, benchSide)))
		payload += f.image(ref).ByteSize
		children = append(children, fmt.Sprintf(`{"type":"RECTANGLE","id":"2:%d","name":"r","fills":[{"type":"IMAGE","imageRef":%q}]}`, i, ref))
	}
	f.root = `{"type":"FRAME","id":"1:1","name":"page","children":[` + strings.Join(children, ",") + `]}`
	f.upload(b)
	return f, payload
}

// BenchmarkHydrate compares loading a result with 8 MiB of images against a baseline of the same
// S3 GETs (result and images, same concurrency cap) plus base64 encoding, with no validation.
// Cold loads every time (cache disabled); Warm is served from the cache. The peak-heap/payload
// metric is the peak growth of the heap during one load over the stored image bytes.
func BenchmarkHydrate(b *testing.B) {
	f, payload := benchFixture(b)
	ctx := context.Background()
	store := f.env.Store
	_, resultKey, _ := models.ParseS3URI(*f.job.ResultURL)

	baseline := func() {
		if _, err := store.Get(ctx, resultKey, results.DefaultMaxResultBytes); err != nil {
			b.Fatal(err)
		}
		out := make([]string, len(f.images))
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(results.DefaultFetchConcurrency)
		for i, e := range f.images {
			g.Go(func() error {
				data, err := store.Get(gctx, e.Key, results.DefaultMaxImageBytes)
				out[i] = base64.StdEncoding.EncodeToString(data)
				return err
			})
		}
		if err := g.Wait(); err != nil {
			b.Fatal(err)
		}
	}
	cold := newService(store, results.Options{CacheBytes: -1})
	warm := newService(store, results.Options{})
	load := func(svc *results.Service) func() {
		return func() {
			if _, err := svc.Result(ctx, f.job, f.pi); err != nil {
				b.Fatal(err)
			}
		}
	}
	for _, c := range []struct {
		name string
		op   func()
	}{{"Baseline", baseline}, {"Cold", load(cold)}, {"Warm", load(warm)}} {
		b.Run(c.name, func(b *testing.B) {
			c.op() // warms connections (and the cache, for Warm)
			b.SetBytes(payload)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				c.op()
			}
			b.StopTimer()
			b.ReportMetric(float64(payload)/(1<<20), "payload-MiB")
			b.ReportMetric(float64(peakHeapGrowth(c.op))/float64(payload), "peak-heap/payload")
		})
	}
}

// peakHeapGrowth runs op once after a GC and returns the largest growth of the heap's object bytes
// seen while it ran, sampled every 50µs.
func peakHeapGrowth(op func()) int64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() int64 { metrics.Read(sample); return int64(sample[0].Value.Uint64()) }
	runtime.GC()
	base := read()
	var peak atomic.Int64
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(50 * time.Microsecond)
		defer t.Stop()
		for {
			if v := read() - base; v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	op()
	if v := read() - base; v > peak.Load() {
		peak.Store(v)
	}
	close(done)
	return peak.Load()
}
