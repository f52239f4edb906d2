// Package awsclients builds the SQS and S3 clients of a reference worker from its configuration.
// Workers build their own clients, as an outside worker team would, rather than share the API's
// adapters (server/...).
package awsclients

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// Options are the AWS settings shared by the workers and the API (same environment names).
type Options struct {
	Region string
	// AccessKeyID and SecretAccessKey, when both set, are static credentials (local servers);
	// otherwise the SDK's default chain applies.
	AccessKeyID     string
	SecretAccessKey string
	// SQSEndpoint and S3Endpoint replace the AWS endpoints (protocol-compatible servers).
	SQSEndpoint string
	S3Endpoint  string
	// S3UsePathStyle and S3ChecksumWhenRequired are needed by S3-protocol servers
	// (LOCAL-STACK.md: without WhenRequired checksums the SDK warns, and over TLS some servers
	// store the aws-chunked framing).
	S3UsePathStyle         bool
	S3ChecksumWhenRequired bool
}

// New returns the SQS and S3 clients of o.
func New(ctx context.Context, o Options) (*sqs.Client, *s3.Client, error) {
	opts := []func(*awsconfig.LoadOptions) error{awsconfig.WithRegion(o.Region)}
	if o.AccessKeyID != "" && o.SecretAccessKey != "" {
		opts = append(opts, awsconfig.WithCredentialsProvider(
			credentials.NewStaticCredentialsProvider(o.AccessKeyID, o.SecretAccessKey, "")))
	}
	cfg, err := awsconfig.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, nil, fmt.Errorf("load AWS config: %w", err)
	}
	sqsClient := sqs.NewFromConfig(cfg, func(so *sqs.Options) {
		if o.SQSEndpoint != "" {
			so.BaseEndpoint = aws.String(o.SQSEndpoint)
		}
	})
	s3Client := s3.NewFromConfig(cfg, func(so *s3.Options) {
		if o.S3Endpoint != "" {
			so.BaseEndpoint = aws.String(o.S3Endpoint)
		}
		so.UsePathStyle = o.S3UsePathStyle
		if o.S3ChecksumWhenRequired {
			so.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
			so.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
		}
	})
	return sqsClient, s3Client, nil
}
