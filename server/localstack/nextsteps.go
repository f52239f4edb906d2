package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// printNextSteps tells a new user, once everything listens, how to get a token and run the first
// import (the README's walkthrough, with this run's address, ids and issuer settings filled in).
func printNextSteps(w io.Writer, apiURL string, seeded seededIDs, workerStatus []string) {
	token := "go run ./server/localstack token " + seeded.Subject
	// The token command must find the same key and issuer address as this run.
	var envs []string
	for _, name := range []string{"LOCAL_ISSUER_ADDR", "LOCAL_ISSUER_KEY_FILE"} {
		if v := os.Getenv(name); v != "" {
			envs = append(envs, name+"="+v)
		}
	}
	if len(envs) > 0 {
		token = strings.Join(envs, " ") + " " + token
	}
	curl := fmt.Sprintf(`curl -s %s/graphql -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json'`, apiURL)
	fmt.Fprintf(w, `
Code2Des is running on this machine (Ctrl-C stops it).
  GraphQL API   %s/graphql
  seeded        organization %d, project %d, member %s
`, apiURL, seeded.OrganizationID, seeded.ProjectID, seeded.Subject)
	for _, s := range workerStatus {
		fmt.Fprintf(w, "  %s\n", s)
	}
	fmt.Fprintf(w, `
First import, from a second shell in this directory:

  TOKEN=$(%s)
  %s \
    -d '{"query":"mutation { createPageImport(input: {projectId: \"%d\", sourceUrl: \"https://example.com/\", viewport: {width: 1440, height: 900}}) { pageImport { id status } } }"}'

Then ask for the job with the id it returned until status is COMPLETED (or FAILED, with errorMessage):

  %s \
    -d '{"query":"{ pageImport(id: \"PASTE-ID\") { status captureHash hasScreenshot errorMessage } }"}'

Pages on this machine work too (loopback sources are allowed here), for example
  python3 -m http.server 8000 --bind 127.0.0.1 --directory worker/capture/capturetest/site
and sourceUrl http://127.0.0.1:8000/index.html. README.md walks through each call.

`, token, curl, seeded.ProjectID, curl)
}
