# The two commands of the README, plus code generation.
.PHONY: run test generate bench fidelity plugin plugin-results

# Run the whole product on this machine: PostgreSQL, the S3 and SQS protocol servers, the API and
# the reference capture worker (headless Chromium); it then prints how to run the first import.
# Built and exec'd rather than `go run`: go run exits 1 when interrupted, so Ctrl-C, which stops
# the stack cleanly, would end in make's "Error 1".
run:
	bash .ci/postgres-up
	bash .ci/chromium-up
	go build -o bin/localstack ./cmd/localstack
	exec bin/localstack

# The whole test suite, with the race detector, on the real PostgreSQL and Redis; the npm workspace
# first (make plugin), whose installed tools the plugin's Go round-trip test runs.
test:
	bash .ci/postgres-up
	bash .ci/redis-up
	bash .ci/chromium-up
	bash .ci/plugin
	go test -race -count=1 -timeout 15m ./...

# Regenerate the gqlgen code after editing schema.graphqls or gqlgen.yml.
generate:
	go generate ./graph

# The side-by-side benchmark (not part of `make test`): the API against PostGraphile 5
# and raw Go baselines on a seeded database; writes docs/benchmarks.md. BENCH_FLAGS passes options
# (e.g. BENCH_FLAGS="-duration 5s -profile /tmp/prof"); ports BENCH_PORT_BASE..+8 (default 18700).
bench:
	bash .ci/postgres-up
	go run ./cmd/bench $(BENCH_FLAGS)

# The fidelity gate (docs/fidelity.md): every page of testdata/fidelity/site, then every real page
# of testdata/fidelity/real at 1440 px (one also at 390 px), through capture, conversion and
# preview, and the self-made pages' auto-layout check (TestCorpusStructure); prints the tables,
# writes side-by-side PNGs to fidelity-out/ and fails when a page is below its thresholds (testdata/fidelity/thresholds.json, testdata/fidelity/real/thresholds.json).
fidelity:
	bash .ci/chromium-up
	FIDELITY_GATE=1 go test -count=1 -timeout 10m -run 'TestFidelityGate$$|TestRealPagesGate$$|TestCorpusStructure$$' -v ./worker/fidelity/corpus -args -fidelity.out=$(CURDIR)/fidelity-out

# The Figma plugin, the web dashboard and the shared API package (npm workspace, docs in the README):
# npm ci, regenerate the GraphQL/result types, plugin/dist and dashboard/dist and fail if the committed
# ones are stale, type-check, test.
plugin:
	bash .ci/plugin

# The plugin's corpus test data: every page of testdata/fidelity/site through the real capture and
# conversion workers and the API's result reader, written as code2desResult returns it to
# plugin/testdata/results/ (checked against result.schema.json on the way). Commit the output.
plugin-results:
	bash .ci/chromium-up
	PLUGIN_RESULTS=1 go test -count=1 -timeout 10m -run 'TestWritePluginResults$$' ./worker/fidelity/corpus
