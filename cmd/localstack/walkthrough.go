package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// printWalkthrough tells a new user, once everything listens, how to get a token and run the whole
// main job: import a page, wait for the capture, convert it, wait for the conversion, read the
// result and record the Figma root (docs/walkthrough.md, with this run's address, ids and
// issuer settings filled in).
func printWalkthrough(w io.Writer, apiURL string, seeded seededIDs, workerStatus []string) {
	token := "go run ./cmd/localstack token " + seeded.Subject
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
	fmt.Fprintf(w, `
Code2Des is running on this machine (Ctrl-C stops it).
  GraphQL API   %s/graphql
  dashboard     %s/dashboard/projects/%d/imports (sign in as a seeded member)
  seeded        organization %d, project %d, member %s
`, apiURL, apiURL, seeded.ProjectID, seeded.OrganizationID, seeded.ProjectID, seeded.Subject)
	for _, s := range workerStatus {
		fmt.Fprintf(w, "  %s\n", s)
	}
	fmt.Fprintf(w, `
The main job, from a second shell in this directory (docs/walkthrough.md explains each call: its steps 3 to 8 are 1 to 6 here):

  TOKEN=$(%s)
  gql() { curl -s %s/graphql -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d "$1"; echo; }
  idof() { grep -o '"id":"[^"]*"' | head -1 | cut -d'"' -f4; }

  # a page on this machine (loopback sources are allowed here; any public URL works too)
  python3 -m http.server 8000 --bind 127.0.0.1 --directory worker/capture/capturetest/site &

  # 1. import it (the capture worker renders it in Chromium; readySelector waits for the test site's #app-ready: leave it out for a page of your own)
  IMPORT=$(gql '{"query":"mutation { createPageImport(input: {projectId: \"%d\", sourceUrl: \"http://127.0.0.1:8000/index.html\", viewport: {width: 1440, height: 900}, readySelector: \"#app-ready\"}) { pageImport { id } } }"}' | idof); echo "$IMPORT"
  # 2. ask until status is COMPLETED (or FAILED, with errorMessage)
  gql '{"query":"query($id: ID!) { pageImport(id: $id) { status captureHash errorMessage } }","variables":{"id":"'"$IMPORT"'"}}'
  # 3. convert it into Figma layers (the conversion worker)
  JOB=$(gql '{"query":"mutation($id: ID!) { triggerCode2Des(input: {pageImportId: $id, figmaFileKey: \"localFile\"}) { code2des { id } } }","variables":{"id":"'"$IMPORT"'"}}' | idof); echo "$JOB"
  # 4. ask until status is COMPLETED (or FAILED, with errorMessage)
  gql '{"query":"query($id: ID!) { code2des(id: $id) { status warningCount errorMessage } }","variables":{"id":"'"$JOB"'"}}'
  # 5. the Figma node tree with its images inlined
  gql '{"query":"query($id: ID!) { code2desResult(id: $id) { warningCount warnings { code message nodeId } root styles variables diagnostics { code message nodeId } images { ref mimeType width height byteSize sha256 } fidelity { ssim diffRatio textCoverage imageCoverage } } }","variables":{"id":"'"$JOB"'"}}'
  # 6. record the root node the plugin created in Figma (the first call wins)
  gql '{"query":"mutation($id: ID!) { materializeCode2Des(input: {code2desId: $id, nodeId: \"12:345\"}) { recorded code2des { materializedNodeId } } }","variables":{"id":"'"$JOB"'"}}'

A page behind a login: import it from an MHTML snapshot (docs/walkthrough.md walks through
the upload): go run ./cmd/localstack snapshot URL > page.mhtml, then createPageImportUpload,
PUT the file to the presigned URL, completePageImportUpload.

`, token, apiURL, seeded.ProjectID)
}
