package app_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/callbacks"
)

// fidelityJob is a processing job whose stored result carries fidelity (measured: with a diff map
// of w x h; not measured: coverage only), completed through the signed callback as a worker does.
func fidelityJob(t *testing.T, s *c2dStack, pi *models.PageImport, measured bool, ssim float64) (*models.Code2Des, []byte) {
	t.Helper()
	j := job(t, s.db, pi, models.Code2DesProcessing, s.s3.Bucket, 0)
	prefix := models.Code2DesArtifactPrefix("", j.ID, 1)
	fid := map[string]any{"version": 1, "scale": 2, "diff_threshold": 32, "text_coverage": 0.75, "image_coverage": 1}
	var diffMap []byte
	warnings := []artifacts.ResultWarning{}
	if measured {
		img := image.NewRGBA(image.Rect(0, 0, 6, 4))
		img.Set(1, 1, color.RGBA{230, 0, 0, 255})
		var b bytes.Buffer
		_ = png.Encode(&b, img)
		diffMap = b.Bytes()
		sum := sha256.Sum256(diffMap)
		key := prefix + "fidelity/diff-map.png"
		if err := s.s3.Store.Put(context.Background(), key, diffMap, "image/png"); err != nil {
			t.Fatal(err)
		}
		fid["ssim"], fid["diff_ratio"], fid["compared_width"], fid["compared_height"] = ssim, 0.125, 12, 8
		fid["diff_map"] = map[string]any{"key": key, "mime_type": "image/png", "sha256": hex.EncodeToString(sum[:]),
			"byte_size": len(diffMap), "width": 6, "height": 4}
	} else {
		root := "1:1"
		warnings = append(warnings, artifacts.ResultWarning{Code: "FIDELITY_NOT_MEASURED", Message: "the preview was not compared with the page: the capture has no screenshot", NodeID: &root})
	}
	doc, _ := json.Marshal(map[string]any{
		"manifest": artifacts.ResultManifest{Kind: "code2des.result", Version: 1, Code2DesID: j.ID, Attempt: 1, Nonce: j.Nonce,
			PageImportID: pi.ID, CaptureHash: *pi.CaptureHash},
		"root":   json.RawMessage(`{"type":"FRAME","id":"1:1","name":"page","x":0,"y":0,"width":6,"height":4,"fills":[]}`),
		"images": []any{}, "warnings": warnings, "fidelity": fid,
	})
	if err := s.s3.Store.Put(context.Background(), prefix+"result.json", doc, "application/json"); err != nil {
		t.Fatal(err)
	}
	n := len(warnings)
	body, _ := json.Marshal(callbacks.Code2DesCallback{Code2DesID: j.ID, Attempt: 1, Nonce: j.Nonce, Status: callbacks.StatusCompleted,
		ResultURL: ptrTo(models.S3URI(s.s3.Bucket, prefix+"result.json")), WarningCount: &n})
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+callbacks.Code2DesPath, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	callbacks.SignRequest(req, time.Now(), body, []byte(s.secret))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("completed callback answered %d", resp.StatusCode)
	}
	return j, diffMap
}

func ptrTo[T any](v T) *T { return &v }

func TestGraphQLFidelity(t *testing.T) {
	s := newCode2DesStack(t)
	alice, bob := s.token(t, "alice"), s.token(t, "bob")
	pi := completedImport(t, s.db, s.orgA, s.a1, s.s3.Bucket)
	measured, diffMap := fidelityJob(t, s, pi, true, 0.9357)
	unmeasured, _ := fidelityJob(t, s, pi, false, 0)
	processing := job(t, s.db, pi, models.Code2DesProcessing, s.s3.Bucket, 0)
	older := job(t, s.db, pi, models.Code2DesCompleted, s.s3.Bucket, 0) // a result from before fidelity: no row

	t.Run("OK/SideTableFilledByTheCallback", func(t *testing.T) {
		var rows []models.Code2DesFidelityScore
		if err := s.db.NewSelect().Model(&rows).Order("code2des_id").Scan(context.Background()); err != nil {
			t.Fatal(err)
		}
		byID := map[string]models.Code2DesFidelityScore{}
		for _, r := range rows {
			byID[r.Code2DesID] = r
		}
		m, u := byID[measured.ID], byID[unmeasured.ID]
		if len(rows) != 2 || m.Ssim == nil || *m.Ssim != 0.9357 || m.DiffRatio == nil || *m.DiffRatio != 0.125 || m.Attempt != 1 || m.Version != 1 ||
			u.Ssim != nil || u.DiffRatio != nil || u.TextCoverage != 0.75 || u.ImageCoverage != 1 {
			t.Errorf("code2des_fidelity rows %+v", rows)
		}
	})

	t.Run("OK/ListReadsScoresWithoutArtifacts", func(t *testing.T) {
		beforeS3, beforeSQL := s.s3Requests.Load(), s.statements.Load()
		r := s.do(t, alice, `query($p: ID!) { code2desJobs(projectId: $p) { edges { node { id status fidelityScore } } } }`,
			map[string]any{"p": s.a1})
		if r.code() != "" {
			t.Fatalf("%s", r.Raw)
		}
		var conn struct {
			Edges []struct {
				Node struct {
					ID, Status    string
					FidelityScore *float64
				}
			}
		}
		decodeData(t, r, "code2desJobs", &conn)
		got := map[string]*float64{}
		for _, e := range conn.Edges {
			got[e.Node.ID] = e.Node.FidelityScore
		}
		if len(got) != 4 || got[measured.ID] == nil || *got[measured.ID] != 0.9357 ||
			got[unmeasured.ID] != nil || got[processing.ID] != nil || got[older.ID] != nil {
			t.Errorf("scores %s; want 0.9357 for the measured job only", r.Raw)
		}
		if n := s.s3Requests.Load() - beforeS3; n != 0 {
			t.Errorf("listing scores made %d S3 requests", n)
		}
		// The page of jobs, the membership check and one batched score read.
		if n := s.statements.Load() - beforeSQL; n > 4 {
			t.Errorf("listing 4 jobs with scores took %d SQL statements", n)
		}
	})

	t.Run("OK/ResultFidelityWithDiffMap", func(t *testing.T) {
		r := s.do(t, alice, `query($id: ID!) { code2desResult(id: $id) { fidelity { version scale ssim diffRatio diffThreshold
		  comparedWidth comparedHeight textCoverage imageCoverage diffMap { ref mimeType byteSize sha256 width height base64 svg } } } }`,
			map[string]any{"id": measured.ID})
		if r.code() != "" {
			t.Fatalf("%s", r.Raw)
		}
		var res struct {
			Fidelity struct {
				Version, DiffThreshold, ComparedWidth, ComparedHeight int
				Scale, Ssim, DiffRatio, TextCoverage, ImageCoverage   float64
				DiffMap                                               struct {
					Ref, MimeType, Sha256   string
					ByteSize, Width, Height int
					Base64, Svg             *string
				}
			}
		}
		decodeData(t, r, "code2desResult", &res)
		f := res.Fidelity
		if f.Version != 1 || f.Scale != 2 || f.Ssim != 0.9357 || f.DiffRatio != 0.125 || f.DiffThreshold != 32 ||
			f.ComparedWidth != 12 || f.ComparedHeight != 8 || f.TextCoverage != 0.75 || f.ImageCoverage != 1 {
			t.Errorf("fidelity %+v", f)
		}
		m := f.DiffMap
		b, _ := base64.StdEncoding.DecodeString(deref(m.Base64))
		if !bytes.Equal(b, diffMap) || m.MimeType != "image/png" || m.Width != 6 || m.Height != 4 || m.ByteSize != len(diffMap) || m.Svg != nil || m.Ref != "fidelity-diff-map" {
			t.Errorf("diff map %+v", m)
		}
		if strings.Contains(r.Raw, "attempt-1/") {
			t.Error("the response leaks the artifact key")
		}
	})

	t.Run("OK/DiffMapReadOnlyWhenAsked", func(t *testing.T) {
		// A fresh stack so the result cache does not hide the reads.
		s2 := newCode2DesStack(t)
		pi2 := completedImport(t, s2.db, s2.orgA, s2.a1, s2.s3.Bucket)
		j, _ := fidelityJob(t, s2, pi2, true, 0.5)
		tok := s2.token(t, "alice")
		before := s2.s3Requests.Load()
		r := s2.do(t, tok, `query($id: ID!) { code2desResult(id: $id) { fidelity { ssim } } }`, map[string]any{"id": j.ID})
		if r.code() != "" {
			t.Fatal(r.Raw)
		}
		without := s2.s3Requests.Load() - before
		before = s2.s3Requests.Load()
		r = s2.do(t, tok, `query($id: ID!) { code2desResult(id: $id) { fidelity { diffMap { sha256 } } } }`, map[string]any{"id": j.ID})
		if r.code() != "" {
			t.Fatal(r.Raw)
		}
		if with := s2.s3Requests.Load() - before; without != 1 || with != 1 {
			t.Errorf("S3 requests: %d without diffMap (the result), %d with it (cached result + the diff map); want 1 and 1", without, with)
		}
	})

	t.Run("OK/NotMeasured", func(t *testing.T) {
		r := s.do(t, alice, `query($id: ID!) { code2desResult(id: $id) { warnings { code } fidelity { ssim diffRatio comparedWidth textCoverage diffMap { ref } } } }`,
			map[string]any{"id": unmeasured.ID})
		if r.code() != "" {
			t.Fatalf("%s", r.Raw)
		}
		if !strings.Contains(r.Raw, `"fidelity":{"ssim":null,"diffRatio":null,"comparedWidth":null,"textCoverage":0.75,"diffMap":null}`) ||
			!strings.Contains(r.Raw, "FIDELITY_NOT_MEASURED") {
			t.Errorf("got %s", r.Raw)
		}
	})

	t.Run("OK/OlderResultHasNoFidelity", func(t *testing.T) {
		f := newResultFixture(t, s, pi)
		r := s.do(t, alice, `query($id: ID!) { code2desResult(id: $id) { code2desId fidelity { ssim } } code2des(id: $id) { fidelityScore } }`,
			map[string]any{"id": f.job.ID})
		if r.code() != "" || string(r.Data["code2desResult"]) != `{"code2desId":"`+f.job.ID+`","fidelity":null}` ||
			string(r.Data["code2des"]) != `{"fidelityScore":null}` {
			t.Errorf("got %s", r.Raw)
		}
	})

	t.Run("NotFound/OtherOrganization", func(t *testing.T) {
		r := s.do(t, bob, `query($id: ID!) { code2des(id: $id) { fidelityScore } }`, map[string]any{"id": measured.ID})
		if r.code() != "NOT_FOUND" || strings.Contains(r.Raw, "0.9357") {
			t.Errorf("bob reads alice's score: %s", r.Raw)
		}
	})

	t.Run("FailedPrecondition/DiffMapChangedInStorage", func(t *testing.T) {
		s2 := newCode2DesStack(t)
		pi2 := completedImport(t, s2.db, s2.orgA, s2.a1, s2.s3.Bucket)
		j, _ := fidelityJob(t, s2, pi2, true, 0.5)
		key := models.Code2DesArtifactPrefix("", j.ID, 1) + "fidelity/diff-map.png"
		if err := s2.s3.Store.Put(context.Background(), key, []byte("\x89PNG tampered"), "image/png"); err != nil {
			t.Fatal(err)
		}
		r := s2.do(t, s2.token(t, "alice"), `query($id: ID!) { code2desResult(id: $id) { fidelity { ssim diffMap { base64 } } } }`, map[string]any{"id": j.ID})
		if r.code() != "FAILED_PRECONDITION" || !strings.Contains(r.Raw, `"ssim":0.5`) {
			t.Errorf("a tampered diff map: %s; want the field's error and the rest of the result", r.Raw)
		}
	})
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
