package models_test

import (
	"testing"

	"github.com/code2des/backend/models"
)

func TestArtifactPrefixes(t *testing.T) {
	if got := models.PageImportArtifactPrefix("prod/", "abc", 1); got != "prod/page-imports/abc/attempt-1/" {
		t.Errorf("page import prefix %q", got)
	}
	if got := models.Code2DesArtifactPrefix("", "def", 2); got != "code2des/def/attempt-2/" {
		t.Errorf("code2des prefix %q", got)
	}
	if got := models.S3URI("b", "k/x.json"); got != "s3://b/k/x.json" {
		t.Errorf("S3URI %q", got)
	}
}

func TestParseS3URI(t *testing.T) {
	for _, tc := range []struct {
		in          string
		bucket, key string
		ok          bool
	}{
		{"s3://b/page-imports/a/attempt-1/capture.json", "b", "page-imports/a/attempt-1/capture.json", true},
		{"s3://b/k", "b", "k", true},
		{"https://b/k", "", "", false},
		{"s3://b", "", "", false},
		{"s3://b/", "", "", false},
		{"s3:///k", "", "", false},
		{"s3://b/a/../k", "", "", false},
		{"s3://b/a/./k", "", "", false},
		{"s3://b/a//k", "", "", false},
		{"s3://b/a\\k", "", "", false},
		{"s3://b/a?x=1", "", "", false},
	} {
		b, k, err := models.ParseS3URI(tc.in)
		if tc.ok != (err == nil) || b != tc.bucket || k != tc.key {
			t.Errorf("ParseS3URI(%q) = %q, %q, %v", tc.in, b, k, err)
		}
	}
}
