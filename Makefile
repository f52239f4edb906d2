# The two commands of the README, plus code generation.
.PHONY: run test generate

# Run the whole product on this machine: PostgreSQL, the S3 and SQS protocol servers, the API and
# the reference capture worker (headless Chromium); it then prints how to run the first import.
run:
	bash .ci/postgres-up
	bash .ci/chromium-up
	go run ./server/localstack

# The whole test suite, with the race detector, on the real PostgreSQL and Redis.
test:
	bash .ci/postgres-up
	bash .ci/redis-up
	bash .ci/chromium-up
	go test -race -count=1 -timeout 15m ./...

# Regenerate the gqlgen code after editing schema.graphqls or gqlgen.yml.
generate:
	go generate ./graph
