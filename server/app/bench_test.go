package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/code2des/backend/models"
)

// The API's benchmarks against bare baselines (docs/benchmarks.md reports their ratios). Each pair runs in the same
// process against the same database and queue: the full HTTP + GraphQL stack, and the bare work
// underneath it (the same SQL run directly and JSON-encoded; a plain INSERT plus SendMessage).

const benchListQuery = `query($p: ID!) { pageImports(projectId: $p, first: 20) { edges { cursor node {
  id projectId organizationId sourceKind sourceUrl viewport { width height } deviceScaleFactor readySelector
  status attempt captureHash hasScreenshot errorMessage createdAt updatedAt createdBy } }
  pageInfo { hasNextPage endCursor } } }`

func seedRows(b *testing.B, s *stack, n int) {
	b.Helper()
	rows := make([]*models.PageImport, n)
	for i := range rows {
		id, _ := models.NewID()
		rows[i] = &models.PageImport{ID: id, OrganizationID: s.orgA, ProjectID: s.a1, SourceURL: fmt.Sprintf("https://example.com/p/%d", i),
			ViewportWidth: 1440, ViewportHeight: 900, Nonce: "n", CreatedBy: "alice", UpdatedBy: "alice"}
	}
	if _, err := s.db.NewInsert().Model(&rows).Exec(context.Background()); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkPageImports(b *testing.B) {
	s := newStack(b, nil)
	seedRows(b, s, 250)
	token := s.token(b, "alice")
	body, _ := json.Marshal(map[string]any{"query": benchListQuery, "variables": map[string]any{"p": fmt.Sprint(s.a1)}})

	b.Run("GraphQLOverHTTP", func(b *testing.B) {
		client := s.srv.Client()
		for b.Loop() {
			req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/graphql", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+token)
			resp, err := client.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			out, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK || !bytes.Contains(out, []byte(`"hasNextPage":true`)) {
				b.Fatalf("%d %.200s", resp.StatusCode, out)
			}
		}
	})
	b.Run("DirectSQLAndJSON", func(b *testing.B) {
		ctx := context.Background()
		for b.Loop() {
			var rows []*models.PageImport
			err := s.db.NewSelect().Model(&rows).Where("organization_id = ?", s.orgA).Where("project_id = ?", s.a1).
				OrderExpr("id DESC").Limit(21).Scan(ctx)
			if err != nil || len(rows) != 21 {
				b.Fatalf("%d rows, %v", len(rows), err)
			}
			if _, err := json.Marshal(rows[:20]); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkCreatePageImport(b *testing.B) {
	s := newStack(b, nil)
	token := s.token(b, "alice")
	body, _ := json.Marshal(map[string]any{"query": createMutation, "variables": createInput(s.a1)})

	b.Run("GraphQLOverHTTP", func(b *testing.B) {
		client := s.srv.Client()
		for b.Loop() {
			req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/graphql", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+token)
			resp, err := client.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			out, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK || bytes.Contains(out, []byte(`"errors"`)) {
				b.Fatalf("%d %.300s", resp.StatusCode, out)
			}
		}
	})
	b.Run("PlainInsertAndSendMessage", func(b *testing.B) {
		ctx := context.Background()
		msgBody := strings.Repeat("x", 400) // about the size of a capture message
		for b.Loop() {
			id, _ := models.NewID()
			nonce, _ := models.NewNonce()
			pi := &models.PageImport{ID: id, OrganizationID: s.orgA, ProjectID: s.a1, SourceURL: "https://example.com/a",
				ViewportWidth: 1280, ViewportHeight: 800, DeviceScaleFactor: 1.5, Nonce: nonce, CreatedBy: "alice", UpdatedBy: "alice"}
			if _, err := s.db.NewInsert().Model(pi).Exec(ctx); err != nil {
				b.Fatal(err)
			}
			if _, err := s.queue.Client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(s.queue.QueueURL), MessageBody: aws.String(msgBody)}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
