package jobs

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/mhtml"
	"github.com/code2des/backend/models"
)

// testSnapshot is a small MHTML archive as Chromium writes it; its page lives on an intranet host
// the API would never accept as a public sourceUrl.
const testSnapshot = "From: <Saved by Blink>\r\n" +
	"Snapshot-Content-Location: HTTP://Wiki.Corp/Team/Page#section\r\n" +
	"Subject: Team page\r\nMIME-Version: 1.0\r\n" +
	"Content-Type: multipart/related;\r\n\ttype=\"text/html\";\r\n\tboundary=\"----MultipartBoundary--t----\"\r\n\r\n\r\n" +
	"------MultipartBoundary--t----\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: quoted-printable\r\n" +
	"Content-Location: http://wiki.corp/Team/Page\r\n\r\n<html><body><h1>Team</h1></body></html>\r\n" +
	"------MultipartBoundary--t------\r\n"

type uploadFixture struct {
	*fixture
	s3 *testenv.S3Env
}

func newUploadFixture(t *testing.T) *uploadFixture {
	t.Helper()
	f := newFixture(t)
	s3 := testenv.S3(t)
	f.bucket = s3.Bucket
	f.svc = New(Config{DB: f.db, CaptureQueue: f.queue.Queue, Bucket: s3.Bucket, ArtifactKeyPrefix: "env/",
		PublicBaseURL: f.base, Blob: s3.Store, Uploads: s3.Store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return &uploadFixture{fixture: f, s3: s3}
}

func uploadRequest(projectID int64, body []byte) models.PageImportUploadRequest {
	sum := sha256.Sum256(body)
	return models.PageImportUploadRequest{ProjectID: projectID, ViewportWidth: 1280, ViewportHeight: 800,
		DeviceScaleFactor: 1, FileName: " Team page.mhtml ", ByteSize: int64(len(body)), Sha256: strings.ToUpper(hex.EncodeToString(sum[:]))}
}

// put sends body with the presigned request using a plain HTTP client, as a browser extension would.
func put(t *testing.T, up models.PresignedUpload, body []byte) {
	t.Helper()
	req, err := http.NewRequest(up.Method, up.URL, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range up.Headers {
		req.Header.Add(h.Name, h.Value)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("PUT answered %d", res.StatusCode)
	}
}

func TestSnapshotUploadCompletesAndQueuesTheCapture(t *testing.T) {
	f := newUploadFixture(t)
	body := []byte(testSnapshot)
	ticket, err := f.svc.CreatePageImportUpload(f.alice, uploadRequest(f.a1, body))
	if err != nil {
		t.Fatal(err)
	}
	pi := ticket.PageImport
	row := loadRow(t, f.db, pi.ID)
	if row.SourceKind != models.SourceKindMHTMLSnapshot || row.SourceURL != "" || row.Status != models.PageImportProcessing ||
		row.ViewportWidth != 1280 || row.CreatedBy != "alice" {
		t.Errorf("row after create %+v", row)
	}
	key := "env/page-imports/" + pi.ID + "/attempt-1/source.mhtml"
	if !strings.Contains(ticket.Upload.URL, "/"+key+"?") || !strings.Contains(ticket.Upload.URL, "X-Amz-Expires=600") {
		t.Errorf("upload URL %s", ticket.Upload.URL)
	}
	if until := time.Until(ticket.Upload.ExpiresAt); until < 9*time.Minute || until > models.SnapshotUploadExpiry {
		t.Errorf("expires in %s", until)
	}
	if msgs := f.queue.Receive(t, 10, 500*time.Millisecond); len(msgs) != 0 {
		t.Fatalf("%d messages before completion, want none", len(msgs))
	}

	put(t, ticket.Upload, body)
	done, err := f.svc.CompletePageImportUpload(f.alice, pi.ID)
	if err != nil {
		t.Fatal(err)
	}
	if done.SourceURL != "http://wiki.corp/Team/Page" || done.Status != models.PageImportProcessing {
		t.Errorf("completed import: source %q status %s", done.SourceURL, done.Status)
	}
	var up models.PageImportUpload
	if err := f.db.NewSelect().Model(&up).Where("page_import_id = ?", pi.ID).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(body)
	if up.CompletedAt == nil || up.FileName != "Team page.mhtml" || up.Sha256 != hex.EncodeToString(sum[:]) || up.ObjectKey != key {
		t.Errorf("upload row %+v", up)
	}
	msgs := f.queue.Receive(t, 10, 2*time.Second)
	if len(msgs) != 1 {
		t.Fatalf("%d messages, want 1", len(msgs))
	}
	var m CaptureMessage
	if err := json.Unmarshal([]byte(aws.ToString(msgs[0].Body)), &m); err != nil {
		t.Fatal(err)
	}
	want := SnapshotMessage{Format: "mhtml", URL: "s3://" + f.bucket + "/" + key, ByteSize: int64(len(body)), Sha256: hex.EncodeToString(sum[:])}
	if m.Version != 2 || m.SourceURL != "http://wiki.corp/Team/Page" || m.Snapshot == nil || *m.Snapshot != want ||
		m.ArtifactPrefix != "s3://"+f.bucket+"/env/page-imports/"+pi.ID+"/attempt-1/" {
		t.Errorf("message %+v snapshot %+v", m, m.Snapshot)
	}

	t.Run("RetryPublishesNothingTwice", func(t *testing.T) {
		again, err := f.svc.CompletePageImportUpload(f.alice, pi.ID)
		if err != nil || again.SourceURL != done.SourceURL {
			t.Fatalf("retry: %+v, %v", again, err)
		}
		if msgs := f.queue.Receive(t, 10, 500*time.Millisecond); len(msgs) != 0 {
			t.Errorf("%d more messages after a retried completion", len(msgs))
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		if _, err := f.svc.CompletePageImportUpload(f.bob, pi.ID); models.ErrorCodeOf(err) != models.CodeNotFound {
			t.Errorf("another organization's upload: %v", err)
		}
	})
	// A capture of the snapshot that failed is retried from the same uploaded file (a version 2
	// message with the same snapshot member), never from the live page at source_url.
	t.Run("RetryCapturesTheSameSnapshot", func(t *testing.T) {
		if _, err := f.db.NewUpdate().Model((*models.PageImport)(nil)).Set("status = ?", models.PageImportFailed).
			Set("error_message = ?", "the snapshot could not be read").Where("id = ?", pi.ID).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		retried, err := f.svc.RetryPageImport(f.alice, pi.ID)
		if err != nil || retried.Attempt != 2 || retried.SourceKind != models.SourceKindMHTMLSnapshot {
			t.Fatalf("retry: %+v, %v", retried, err)
		}
		msgs := f.queue.Receive(t, 10, 2*time.Second)
		if len(msgs) != 1 {
			t.Fatalf("%d messages, want 1", len(msgs))
		}
		var m CaptureMessage
		if err := json.Unmarshal([]byte(aws.ToString(msgs[0].Body)), &m); err != nil {
			t.Fatal(err)
		}
		if m.Version != SnapshotMessageVersion || m.Snapshot == nil || *m.Snapshot != want || m.Attempt != 2 ||
			m.ArtifactPrefix != "s3://"+f.bucket+"/env/page-imports/"+pi.ID+"/attempt-2/" {
			t.Errorf("retry message %+v snapshot %+v", m, m.Snapshot)
		}
	})
}

// TestSnapshotUploadRefusedAtCompletion: a file that is not what was declared is BAD_USER_INPUT
// and fails the row with a safe message; nothing is queued. The files are written straight to the
// bucket, as an S3-protocol server that does not enforce the signed size or checksum would let a
// client do.
func TestSnapshotUploadRefusedAtCompletion(t *testing.T) {
	f := newUploadFixture(t)
	good := []byte(testSnapshot)
	noLocation := []byte(strings.Replace(testSnapshot, "Snapshot-Content-Location: HTTP://Wiki.Corp/Team/Page#section\r\n", "", 1))
	fileLocation := []byte(strings.Replace(testSnapshot, "HTTP://Wiki.Corp/Team/Page#section", "file:///etc/passwd", 1))
	cases := []struct {
		name       string
		declared   []byte
		uploaded   []byte
		wantReason string
	}{
		{"WrongSize", good, append(append([]byte(nil), good...), ' '), "is 452 bytes, not the declared 451"},
		{"WrongHash", good, bytes.Replace(good, []byte("Team</h1>"), []byte("Tean</h1>"), 1), "does not match its declared SHA-256"},
		{"NotMHTML", []byte("\x89PNG\r\n\x1a\nnot a snapshot"), []byte("\x89PNG\r\n\x1a\nnot a snapshot"), "not an MHTML snapshot (no MIME header block)"},
		{"CutShort", good[:len(good)-40], good[:len(good)-40], "not a complete MHTML snapshot"},
		{"NoLocation", noLocation, noLocation, "no Snapshot-Content-Location"},
		{"FileLocation", fileLocation, fileLocation, "Snapshot-Content-Location"},
	}
	if len(good) != 451 {
		t.Fatalf("the test snapshot is %d bytes; fix the WrongSize case", len(good))
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ticket, err := f.svc.CreatePageImportUpload(f.alice, uploadRequest(f.a1, tc.declared))
			if err != nil {
				t.Fatal(err)
			}
			id := ticket.PageImport.ID
			if err := f.s3.Store.Put(context.Background(), "env/page-imports/"+id+"/attempt-1/source.mhtml", tc.uploaded, "multipart/related"); err != nil {
				t.Fatal(err)
			}
			_, err = f.svc.CompletePageImportUpload(f.alice, id)
			var de *models.Error
			if !asDomain(err, &de) || de.Code != models.CodeBadUserInput || de.Field != "id" || !strings.Contains(de.Message, tc.wantReason) {
				t.Fatalf("err %v, want BAD_USER_INPUT containing %q", err, tc.wantReason)
			}
			row := loadRow(t, f.db, id)
			if row.Status != models.PageImportFailed || row.ErrorMessage == nil || *row.ErrorMessage != de.Message || row.SourceURL != "" {
				t.Errorf("row %s %v %q", row.Status, row.ErrorMessage, row.SourceURL)
			}
			if _, err := f.svc.CompletePageImportUpload(f.alice, id); models.ErrorCodeOf(err) != models.CodeFailedPrecondition {
				t.Errorf("completing a failed import again: %v", err)
			}
			// No accepted file: a retry would have nothing to capture (it must not fetch the
			// live page), so it is refused and changes nothing.
			if _, err := f.svc.RetryPageImport(f.alice, id); models.ErrorCodeOf(err) != models.CodeFailedPrecondition {
				t.Errorf("retrying a refused upload: %v", err)
			}
			if again := loadRow(t, f.db, id); again.Attempt != 1 || again.Status != models.PageImportFailed {
				t.Errorf("row after a refused retry: attempt %d status %s", again.Attempt, again.Status)
			}
		})
	}
	if msgs := f.queue.Receive(t, 10, 500*time.Millisecond); len(msgs) != 0 {
		t.Errorf("%d messages for refused uploads", len(msgs))
	}
}

func TestSnapshotUploadPreconditions(t *testing.T) {
	f := newUploadFixture(t)
	ticket, err := f.svc.CreatePageImportUpload(f.alice, uploadRequest(f.a1, []byte(testSnapshot)))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("NothingUploadedChangesNothing", func(t *testing.T) {
		before := loadRow(t, f.db, ticket.PageImport.ID)
		_, err := f.svc.CompletePageImportUpload(f.alice, ticket.PageImport.ID)
		if models.ErrorCodeOf(err) != models.CodeFailedPrecondition || !strings.Contains(err.Error(), "nothing has been uploaded") {
			t.Fatalf("err %v", err)
		}
		if after := loadRow(t, f.db, ticket.PageImport.ID); after.Status != before.Status || !after.UpdatedAt.Equal(before.UpdatedAt) {
			t.Errorf("row changed: %+v", after)
		}
	})
	t.Run("PublicURLImport", func(t *testing.T) {
		pi, err := f.svc.CreatePageImport(f.alice, validRequest(f.a1))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.CompletePageImportUpload(f.alice, pi.ID); models.ErrorCodeOf(err) != models.CodeFailedPrecondition {
			t.Errorf("completing a public_url import: %v", err)
		}
	})
	t.Run("Unauthenticated", func(t *testing.T) {
		if _, err := f.svc.CreatePageImportUpload(f.anonymous, uploadRequest(f.a1, []byte("x"))); models.ErrorCodeOf(err) != models.CodeUnauthenticated {
			t.Errorf("anonymous create: %v", err)
		}
	})
	t.Run("OtherOrganizationsProject", func(t *testing.T) {
		if _, err := f.svc.CreatePageImportUpload(f.bob, uploadRequest(f.a1, []byte("x"))); models.ErrorCodeOf(err) != models.CodeNotFound {
			t.Errorf("bob in A1: %v", err)
		}
	})
}

// TestSnapshotUploadInputRules: each limit at and just past its edge; a refused request inserts
// nothing.
func TestSnapshotUploadInputRules(t *testing.T) {
	f := newUploadFixture(t)
	if models.MaxSnapshotBytes != mhtml.MaxSnapshotBytes {
		t.Fatalf("models.MaxSnapshotBytes %d != mhtml.MaxSnapshotBytes %d", models.MaxSnapshotBytes, mhtml.MaxSnapshotBytes)
	}
	ok := func(edit func(*models.PageImportUploadRequest)) models.PageImportUploadRequest {
		r := uploadRequest(f.a1, []byte(testSnapshot))
		edit(&r)
		return r
	}
	cases := []struct {
		name  string
		req   models.PageImportUploadRequest
		field string
	}{
		{"ByteSizeAtLimit", ok(func(r *models.PageImportUploadRequest) { r.ByteSize = models.MaxSnapshotBytes }), ""},
		{"ByteSizePastLimit", ok(func(r *models.PageImportUploadRequest) { r.ByteSize = models.MaxSnapshotBytes + 1 }), "input.byteSize"},
		{"ByteSizeZero", ok(func(r *models.PageImportUploadRequest) { r.ByteSize = 0 }), "input.byteSize"},
		{"FileNameAtLimit", ok(func(r *models.PageImportUploadRequest) {
			r.FileName = strings.Repeat("é", models.MaxSnapshotFileNameLength)
		}), ""},
		{"FileNamePastLimit", ok(func(r *models.PageImportUploadRequest) {
			r.FileName = strings.Repeat("é", models.MaxSnapshotFileNameLength+1)
		}), "input.fileName"},
		{"FileNameBlank", ok(func(r *models.PageImportUploadRequest) { r.FileName = "  " }), "input.fileName"},
		{"FileNameControl", ok(func(r *models.PageImportUploadRequest) { r.FileName = "a\nb" }), "input.fileName"},
		{"Sha256Short", ok(func(r *models.PageImportUploadRequest) { r.Sha256 = r.Sha256[:63] }), "input.sha256"},
		{"Sha256NotHex", ok(func(r *models.PageImportUploadRequest) { r.Sha256 = strings.Repeat("g", 64) }), "input.sha256"},
		{"ViewportTooNarrow", ok(func(r *models.PageImportUploadRequest) { r.ViewportWidth = models.MinViewportWidth - 1 }), "input.viewport.width"},
		{"ScaleTooLarge", ok(func(r *models.PageImportUploadRequest) { r.DeviceScaleFactor = models.MaxDeviceScaleFactor + 0.5 }), "input.deviceScaleFactor"},
		{"ProjectZero", ok(func(r *models.PageImportUploadRequest) { r.ProjectID = 0 }), "input.projectId"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := countRows(t, f.db)
			_, err := f.svc.CreatePageImportUpload(f.alice, tc.req)
			if tc.field == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var de *models.Error
			if !asDomain(err, &de) || de.Code != models.CodeBadUserInput || de.Field != tc.field {
				t.Fatalf("err %v, want BAD_USER_INPUT on %s", err, tc.field)
			}
			if countRows(t, f.db) != before {
				t.Errorf("a refused request inserted a row")
			}
		})
	}
}

func TestSnapshotCaptureMessageGolden(t *testing.T) {
	svc := New(Config{Bucket: "code2des-artifacts", ArtifactKeyPrefix: "prod/", PublicBaseURL: "https://api.code2des.example"})
	m := svc.captureMessageBody(&models.PageImport{
		ID: "0190f3a2-7b1c-7d3e-8f00-00000000c0df", Attempt: 1, Nonce: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
		SourceURL: "https://intranet.example.com/dashboard", ViewportWidth: 1440, ViewportHeight: 900, DeviceScaleFactor: 2,
	})
	m.Version = SnapshotMessageVersion
	m.Snapshot = &SnapshotMessage{Format: SnapshotFormatMHTML,
		URL:      "s3://code2des-artifacts/prod/page-imports/0190f3a2-7b1c-7d3e-8f00-00000000c0df/attempt-1/source.mhtml",
		ByteSize: 482133, Sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}
	msg, err := svc.encodeCaptureMessage(m)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "capture_message_snapshot.golden.json", msg.Body)
	// The published examples (testdata/workers, checked against docs/schemas/capture-message.schema.json
	// and the reference worker) are these very messages.
	for own, published := range map[string]string{
		"capture_message.golden.json":          "capture-message.json",
		"capture_message_snapshot.golden.json": "capture-message.snapshot.json",
	} {
		a, _ := os.ReadFile(filepath.Join("testdata", own))
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "workers", published))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("testdata/workers/%s differs from the API's %s (%v)", published, own, err)
		}
	}
}

// TestSnapshotUploadQueueDownFailsTheRow: when the capture message cannot be published at
// completion, the caller gets UNAVAILABLE and the import is failed (SPEC §5), not left waiting.
func TestSnapshotUploadQueueDownFailsTheRow(t *testing.T) {
	f := newUploadFixture(t)
	f.svc.cfg.CaptureQueue = testenv.UnreachableQueue(t)
	f.svc.cfg.DependencyTimeout = 3 * time.Second
	body := []byte(testSnapshot)
	ticket, err := f.svc.CreatePageImportUpload(f.alice, uploadRequest(f.a1, body))
	if err != nil {
		t.Fatal(err)
	}
	put(t, ticket.Upload, body)
	if _, err := f.svc.CompletePageImportUpload(f.alice, ticket.PageImport.ID); models.ErrorCodeOf(err) != models.CodeUnavailable {
		t.Fatalf("err %v, want UNAVAILABLE", err)
	}
	row := loadRow(t, f.db, ticket.PageImport.ID)
	if row.Status != models.PageImportFailed || row.ErrorMessage == nil || *row.ErrorMessage != QueueFailureMessage {
		t.Errorf("row %s %v", row.Status, row.ErrorMessage)
	}
}
