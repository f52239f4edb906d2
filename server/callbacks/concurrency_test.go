package callbacks_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/callbacks"
)

// TestConcurrentDeliveries: 50 goroutines deliver the same completion and 50 deliver conflicting
// outcomes (25 a completion with another valid capture, 25 a failure) for one job, all at once.
// Exactly one transition is applied; every other answer is duplicate (same outcome as the winner)
// or 409 (another outcome); the row holds the winner's outcome.
func TestConcurrentDeliveries(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	for round := range 3 {
		pi := e.pageImport()
		same := e.storeCapture(pi, newCapture(pi))
		// Another valid capture of the same job under another key: a conflicting completion.
		otherCapture := newCapture(pi)
		otherCapture.manifest()["final_url"] = "https://example.com/elsewhere"
		prefix := models.PageImportArtifactPrefix("", pi.ID, pi.Attempt)
		otherBody := mustJSON(t, otherCapture)
		e.put(prefix+"capture-2.json", otherBody)
		other := clone(same)
		other["result_url"] = e.uri(prefix + "capture-2.json")
		other["capture_hash"] = artifacts.HashHex(otherBody)
		failed := failedPageImportCallback(pi, "renderer crashed")

		type delivery struct {
			group string
			a     answer
		}
		bodies := map[string][]byte{"same": mustJSON(t, same), "other": mustJSON(t, other), "failed": mustJSON(t, failed)}
		var deliveries []string
		for i := range 100 {
			switch {
			case i%2 == 0:
				deliveries = append(deliveries, "same")
			case i%4 == 1:
				deliveries = append(deliveries, "other")
			default:
				deliveries = append(deliveries, "failed")
			}
		}
		results := make([]delivery, len(deliveries))
		var start, done sync.WaitGroup
		start.Add(1)
		for i, g := range deliveries {
			done.Add(1)
			go func() {
				defer done.Done()
				start.Wait()
				results[i] = delivery{g, e.post(callbacks.PageImportsPath, bodies[g])}
			}()
		}
		start.Done()
		done.Wait()

		winner := ""
		for _, d := range results {
			if d.a.body.Result == callbacks.Applied {
				if winner != "" {
					t.Fatalf("round %d: two deliveries applied (%s and %s)", round, winner, d.group)
				}
				winner = d.group
			}
		}
		if winner == "" {
			t.Fatalf("round %d: no delivery applied", round)
		}
		counts := map[string]int{}
		for _, d := range results {
			switch {
			case d.a.body.Result == callbacks.Applied:
				counts["applied"]++
			case d.group == winner && d.a.status == 200 && d.a.body.Result == callbacks.Duplicate:
				counts["duplicate"]++
			case d.group != winner && d.a.status == 409 && d.a.errorCode() == "conflict":
				counts["conflict"]++
			default:
				t.Errorf("round %d: a %q delivery (winner %q) got %v", round, d.group, winner, d.a)
			}
		}
		row := e.readPageImport(pi.ID)
		switch winner {
		case "same", "other":
			want := map[string]map[string]any{"same": same, "other": other}[winner]
			if row.Status != models.PageImportCompleted || deref(row.ResultURL) != want["result_url"] ||
				deref(row.CaptureHash) != want["capture_hash"] || row.ErrorMessage != nil {
				t.Errorf("round %d: row %+v does not hold the %q completion", round, row, winner)
			}
		case "failed":
			if row.Status != models.PageImportFailed || deref(row.ErrorMessage) != "renderer crashed" || row.CaptureHash != nil {
				t.Errorf("round %d: row %+v does not hold the failure", round, row)
			}
		}
		t.Logf("round %d: winner %s, answers %v", round, winner, counts)
		if !strings.Contains(row.UpdatedBy, "worker") {
			t.Errorf("updated_by %q", row.UpdatedBy)
		}
	}
}
