// Command localstack runs the whole Code2Des product on one machine with no AWS account:
// in-process S3- and SQS-protocol servers on loopback, a bucket and the two queues, a local token
// issuer (a stand-in Cognito user pool with its own key pair and JWKS), a seeded organization,
// project and member, the API on the local PostgreSQL (database created and migrated if needed),
// the reference capture worker (headless Chromium) on the capture queue and the reference
// conversion worker on the conversion queue, both calling back to the API with a shared local
// worker secret. When everything is up it prints how to get a token and run the main job (import,
// convert, result, materialize). Start PostgreSQL first (`.ci/postgres-up`) and install Chromium
// (`.ci/chromium-up`); `make run` does both.
//
// Usage:
//
//	localstack                      run the stack (what `make run` does)
//	localstack token [-ttl 1h] SUB  print an ID token for subject SUB from the local issuer
//
// Environment: everything the server reads (see the README), plus LOCAL_S3_ADDR (default
// 127.0.0.1:4566), LOCAL_SQS_ADDR (default 127.0.0.1:9324), LOCAL_ISSUER_ADDR (default
// 127.0.0.1:9400), LOCAL_ISSUER_KEY_FILE (default <user cache dir>/code2des/local-issuer-key.pem)
// LOCAL_SUBJECT (default local-user, the seeded member), LOCAL_CAPTURE_WORKER and
// LOCAL_CONVERSION_WORKER (false: do not start that worker). The workers also read their own
// settings (CAPTURE_*, CHROMIUM_PATH; CONVERT_*; worker/README.md, docs/conversion.md); their
// queues, endpoints, credentials and secret come from the stack. Without WORKER_SECRETS the API
// and the workers share localWorkerSecret.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/sirupsen/logrus"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/auth"
	"github.com/code2des/backend/server/database"
)

// Local queue names.
const (
	captureQueueName    = "code2des-capture"
	conversionQueueName = "code2des-conversion"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if len(os.Args) > 1 && os.Args[1] == "token" {
		err = printToken(os.Args[2:], os.Stdout)
	} else if len(os.Args) > 1 && os.Args[1] == "snapshot" {
		err = saveSnapshot(ctx, os.Args[2:], os.Stdout)
	} else {
		err = run(ctx)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func run(ctx context.Context) error {
	cfg, err := app.LoadConfig()
	if err != nil {
		return err
	}
	logger := app.NewLogger(cfg, os.Stderr)

	s3srv, err := awslocal.StartS3(envOr("LOCAL_S3_ADDR", "127.0.0.1:4566"))
	if err != nil {
		return err
	}
	defer s3srv.Close()
	sqssrv, err := awslocal.StartSQS(envOr("LOCAL_SQS_ADDR", "127.0.0.1:9324"))
	if err != nil {
		return err
	}
	defer sqssrv.Close()
	// goaws warns on every empty long poll (each 20 s once the workers poll); keep the
	// terminal for what matters.
	logrus.SetLevel(logrus.ErrorLevel)

	cfg.Settings = awslocal.Settings(s3srv.URL, sqssrv.URL)
	// migrateAndSeed below applies the migrations before the API starts.
	cfg.MigrateOnStart = false
	if os.Getenv("HTTP_ADDR") == "" {
		cfg.HTTPAddr = "127.0.0.1:8080" // local only unless asked otherwise
	}
	if cfg.PublicBaseURL, err = publicBaseURL(cfg.HTTPAddr); err != nil {
		return err
	}
	var workerSecret string
	cfg.WorkerSecrets, workerSecret = workerSecrets(cfg)
	awsCfg, err := cfg.Settings.Load(ctx)
	if err != nil {
		return err
	}
	s3Client := cfg.S3(awsCfg)
	if err := awslocal.CreateBucket(ctx, s3Client, cfg.S3Bucket); err != nil {
		return err
	}
	sqsClient := cfg.SQS(awsCfg)
	if cfg.CaptureQueueURL, err = awslocal.CreateQueue(ctx, sqsClient, captureQueueName); err != nil {
		return err
	}
	if cfg.ConversionQueueURL, err = awslocal.CreateQueue(ctx, sqsClient, conversionQueueName); err != nil {
		return err
	}
	if err := database.EnsureDatabase(ctx, cfg.DatabaseURL); err != nil {
		return err
	}
	seeded, err := migrateAndSeed(ctx, cfg.DatabaseURL, envOr("LOCAL_SUBJECT", defaultSubject))
	if err != nil {
		return err
	}

	// The local issuer stands in for Cognito: the API verifies its tokens with the same code.
	issuer, err := localIssuer()
	if err != nil {
		return err
	}
	issuerSrv, _, err := serveIssuer(issuer)
	if err != nil {
		return err
	}
	defer issuerSrv.Close()
	cfg.CognitoIssuer, cfg.CognitoJWKSURL = issuer.Issuer, ""
	cfg.CognitoClientIDs = []string{auth.LocalClientID}
	// The development sign-in of the dashboard and the plugin mints the seeded members' tokens
	// with the same issuer (docs/signin.md); a production configuration never has it.
	cfg.LocalIssuer = issuer
	if _, set := os.LookupEnv("ALLOW_LOOPBACK_SOURCES"); !set {
		cfg.AllowLoopbackSources = true // local pages may be imported; never in production
	}
	logger.Info("local stack up",
		slog.String("s3_endpoint", s3srv.URL), slog.String("bucket", cfg.S3Bucket),
		slog.String("sqs_endpoint", sqssrv.URL),
		slog.String("capture_queue_url", cfg.CaptureQueueURL),
		slog.String("conversion_queue_url", cfg.ConversionQueueURL),
		slog.String("issuer", issuer.Issuer), slog.String("public_base_url", cfg.PublicBaseURL),
		slog.Int64("organization_id", seeded.OrganizationID), slog.Int64("project_id", seeded.ProjectID),
		slog.String("member", seeded.Subject))
	return serve(ctx, cfg, logger, workerSecret, seeded)
}

// serve runs the API, then the local workers once it listens, then prints the next steps. On
// shutdown the workers stop first (each finishing the job in hand, so its callback still
// reaches the API), then the API.
func serve(ctx context.Context, cfg app.Config, logger *slog.Logger, workerSecret string, seeded seededIDs) error {
	apiCtx, stopAPI := context.WithCancel(context.WithoutCancel(ctx))
	defer stopAPI()
	ready := make(chan string, 1)
	apiErr := make(chan error, 1)
	go func() { apiErr <- app.Run(apiCtx, cfg, logger, ready) }()
	select {
	case <-ready:
	case err := <-apiErr:
		return err
	case <-ctx.Done():
		stopAPI()
		return <-apiErr
	}

	workerCtx, stopWorkers := context.WithCancel(ctx)
	defer stopWorkers()
	workersDone, workerStatus, err := startWorkers(workerCtx, cfg, workerSecret, logger)
	if err != nil {
		stopAPI()
		<-apiErr
		return err
	}
	printWalkthrough(os.Stdout, cfg.PublicBaseURL, seeded, workerStatus)

	select {
	case <-ctx.Done():
	case err := <-apiErr:
		stopWorkers()
		<-workersDone
		return err
	}
	<-workersDone
	stopAPI()
	return <-apiErr
}
