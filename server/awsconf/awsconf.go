// Package awsconf builds the aws-sdk-go-v2 configuration shared by the S3 and SQS clients, so a
// local S3- or SQS-protocol server can stand in for AWS through configuration alone.
package awsconf

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
)

// Options are the AWS settings of the service (see the README's configuration table).
type Options struct {
	// Region is the AWS region, e.g. "us-east-1".
	Region string
	// AccessKeyID and SecretAccessKey, when both set, are used as static credentials (local
	// servers); otherwise the SDK's default credential chain applies (IAM roles in production).
	AccessKeyID     string
	SecretAccessKey string
}

// Load returns the SDK configuration for o.
func Load(ctx context.Context, o Options) (aws.Config, error) {
	opts := []func(*config.LoadOptions) error{config.WithRegion(o.Region)}
	if o.AccessKeyID != "" && o.SecretAccessKey != "" {
		opts = append(opts, config.WithCredentialsProvider(
			credentials.NewStaticCredentialsProvider(o.AccessKeyID, o.SecretAccessKey, "")))
	}
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return aws.Config{}, fmt.Errorf("load AWS config: %w", err)
	}
	return cfg, nil
}
