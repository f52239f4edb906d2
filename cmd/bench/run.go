package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/code2des/backend/server/callbacks"
)

// Our queries, field for field the peer's queries/ (the peer exposes screenshotUrl where the API
// exposes hasScreenshot; the API hides storage pointers, SPEC §3).
const (
	pageImportFields = `id projectId organizationId sourceKind sourceUrl viewport { width height } deviceScaleFactor readySelector
  status attempt captureHash hasScreenshot errorMessage createdAt updatedAt createdBy`
	ourList20 = `query($p: ID!) { pageImports(projectId: $p, first: 20) { edges { cursor node { ` + pageImportFields +
		` } } pageInfo { hasNextPage endCursor } } }`
	ourNested = `query($p: ID!) { code2desJobs(projectId: $p, first: 20) { edges { cursor node {
  id figmaFileKey screenId status warningCount createdAt
  pageImport { id sourceUrl status captureHash createdAt } } } pageInfo { hasNextPage endCursor } } }`
	ourByID   = `query($id: ID!) { pageImport(id: $id) { ` + pageImportFields + ` } }`
	ourCreate = `mutation($p: ID!, $u: String!) { createPageImport(input: {projectId: $p, sourceUrl: $u, viewport: {width: 1440, height: 900}}) { pageImport { id status attempt } } }`
	ourResult = `query($id: ID!) { code2desResult(id: $id) { code2desId captureHash warningCount root images { ref mimeType byteSize sha256 width height base64 } } }`
)

// metric is what a target compares.
type metric int

const (
	// throughputMin: ours/baseline throughput must be at least the target.
	throughputMin metric = iota
	// p99Max: ours/baseline p99 latency must be at most the target.
	p99Max
	// latencyMax: ours/baseline mean latency must be at most the target.
	latencyMax
	// rssMax: ours/baseline peak resident memory must be at most the target.
	rssMax
)

func (m metric) String() string {
	return [...]string{"throughput", "p99 latency", "mean latency", "peak RSS"}[m]
}

// target is a ratio a row must reach; value 0 marks a row measured for information only.
type target struct {
	m     metric
	value float64
}

// floorBaseline names the informational baseline of pageImport(id): net/http and one prepared
// SELECT (baseline.go's pageImport).
const floorBaseline = "floor: net/http + the same prepared SELECT in Go"

// leanFloorBaseline names the informational baseline of code2desJobs { pageImport }: net/http and
// one prepared SELECT of only the 11 columns the query shows (baseline.go's code2desJobs), the
// least any server can read for it.
const leanFloorBaseline = "floor: net/http + a prepared SELECT of the 11 shown columns in Go"

func (t target) String() string {
	if t.value == 0 {
		return "none (floor)"
	}
	if t.m == throughputMin {
		return fmt.Sprintf(">= %gx", t.value)
	}
	return fmt.Sprintf("<= %gx", t.value)
}

func (t target) met(ratio float64) bool {
	if t.m == throughputMin {
		return ratio >= t.value
	}
	return ratio <= t.value
}

// scenario is one row group of the report: ours (A) against a baseline (B) at one client count.
type scenario struct {
	key      string // path as the table names it
	baseline string
	clients  int
	a, b     op
	aPID     func() int // process of A (for peak RSS and profiles)
	bPID     func() int
	aPprof   string
	targets  []target
}

// roundResult is one round of one side.
type roundResult struct {
	s   sample
	rss int64  // peak RSS in bytes during the round (rssMax scenarios only)
	cpu cpuUse // CPU time of the round
}

// cpuPerRequest returns f's CPU time per request sent in the round, in microseconds.
func (rr roundResult) cpuPerRequest(f func(cpuUse) time.Duration) float64 {
	n := rr.s.requests + rr.s.errors
	if n == 0 {
		return 0
	}
	return float64(f(rr.cpu)) / float64(time.Microsecond) / float64(n)
}

func (h *harness) scenarios() []scenario {
	api := "http://" + h.addr(portAPI) + "/graphql"
	cold := "http://" + h.addr(portAPICold) + "/graphql"
	peer := "http://" + h.addr(portPeer) + "/graphql"
	base := "http://" + h.addr(portBaseline)
	bearer := http.Header{"Authorization": {"Bearer " + h.token}}
	peerQ := func(name string) string {
		b, err := os.ReadFile(filepath.Join(h.o.peerScripts, "queries", name))
		if err != nil {
			panic(err)
		}
		return string(b)
	}
	gql := func(url, query string, hdr http.Header, want string, vars func(c, i int) map[string]any) op {
		body := graphQLBody(query)
		return op{do: func(ctx context.Context, c, i int) error {
			return h.post(ctx, c, url, body(vars(c, i)), hdr, want)
		}}
	}
	project := func(c, i int) map[string]any { return map[string]any{"p": strconv.Itoa(1 + (c*7+i)%seedProjects)} }
	byID := func(c, i int) map[string]any {
		return map[string]any{"id": h.sampleIDs[(c*131+i)%len(h.sampleIDs)]}
	}
	list20Peer, nestedPeer, byIDPeer := peerQ("peer-list20.graphql"), peerQ("peer-nested.graphql"), peerQ("peer-byid.graphql")
	apiPID, coldPID := func() int { return h.apiPID }, func() int { return h.coldPID }
	basePID, peerPID := func() int { return h.basePID }, func() int { return h.peerPID }
	pgr := "PostGraphile 5"

	var out []scenario
	for _, c := range []int{1, 16, 64} {
		out = append(out, scenario{key: "pageImports(first: 20)", baseline: pgr, clients: c,
			a: gql(api, ourList20, bearer, `"edges":[{`, project), b: gql(peer, list20Peer, nil, `"edges":[{`, project),
			aPID: apiPID, bPID: peerPID, aPprof: h.addr(portPprofAPI), targets: []target{{throughputMin, 2}}})
	}
	out = append(out, scenario{key: "pageImports(first: 20)", baseline: floorBaseline, clients: 1,
		a: gql(api, ourList20, bearer, `"edges":[{`, project), b: op{do: func(ctx context.Context, c, i int) error {
			body, _ := json.Marshal(project(c, i))
			return h.post(ctx, c, base+baselineListPath, body, nil, `"edges":[{`)
		}}, aPID: apiPID, bPID: basePID, targets: []target{{throughputMin, 0}}})
	for _, c := range []int{1, 16} {
		out = append(out, scenario{key: "code2desJobs(first: 20) { pageImport }", baseline: pgr, clients: c,
			a: gql(api, ourNested, bearer, `"pageImport":{`, project), b: gql(peer, nestedPeer, nil, `"pageImport":{`, project),
			aPID: apiPID, bPID: peerPID, aPprof: h.addr(portPprofAPI), targets: []target{{throughputMin, 2}}})
	}
	for _, c := range []int{1, 16} {
		out = append(out, scenario{key: "code2desJobs(first: 20) { pageImport }", baseline: leanFloorBaseline, clients: c,
			a: gql(api, ourNested, bearer, `"pageImport":{`, project), b: op{do: func(ctx context.Context, c, i int) error {
				body, _ := json.Marshal(project(c, i))
				return h.post(ctx, c, base+baselineNestedPath, body, nil, `"pageImport":{`)
			}}, aPID: apiPID, bPID: basePID, targets: []target{{throughputMin, 0}}})
	}
	for _, c := range []int{1, 16} {
		out = append(out, scenario{key: "pageImport(id)", baseline: pgr, clients: c,
			a: gql(api, ourByID, bearer, `"createdBy":`, byID), b: gql(peer, byIDPeer, nil, `"createdBy":`, byID),
			aPID: apiPID, bPID: peerPID, aPprof: h.addr(portPprofAPI), targets: []target{{throughputMin, 2}}})
	}
	// The floor of a small read here (no target): what any Go server pays for the same statement.
	floorByID := op{do: func(ctx context.Context, c, i int) error {
		body, _ := json.Marshal(byID(c, i))
		return h.post(ctx, c, base+baselineByIDPath, body, nil, `"createdBy":`)
	}}
	for _, c := range []int{1, 16} {
		out = append(out, scenario{key: "pageImport(id)", baseline: floorBaseline, clients: c,
			a: gql(api, ourByID, bearer, `"createdBy":`, byID), b: floorByID,
			aPID: apiPID, bPID: basePID, targets: []target{{throughputMin, 0}}})
	}
	url := func(c, i int) string {
		return fmt.Sprintf("https://example.com/bench/%d/%d?t=%d", c, i, time.Now().UnixNano())
	}
	out = append(out, scenario{key: "createPageImport", baseline: "INSERT + SendMessage in Go", clients: 16,
		a: gql(api, ourCreate, bearer, `"status":"PROCESSING"`, func(c, i int) map[string]any {
			return map[string]any{"p": strconv.Itoa(createProject), "u": url(c, i)}
		}),
		b: op{do: func(ctx context.Context, c, i int) error {
			body, _ := json.Marshal(map[string]any{"project_id": createProject, "source_url": url(c, i)})
			return h.post(ctx, c, base+baselineCreatePath, body, nil, `"id"`)
		}},
		aPID: apiPID, bPID: basePID, aPprof: h.addr(portPprofAPI), targets: []target{{throughputMin, 0.8}}})
	reset := func(ctx context.Context, c, _ int) error {
		return h.dbExec(ctx, `UPDATE page_import SET status = '0', result_url = NULL, capture_hash = NULL,
		  screenshot_url = NULL WHERE id = ?`, h.callbacks[c].pi.ID)
	}
	for _, c := range []int{1, 16, 64} {
		// The worker's HMAC-SHA-256 over the 1 MiB body is the client's work, as building the
		// baseline's request is: it is done in the untimed prep step, just before the request.
		signed := make([]http.Header, c)
		out = append(out, scenario{key: "capture callback, 1 MiB artifact", baseline: "S3 GET + SHA-256 + conditional UPDATE in Go", clients: c,
			a: op{prep: func(ctx context.Context, c, i int) error {
				if err := reset(ctx, c, i); err != nil {
					return err
				}
				r := &http.Request{Header: http.Header{}} // only its headers are sent
				callbacks.SignRequest(r, time.Now(), h.callbacks[c].body, []byte(workerSecret))
				signed[c] = r.Header
				return nil
			}, do: func(ctx context.Context, c, _ int) error {
				return h.post(ctx, c, "http://"+h.addr(portAPI)+callbacks.PageImportsPath, h.callbacks[c].body, signed[c], `"applied"`)
			}},
			b: op{prep: reset, do: func(ctx context.Context, c, _ int) error {
				return h.post(ctx, c, base+baselineCapturePath, h.callbacks[c].body, nil, `"applied"`)
			}},
			aPID: apiPID, bPID: basePID, aPprof: h.addr(portPprofAPI), targets: []target{{throughputMin, 0.7}, {p99Max, 1.5}}})
	}
	resultVars := func(int, int) map[string]any { return map[string]any{"id": h.result.job.ID} }
	baseResult := op{do: func(ctx context.Context, c, _ int) error {
		return h.clients[c].send(ctx, request{method: http.MethodGet, url: base + baselineResultPath + "?key=" + h.result.resultKey}, `"base64":"`)
	}}
	out = append(out,
		scenario{key: "code2desResult, 8 MiB of images (cold)", baseline: "S3 GETs + base64 in Go", clients: 1,
			a: gql(cold, ourResult, bearer, `"base64":"`, resultVars), b: baseResult,
			aPID: coldPID, bPID: basePID, aPprof: h.addr(portPprofCold), targets: []target{{latencyMax, 1}, {rssMax, 2}}},
		scenario{key: "code2desResult, 8 MiB of images (warm)", baseline: "S3 GETs + base64 in Go", clients: 1,
			a: gql(api, ourResult, bearer, `"base64":"`, resultVars), b: baseResult,
			aPID: apiPID, bPID: basePID, aPprof: h.addr(portPprofAPI), targets: []target{{latencyMax, 0.3}}})
	return out
}

// graphQLBody returns a function that writes a GraphQL request body, the bytes json.Marshal
// writes for {"query": query, "variables": vars}, with the query encoded once: escaping it on
// every request took the load generator 10-20 µs.
func graphQLBody(query string) func(vars map[string]any) []byte {
	q, _ := json.Marshal(query)
	head := slices.Clip(append(append([]byte(`{"query":`), q...), `,"variables":`...))
	return func(vars map[string]any) []byte {
		v, _ := json.Marshal(vars)
		return append(append(head, v...), '}')
	}
}

// row is one scenario's measured rounds.
type row struct {
	sc      scenario
	a, b    []roundResult
	loadavg [2]string // at start and end
}

func (h *harness) run(ctx context.Context) error {
	var rows []row
	started := time.Now()
	database := databaseName(h.o.databaseURL)
	if h.o.profileDir != "" {
		stop, err := profileSelf(filepath.Join(h.o.profileDir, "loadgen.pprof"))
		if err != nil {
			return err
		}
		defer stop()
	}
	for _, sc := range h.scenarios() {
		if only := strings.ToLower(h.o.only); only != "" && !strings.Contains(strings.ToLower(sc.key), only) && !strings.Contains(slug(sc.key), only) {
			continue
		}
		r := row{sc: sc}
		r.loadavg[0] = loadavg()
		logf("%s, %d clients: warm-up", sc.key, sc.clients)
		for _, o := range []op{sc.a, sc.b} {
			if s := runClosedLoop(ctx, o, sc.clients, h.o.warmup); s.errors > 0 && s.requests == 0 {
				return fmt.Errorf("%s: %w", sc.key, s.firstErr)
			}
		}
		for round := range h.o.rounds {
			for side, o := range []op{sc.a, sc.b} {
				pid := sc.aPID()
				if side == 1 {
					pid = sc.bPID()
				}
				resetPeakRSS(pid)
				var profDone chan error
				if side == 0 && round == 0 && h.o.profileDir != "" && sc.aPprof != "" {
					profDone = make(chan error, 1)
					name := fmt.Sprintf("%s-%d.pprof", slug(sc.key), sc.clients)
					go func() {
						profDone <- saveProfile(sc.aPprof, max(1, int(h.o.duration.Seconds())-1), filepath.Join(h.o.profileDir, name))
					}()
				}
				mark := markCPU(pid, database, true)
				s := runClosedLoop(ctx, o, sc.clients, h.o.duration)
				cpu := markCPU(pid, database, false).since(mark)
				if profDone != nil {
					if err := <-profDone; err != nil {
						logf("profile: %v", err)
					}
				}
				if s.errors > 0 {
					logf("%s (%s): %d errors, first: %v", sc.key, []string{"ours", "baseline"}[side], s.errors, s.firstErr)
				}
				rr := roundResult{s: s, rss: peakRSS(pid), cpu: cpu}
				if side == 0 {
					r.a = append(r.a, rr)
				} else {
					r.b = append(r.b, rr)
				}
			}
		}
		r.loadavg[1] = loadavg()
		logf("%s, %d clients: %s", sc.key, sc.clients, r.summary())
		rows = append(rows, r)
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	report := h.report(rows, time.Since(started))
	fmt.Print(report)
	if h.o.out == "" {
		return nil
	}
	return writeReport(h.o.out, report)
}

// profileSelf writes a CPU profile of this process, the load generator, into path until stop
// is called (with -profile: the profiler's own work then counts in the load generator's CPU).
func profileSelf(path string) (stop func(), err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); _ = f.Close() }, nil
}

// ratio returns the per-round ours/baseline ratios of m.
func (r row) ratios(m metric) []float64 {
	var out []float64
	for i := range r.a {
		a, b := r.a[i], r.b[i]
		var x float64
		switch m {
		case throughputMin:
			x = a.s.throughput() / b.s.throughput()
		case p99Max:
			x = a.s.percentile(99).Seconds() / b.s.percentile(99).Seconds()
		case latencyMax:
			x = b.s.throughput() / a.s.throughput() // one client: mean latency ratio
		case rssMax:
			x = float64(a.rss) / float64(b.rss)
		}
		out = append(out, x)
	}
	return out
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func (r row) summary() string {
	var parts []string
	for _, t := range r.sc.targets {
		x := r.ratios(t.m)
		parts = append(parts, fmt.Sprintf("%s %.2fx (%.2f-%.2f)", t.m, median(x), slices.Min(x), slices.Max(x)))
	}
	return strings.Join(parts, ", ")
}

func medianOf(rs []roundResult, f func(roundResult) float64) float64 {
	var xs []float64
	for _, r := range rs {
		xs = append(xs, f(r))
	}
	return median(xs)
}

func (h *harness) report(rows []row, took time.Duration) string {
	var b strings.Builder
	host, _ := os.Hostname()
	fmt.Fprintf(&b, "Run of %s on %s (%d CPUs, %s): %d rounds of %s per side (A/B/A/B...), %s warm-up per side, %d clients at most; took %s.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), host, runtime.NumCPU(), runtime.Version(), h.o.rounds, h.o.duration, h.o.warmup, maxClients, took.Round(time.Second))
	b.WriteString("| path | clients | baseline | metric | target | ratio (median) | spread (min-max) | ours (median) | baseline (median) | load avg (start / end) | met |\n")
	b.WriteString("|---|---:|---|---|---|---:|---|---:|---:|---|---|\n")
	for _, r := range rows {
		for _, t := range r.sc.targets {
			x := r.ratios(t.m)
			var ours, theirs string
			switch t.m {
			case throughputMin:
				ours = fmt.Sprintf("%.0f req/s", medianOf(r.a, func(rr roundResult) float64 { return rr.s.throughput() }))
				theirs = fmt.Sprintf("%.0f req/s", medianOf(r.b, func(rr roundResult) float64 { return rr.s.throughput() }))
			case p99Max:
				ours = fmtMS(medianOf(r.a, func(rr roundResult) float64 { return rr.s.percentile(99).Seconds() }))
				theirs = fmtMS(medianOf(r.b, func(rr roundResult) float64 { return rr.s.percentile(99).Seconds() }))
			case latencyMax:
				ours = fmtMS(medianOf(r.a, func(rr roundResult) float64 { return 1 / rr.s.throughput() }))
				theirs = fmtMS(medianOf(r.b, func(rr roundResult) float64 { return 1 / rr.s.throughput() }))
			case rssMax:
				ours = fmt.Sprintf("%.0f MiB", medianOf(r.a, func(rr roundResult) float64 { return float64(rr.rss) / (1 << 20) }))
				theirs = fmt.Sprintf("%.0f MiB", medianOf(r.b, func(rr roundResult) float64 { return float64(rr.rss) / (1 << 20) }))
			}
			met := "no"
			switch {
			case t.value == 0:
				met = "-"
			case t.met(median(x)):
				met = "yes"
			}
			fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | **%.2fx** | %.2f-%.2f | %s | %s | %s / %s | %s |\n",
				r.sc.key, r.sc.clients, r.sc.baseline, t.m, t, median(x), slices.Min(x), slices.Max(x), ours, theirs,
				r.loadavg[0], r.loadavg[1], met)
		}
	}
	b.WriteString(cpuTable(rows))
	return b.String()
}

// cpuTable is the report's second table: where each side's CPU went, per request.
func cpuTable(rows []row) string {
	var b strings.Builder
	b.WriteString("\nCPU time per request (µs, user + system, median of the rounds): the server under test (with its threads and child processes), PostgreSQL (all its processes but other databases' connections) and the load generator (this process).\n\n")
	b.WriteString("| path | clients | baseline | ours: server | ours: PostgreSQL | ours: load generator | baseline: server | baseline: PostgreSQL | baseline: load generator |\n")
	b.WriteString("|---|---:|---|---:|---:|---:|---:|---:|---:|\n")
	parts := []func(cpuUse) time.Duration{
		func(c cpuUse) time.Duration { return c.server },
		func(c cpuUse) time.Duration { return c.postgres },
		func(c cpuUse) time.Duration { return c.loadgen },
	}
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %d | %s |", r.sc.key, r.sc.clients, r.sc.baseline)
		for _, side := range [][]roundResult{r.a, r.b} {
			for _, f := range parts {
				fmt.Fprintf(&b, " %.0f |", medianOf(side, func(rr roundResult) float64 { return rr.cpuPerRequest(f) }))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

func fmtMS(s float64) string { return fmt.Sprintf("%.2f ms", s*1000) }

const (
	beginMarker = "<!-- bench:begin -->"
	endMarker   = "<!-- bench:end -->"
)

// writeReport replaces the block between the markers of path with report (appending the block
// when the file has none).
func writeReport(path, report string) error {
	old, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	s := string(old)
	block := beginMarker + "\n" + report + endMarker
	i, j := strings.Index(s, beginMarker), strings.Index(s, endMarker)
	if i >= 0 && j > i {
		s = s[:i] + block + s[j+len(endMarker):]
	} else {
		s += "\n" + block + "\n"
	}
	return os.WriteFile(path, []byte(s), 0o644)
}

// loadavg returns the 1, 5 and 15 minute load averages of /proc/loadavg.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// resetPeakRSS resets the kernel's peak-RSS mark (VmHWM) of pid (Linux, /proc/PID/clear_refs).
func resetPeakRSS(pid int) {
	_ = os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("5"), 0o200)
}

// peakRSS returns VmHWM of pid in bytes, or 0.
func peakRSS(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else if b.Len() > 0 && !strings.HasSuffix(b.String(), "-") {
			b.WriteByte('-')
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
