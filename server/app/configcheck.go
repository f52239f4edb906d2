package app

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/caarlos0/env/v11"
	"github.com/jackc/pgx/v5"
)

// Configuration that looks right but is not: values pasted with a trailing newline or
// a space after a comma, and values that parse but can never work. Every value read from the
// environment is trimmed of surrounding whitespace, list items are trimmed one by one and empty
// items dropped (`WORKER_SECRETS="a, b\n"` is the two secrets "a" and "b"), and whatever is still
// invalid fails start-up with a message naming the variable.

// trimLists trims every item of the []string settings and drops empty items, so "a, b," is
// ["a", "b"].
func (c *Config) trimLists() {
	v := reflect.ValueOf(c).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		if f.Kind() != reflect.Slice || f.Type().Elem().Kind() != reflect.String {
			continue
		}
		items := f.Interface().([]string)
		kept := make([]string, 0, len(items))
		for _, s := range items {
			if s = strings.TrimSpace(s); s != "" {
				kept = append(kept, s)
			}
		}
		if len(kept) == 0 {
			kept = nil
		}
		f.Set(reflect.ValueOf(kept))
	}
}

// envErrors rewrites caarlos0/env's parse errors, which name the Go field, to name the variable
// (`GRAPHQL_MAX_DEPTH: strconv.ParseInt: parsing "ten": invalid syntax`).
func envErrors(err error) error {
	var agg env.AggregateError
	if !errors.As(err, &agg) {
		return err
	}
	t := reflect.TypeFor[Config]()
	msgs := make([]string, 0, len(agg.Errors))
	for _, e := range agg.Errors {
		var pe env.ParseError
		if errors.As(e, &pe) {
			if f, ok := t.FieldByName(pe.Name); ok && f.Tag.Get("env") != "" {
				msgs = append(msgs, fmt.Sprintf("%s: %v", f.Tag.Get("env"), pe.Err))
				continue
			}
		}
		msgs = append(msgs, e.Error())
	}
	return errors.New(strings.Join(msgs, "; "))
}

// validateSettings checks the settings Validate's other checks leave alone: addresses, URLs,
// origins, enumerations and limits that parse but cannot work.
func (c Config) validateSettings() []string {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if _, _, err := net.SplitHostPort(c.HTTPAddr); err != nil {
		add("HTTP_ADDR %q is not a host:port listen address", c.HTTPAddr)
	}
	if err := checkHTTPURL(c.PublicBaseURL); err != nil {
		add("PUBLIC_BASE_URL %v", err)
	}
	if strings.HasSuffix(c.CognitoIssuer, "/") {
		// Tokens carry the issuer without it, so no token would ever verify.
		add("COGNITO_ISSUER %q must not end in a slash", c.CognitoIssuer)
	}
	if c.DatabaseURL != "" {
		if _, err := pgx.ParseConfig(c.DatabaseURL); err != nil {
			// The parser's text may quote the password: name the variable only.
			add("DATABASE_URL is not a valid PostgreSQL connection string")
		}
	}
	if c.AWSRegion == "" {
		add("AWS_REGION is required")
	}
	if c.S3Bucket != "" && !s3BucketName.MatchString(c.S3Bucket) {
		add("S3_BUCKET %q is not an S3 bucket name (3-63 characters: lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit)", c.S3Bucket)
	}
	if strings.HasPrefix(c.ArtifactKeyPrefix, "/") || strings.Contains(c.ArtifactKeyPrefix, "//") {
		// S3 keys have no leading slash; "s3://bucket//key" pointers would not match their scope.
		add("ARTIFACT_KEY_PREFIX %q must not start with a slash or hold an empty segment", c.ArtifactKeyPrefix)
	}
	for name, u := range map[string]string{
		"S3_ENDPOINT": c.S3Endpoint, "SQS_ENDPOINT": c.SQSEndpoint,
		"SQS_CAPTURE_QUEUE_URL": c.CaptureQueueURL, "SQS_CONVERSION_QUEUE_URL": c.ConversionQueueURL,
		"COGNITO_ISSUER": c.CognitoIssuer, "COGNITO_JWKS_URL": c.CognitoJWKSURL,
		"SIGNIN_LOGOUT_URL": c.SignInLogoutURL,
	} {
		if u == "" {
			continue
		}
		if err := checkHTTPURL(u); err != nil {
			add("%s %v", name, err)
		}
	}
	if c.CognitoIssuer != "" && len(c.CognitoClientIDs) == 0 {
		add("COGNITO_CLIENT_IDS is required when COGNITO_ISSUER is set")
	}
	if c.SignInClientID != "" && !slices.Contains(c.CognitoClientIDs, c.SignInClientID) {
		// The dashboard's tokens would carry a client id the API refuses.
		add("SIGNIN_CLIENT_ID %q must be one of COGNITO_CLIENT_IDS", c.SignInClientID)
	}
	if u, err := url.Parse(c.SignInRedirectPath); err != nil || !strings.HasPrefix(c.SignInRedirectPath, "/") ||
		strings.HasPrefix(c.SignInRedirectPath, "//") || u.RawQuery != "" || u.Fragment != "" || u.ForceQuery {
		add("SIGNIN_REDIRECT_PATH %q is not a path on this origin (/..., no query or fragment)", c.SignInRedirectPath)
	}
	if len(c.CognitoTokenUses) == 0 {
		add("COGNITO_TOKEN_USES must name id, access or both")
	}
	for _, u := range c.CognitoTokenUses {
		if u != "id" && u != "access" {
			add("COGNITO_TOKEN_USES item %q: want id or access", u)
		}
	}
	if c.AuthLeeway < 0 {
		add("AUTH_LEEWAY must not be negative")
	}
	for _, o := range c.CORSAllowedOrigins {
		if err := checkOrigin(o); err != nil {
			add("CORS_ALLOWED_ORIGINS item %q %v", o, err)
		}
	}
	for name, v := range map[string]int64{
		"GRAPHQL_MAX_BODY_BYTES": c.GraphQLMaxBodyBytes, "GRAPHQL_PARSER_TOKEN_LIMIT": int64(c.GraphQLParserTokenLimit),
		"GRAPHQL_COMPLEXITY_LIMIT": int64(c.GraphQLComplexityLimit), "GRAPHQL_MAX_DEPTH": int64(c.GraphQLMaxDepth),
		"GRAPHQL_MAX_FIELDS": int64(c.GraphQLMaxFields), "GRAPHQL_MAX_ALIASES": int64(c.GraphQLMaxAliases),
		"GRAPHQL_MAX_DIRECTIVES": int64(c.GraphQLMaxDirectives), "GRAPHQL_MAX_FRAGMENTS": int64(c.GraphQLMaxFragments),
		"GRAPHQL_MAX_OPERATIONS": int64(c.GraphQLMaxOperations),
	} {
		// A negative limit would turn the limit off; 0 means the default.
		if v < 0 {
			add("%s must not be negative", name)
		}
	}
	for name, d := range map[string]int64{
		"GRAPHQL_RATE_WINDOW": int64(c.GraphQLRateWindow), "CREATE_PAGE_IMPORT_RATE_WINDOW": int64(c.CreatePageImportRateWindow),
		"TRIGGER_CODE2DES_RATE_WINDOW": int64(c.TriggerCode2DesRateWindow), "HANDOFF_RATE_WINDOW": int64(c.HandoffRateWindow),
		"SHUTDOWN_TIMEOUT": int64(c.ShutdownTimeout), "DEPENDENCY_TIMEOUT": int64(c.DependencyTimeout),
	} {
		if d <= 0 {
			add("%s must be positive", name)
		}
	}
	if c.LogFormat != "json" && c.LogFormat != "text" {
		add("LOG_FORMAT %q: want json or text", c.LogFormat)
	}
	return problems
}

// s3BucketName is S3's naming rule for general purpose buckets.
var s3BucketName = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$`)

// checkHTTPURL accepts an absolute http(s) URL with a host and no user info, query or fragment.
func checkHTTPURL(s string) error {
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return errors.New("is not a URL")
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Errorf("%q: want an http:// or https:// URL", s)
	case u.Host == "" || u.Hostname() == "":
		return fmt.Errorf("%q has no host", s)
	case u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.ForceQuery:
		return fmt.Errorf("%q must not carry user info, a query or a fragment", s)
	}
	return nil
}

// checkOrigin accepts what browsers send as Origin: scheme://host[:port], nothing after it (a
// trailing slash would never match).
func checkOrigin(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" ||
		u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.ForceQuery || u.Opaque != "" {
		return errors.New("is not an origin (scheme://host[:port], no path or trailing slash)")
	}
	if strings.ToLower(s) != s {
		return errors.New("must be lowercase, as browsers send it")
	}
	return nil
}
