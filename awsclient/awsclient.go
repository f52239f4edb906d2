// Package awsclient builds the aws-sdk-go-v2 S3 and SQS clients of the API and of the reference
// workers from one set of settings, read from the same environment variables by both, so a local
// S3- or SQS-protocol server stands in for AWS through configuration alone (LOCAL-STACK.md). It
// imports only the AWS SDK, so the workers may use it without importing the API (as netpolicy).
package awsclient

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// Settings are the AWS settings shared by the API and the workers (README's configuration table).
// The env tags are read by github.com/caarlos0/env; `mask:"true"` marks a secret for start-up logs.
type Settings struct {
	// AWSRegion is the region of the bucket and the queues, e.g. "us-east-1".
	AWSRegion string `env:"AWS_REGION" envDefault:"us-east-1"`
	// AWSAccessKeyID and AWSSecretAccessKey, when both set, are static credentials (local
	// servers); otherwise the SDK's default credential chain applies (IAM roles in production).
	AWSAccessKeyID     string `env:"AWS_ACCESS_KEY_ID"`
	AWSSecretAccessKey string `env:"AWS_SECRET_ACCESS_KEY" mask:"true"`
	// S3Endpoint replaces the AWS S3 endpoint (an S3-protocol server); empty for AWS.
	S3Endpoint string `env:"S3_ENDPOINT"`
	// S3UsePathStyle addresses buckets as http://host/bucket/key (needed by most S3-protocol
	// servers).
	S3UsePathStyle bool `env:"S3_USE_PATH_STYLE" envDefault:"false"`
	// S3ChecksumWhenRequired computes and validates checksums only when S3 requires them
	// (LOCAL-STACK.md: without it the SDK warns, and over TLS some servers store the aws-chunked
	// framing).
	S3ChecksumWhenRequired bool `env:"S3_CHECKSUM_WHEN_REQUIRED" envDefault:"false"`
	// SQSEndpoint replaces the AWS SQS endpoint (an SQS-protocol server); empty for AWS.
	SQSEndpoint string `env:"SQS_ENDPOINT"`
}

// Load returns the SDK configuration of s: its region and, when set, its static credentials.
func (s Settings) Load(ctx context.Context) (aws.Config, error) {
	opts := []func(*config.LoadOptions) error{config.WithRegion(s.AWSRegion)}
	if s.AWSAccessKeyID != "" && s.AWSSecretAccessKey != "" {
		opts = append(opts, config.WithCredentialsProvider(
			credentials.NewStaticCredentialsProvider(s.AWSAccessKeyID, s.AWSSecretAccessKey, "")))
	}
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return aws.Config{}, fmt.Errorf("load AWS config: %w", err)
	}
	return cfg, nil
}

// S3 returns an S3 client of cfg with s's endpoint, addressing and checksum settings; optFns
// run after them.
func (s Settings) S3(cfg aws.Config, optFns ...func(*s3.Options)) *s3.Client {
	return s3.NewFromConfig(cfg, append([]func(*s3.Options){func(o *s3.Options) {
		if s.S3Endpoint != "" {
			o.BaseEndpoint = aws.String(s.S3Endpoint)
		}
		o.UsePathStyle = s.S3UsePathStyle
		if s.S3ChecksumWhenRequired {
			o.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
			o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
		}
	}}, optFns...)...)
}

// SQS returns an SQS client of cfg with s's endpoint; optFns run after it.
func (s Settings) SQS(cfg aws.Config, optFns ...func(*sqs.Options)) *sqs.Client {
	return sqs.NewFromConfig(cfg, append([]func(*sqs.Options){func(o *sqs.Options) {
		if s.SQSEndpoint != "" {
			o.BaseEndpoint = aws.String(s.SQSEndpoint)
		}
	}}, optFns...)...)
}

// Clients loads s and returns its SQS and S3 clients (what a worker needs).
func (s Settings) Clients(ctx context.Context) (*sqs.Client, *s3.Client, error) {
	cfg, err := s.Load(ctx)
	if err != nil {
		return nil, nil, err
	}
	return s.SQS(cfg), s.S3(cfg), nil
}
