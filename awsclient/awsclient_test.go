package awsclient_test

import (
	"context"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/caarlos0/env/v11"

	"github.com/code2des/backend/awsclient"
)

// The settings are read from the variables the README names, with the documented defaults.
func TestSettingsFromEnvironment(t *testing.T) {
	t.Setenv("AWS_REGION", "")
	s, err := env.ParseAsWithOptions[awsclient.Settings](env.Options{Environment: map[string]string{
		"AWS_ACCESS_KEY_ID": "id", "AWS_SECRET_ACCESS_KEY": "secret", "S3_ENDPOINT": "http://127.0.0.1:4566",
		"S3_USE_PATH_STYLE": "true", "SQS_ENDPOINT": "http://127.0.0.1:9324",
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := awsclient.Settings{AWSRegion: "us-east-1", AWSAccessKeyID: "id", AWSSecretAccessKey: "secret",
		S3Endpoint: "http://127.0.0.1:4566", S3UsePathStyle: true, SQSEndpoint: "http://127.0.0.1:9324"}
	if s != want {
		t.Errorf("settings %+v, want %+v", s, want)
	}
}

// Static credentials are used only when both halves are set; the clients carry the endpoints,
// addressing and checksum settings.
func TestClients(t *testing.T) {
	ctx := context.Background()
	s := awsclient.Settings{AWSRegion: "eu-west-1", AWSAccessKeyID: "id", AWSSecretAccessKey: "secret",
		S3Endpoint: "http://127.0.0.1:4566", S3UsePathStyle: true, S3ChecksumWhenRequired: true, SQSEndpoint: "http://127.0.0.1:9324"}
	cfg, err := s.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	creds, err := cfg.Credentials.Retrieve(ctx)
	if err != nil || creds.AccessKeyID != "id" || creds.SecretAccessKey != "secret" || cfg.Region != "eu-west-1" {
		t.Errorf("config: region %q, credentials %+v, %v", cfg.Region, creds, err)
	}
	so := s.S3(cfg).Options()
	if *so.BaseEndpoint != s.S3Endpoint || !so.UsePathStyle || so.RequestChecksumCalculation != aws.RequestChecksumCalculationWhenRequired || so.ResponseChecksumValidation != aws.ResponseChecksumValidationWhenRequired {
		t.Errorf("S3 options: endpoint %v, path style %v, checksums %v/%v", *so.BaseEndpoint, so.UsePathStyle, so.RequestChecksumCalculation, so.ResponseChecksumValidation)
	}
	if qo := s.SQS(cfg).Options(); *qo.BaseEndpoint != s.SQSEndpoint {
		t.Errorf("SQS endpoint %v", *qo.BaseEndpoint)
	}
	if so := (awsclient.Settings{AWSRegion: "eu-west-1"}).S3(cfg).Options(); so.BaseEndpoint != nil || so.UsePathStyle {
		t.Errorf("AWS S3 options: endpoint %v, path style %v", so.BaseEndpoint, so.UsePathStyle)
	}
	t.Setenv("AWS_ACCESS_KEY_ID", "")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "")
	t.Setenv("AWS_PROFILE", "none-such")
	half, err := awsclient.Settings{AWSRegion: "eu-west-1", AWSAccessKeyID: "id"}.Load(ctx)
	if err == nil {
		if c, err := half.Credentials.Retrieve(ctx); err == nil && c.AccessKeyID == "id" {
			t.Errorf("half static credentials were used: %+v", c)
		}
	}
}
