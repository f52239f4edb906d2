package jobs

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/code2des/backend/models"
)

// The Code2Des input rules of SPEC §4. Every identifier is at most models.MaxFigmaIdentifierLength
// characters (the code2des seed's varchar(255) columns); the character sets are documented in
// docs/code2des.md.

// figmaFileKeyPattern is the character set of a Figma file key: Figma's keys are base62 strings
// (branch keys too); '-' and '_' are allowed for keys of other Figma products.
var figmaFileKeyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// figmaNodeIDPattern is a Figma node id: "<int>:<int>", or an instance sublayer path
// "I<int>:<int>;<int>:<int>..." (what figma.createFrame().id and friends return).
var figmaNodeIDPattern = regexp.MustCompile(`^I?[0-9]+:[0-9]+(;[0-9]+:[0-9]+)*$`)

// validateTrigger checks a triggerCode2Des request and returns it normalized: a blank screen id
// or placement target means none (the screen id is then generated).
// Errors: CodeBadUserInput naming the first offending field.
func validateTrigger(in models.Code2DesRequest) (models.Code2DesRequest, error) {
	if _, err := models.ParseID("input.pageImportId", in.PageImportID); err != nil {
		return in, err
	}
	if err := validateFileKey("input.figmaFileKey", in.FigmaFileKey); err != nil {
		return in, err
	}
	var err error
	if in.ScreenID, err = validateLabel("input.screenId", in.ScreenID); err != nil {
		return in, err
	}
	if in.PlacementTarget, err = validateLabel("input.placementTarget", in.PlacementTarget); err != nil {
		return in, err
	}
	return in, nil
}

// validateFileKey checks a Figma file key: 1 to MaxFigmaIdentifierLength characters of
// figmaFileKeyPattern.
func validateFileKey(field, key string) error {
	switch {
	case key == "":
		return models.InputError(field, "must not be empty")
	case len(key) > models.MaxFigmaIdentifierLength:
		return models.InputError(field, "must be at most %d characters", models.MaxFigmaIdentifierLength)
	case !figmaFileKeyPattern.MatchString(key):
		return models.InputError(field, "must contain only letters, digits, '-' and '_'")
	}
	return nil
}

// validateNodeID checks a Figma node id: at most MaxFigmaIdentifierLength characters of
// figmaNodeIDPattern.
func validateNodeID(field, id string) error {
	switch {
	case len(id) > models.MaxFigmaIdentifierLength:
		return models.InputError(field, "must be at most %d characters", models.MaxFigmaIdentifierLength)
	case !figmaNodeIDPattern.MatchString(id):
		return models.InputError(field, "must be a Figma node id such as 12:345")
	}
	return nil
}

// validateLabel checks a free-form, user-visible identifier (screen id, placement target): spaces
// around it are trimmed and blank means none; then 1 to MaxFigmaIdentifierLength characters of
// valid UTF-8 without control, format (bidi overrides, zero-width) or line/paragraph separator
// characters.
func validateLabel(field string, s *string) (*string, error) {
	if s == nil {
		return nil, nil
	}
	v := strings.TrimSpace(*s)
	switch {
	case v == "":
		return nil, nil
	case !utf8.ValidString(v):
		return nil, models.InputError(field, "must be valid UTF-8")
	case strings.ContainsFunc(v, func(r rune) bool {
		return unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)
	}):
		return nil, models.InputError(field, "must not contain control or invisible formatting characters")
	case utf8.RuneCountInString(v) > models.MaxFigmaIdentifierLength:
		return nil, models.InputError(field, "must be at most %d characters", models.MaxFigmaIdentifierLength)
	}
	return &v, nil
}

// MaxScreenSlugLength caps the page part of a generated screen id, in characters, so generated
// ids stay readable in Figma's layer list.
const MaxScreenSlugLength = 48

// screenIDSuffixLength is the number of trailing hex digits of the job id in a generated screen id.
const screenIDSuffixLength = 6

// GenerateScreenID returns the readable screen id of a job whose triggerCode2Des call gave none:
//
//	<slug of host and path>-<viewport width>w-<last 6 hex digits of the job id>
//
// e.g. "example-com-pricing-1440w-3f9a2c" for https://www.example.com/pricing?plan=pro at 1440 px.
// The slug lowercases the host (without a leading "www.") and the decoded path, turns every run of
// characters that are not letters or digits into one '-', trims '-' at both ends, and is cut to
// MaxScreenSlugLength characters; an empty slug becomes "page". The query is left out (it is
// rarely readable). The job id's last digits are random (UUIDv7), so triggering the same import
// twice gives two screen ids. The result is at most 66 characters, far below
// MaxFigmaIdentifierLength, and always passes the screenId input rules.
func GenerateScreenID(sourceURL string, viewportWidth int, jobID string) string {
	var raw string
	if u, err := url.Parse(sourceURL); err == nil {
		raw = strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.") + "/" + strings.ToLower(u.Path)
	}
	slug := make([]rune, 0, MaxScreenSlugLength)
	dash := false
	for _, r := range raw {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			dash = true
			continue
		}
		if dash && len(slug) > 0 {
			slug = append(slug, '-')
		}
		dash = false
		slug = append(slug, unicode.ToLower(r))
		if len(slug) >= MaxScreenSlugLength {
			break
		}
	}
	name := strings.TrimRight(string(slug), "-")
	if name == "" {
		name = "page"
	}
	hex := strings.ReplaceAll(jobID, "-", "")
	if len(hex) > screenIDSuffixLength {
		hex = hex[len(hex)-screenIDSuffixLength:]
	}
	return name + "-" + strconv.Itoa(viewportWidth) + "w-" + hex
}
