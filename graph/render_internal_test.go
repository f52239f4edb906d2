package graph

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
)

// writeRendered writes what the render writes, error or not, and grows gqlgen's response buffer
// once, with room for what follows.
func TestWriteRenderedWritesTheSameBytes(t *testing.T) {
	page := strings.Repeat(`{"id":"x","status":"COMPLETED"},`, 800) // ~26 KB, a page of jobs
	fail := errors.New("boom")
	for _, tc := range []struct {
		name string
		err  error
	}{{"OK", nil}, {"RenderError", fail}} {
		t.Run(tc.name, func(t *testing.T) {
			render := func(_ context.Context, w io.Writer) error {
				_, _ = io.WriteString(w, page[:len(page)/2])
				if tc.err != nil {
					return tc.err
				}
				_, _ = io.WriteString(w, page[len(page)/2:])
				return nil
			}
			var direct bytes.Buffer
			direct.WriteString(`{"code2desJobs":{"edges":`)
			wantErr := render(context.Background(), &direct)

			var out bytes.Buffer
			out.WriteString(`{"code2desJobs":{"edges":`)
			for range 2 { // the second time from a pooled buffer
				out.Truncate(len(`{"code2desJobs":{"edges":`))
				err := writeRendered(context.Background(), &out, render)
				if !errors.Is(err, wantErr) || (err == nil) != (wantErr == nil) {
					t.Fatalf("error %v; want %v", err, wantErr)
				}
				if out.String() != direct.String() {
					t.Fatalf("wrote %d bytes unlike the direct render (%d bytes)", out.Len(), direct.Len())
				}
				if out.Cap()-out.Len() < renderTailRoom {
					t.Errorf("room after the page %d; want at least %d", out.Cap()-out.Len(), renderTailRoom)
				}
			}
			// Any other writer gets the render directly.
			var sb strings.Builder
			sb.WriteString(`{"code2desJobs":{"edges":`)
			if err := writeRendered(context.Background(), &sb, render); !errors.Is(err, wantErr) || sb.String() != direct.String() {
				t.Errorf("to a strings.Builder: %v, %d bytes", err, sb.Len())
			}
		})
	}
}

func TestKeepRenderBufferAtAndPastItsLimit(t *testing.T) {
	at := bytes.NewBuffer(make([]byte, 0, MaxPooledRenderBuffer))
	past := bytes.NewBuffer(make([]byte, 0, MaxPooledRenderBuffer+1))
	if !keepRenderBuffer(at) {
		t.Error("a buffer of MaxPooledRenderBuffer bytes is not kept")
	}
	if keepRenderBuffer(past) {
		t.Error("a buffer past MaxPooledRenderBuffer is kept")
	}
}

// writeTime writes what graphql.MarshalTime writes, for any time (zones, nanoseconds, years past
// RFC 3339's four digits, the zero time).
func TestWriteTimeAsGqlgen(t *testing.T) {
	east := time.FixedZone("east", 5*3600+30*60)
	for _, tm := range []time.Time{
		{},
		time.Date(2026, 11, 30, 1, 2, 3, 456000000, time.UTC),
		time.Date(2026, 11, 30, 1, 2, 3, 1, east),
		time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("west", -8*3600)),
		time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Now(),
	} {
		var want bytes.Buffer
		graphql.MarshalTime(tm).MarshalGQL(&want)
		var got bytes.Buffer
		got.WriteString("x")
		writeTime(&got, tm)
		var other strings.Builder
		writeTime(&other, tm)
		if got.String() != "x"+want.String() || other.String() != want.String() {
			t.Errorf("%v: %s and %s; want %s", tm, got.String(), other.String(), want.String())
		}
	}
}

// writeFloat writes what graphql.MarshalFloatContext writes, for any float64 (whole, fractional,
// tiny, huge, negative, negative zero, subnormal; a million random bit patterns), and returns its
// error for a non-finite one.
func TestWriteFloatAsGqlgen(t *testing.T) {
	ctx := context.Background()
	values := []float64{0, math.Copysign(0, -1), 1, 2, 1.5, 0.1, 1.0 / 3, 2.625, 1e-4, 1e-5, 1e-7, 123456, 1234567,
		1e20, 1e21, 1e22, -3.75, math.MaxFloat64, math.SmallestNonzeroFloat64, -math.MaxFloat64,
		math.Nextafter(1, 2), 4.0000000000000001, 9007199254740993, math.Inf(1), math.Inf(-1), math.NaN()}
	rng := rand.New(rand.NewPCG(17, 17))
	for range 1_000_000 {
		values = append(values, math.Float64frombits(rng.Uint64()))
	}
	for _, f := range values {
		var want bytes.Buffer
		wantErr := graphql.MarshalFloatContext(f).MarshalGQLContext(ctx, &want)
		var got bytes.Buffer
		got.WriteString("x")
		gotErr := writeFloat(ctx, &got, f)
		var other strings.Builder
		otherErr := writeFloat(ctx, &other, f)
		if got.String() != "x"+want.String() || other.String() != want.String() ||
			(gotErr == nil) != (wantErr == nil) || (otherErr == nil) != (wantErr == nil) {
			t.Fatalf("%v: %s (%v) and %s (%v); want %s (%v)", f, got.String(), gotErr, other.String(), otherErr, want.String(), wantErr)
		}
	}
}

// MarshalInt64ID and writeInt64ID write what strconv.Quote makes of the decimal digits, to the
// render buffer (after what it holds) and to any other writer, with no allocation to the former.
func TestWriteInt64IDIsQuotedDecimal(t *testing.T) {
	for _, v := range []int64{0, 1, 9, 10, 99, 100, 1 << 31, math.MaxInt64, -1, math.MinInt64} {
		want := strconv.Quote(strconv.FormatInt(v, 10))
		var b bytes.Buffer
		b.WriteString("x")
		writeInt64ID(&b, v)
		var sb strings.Builder
		MarshalInt64ID(v).MarshalGQL(&sb)
		if b.String() != "x"+want || sb.String() != want {
			t.Errorf("%d: %s and %s; want %s", v, b.String(), sb.String(), want)
		}
	}
	b := bytes.NewBuffer(make([]byte, 0, 1024))
	if allocs := testing.AllocsPerRun(100, func() { b.Reset(); writeInt64ID(b, math.MaxInt64) }); allocs != 0 {
		t.Errorf("%v allocations writing to a buffer", allocs)
	}
}
