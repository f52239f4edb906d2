package convert_test

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/resultjson"
)

// The audit of the CSS that paints (docs/conversion.md "The CSS that paints"): every row of the
// table names a page of testdata/audit-site that shows that one property, element or state on an
// element with id "target", and what the result makes of it. TestPaintAudit captures every page
// with the real capture worker, converts it, and checks the row: an exact row's node values (and
// no warning on its node), an approximated or refused row's warning on the right node.

// auditDoc is the document whose table the audit walks, and auditSite the folder of its pages.
const (
	auditDoc     = "../../docs/conversion.md"
	auditSite    = "testdata/audit-site"
	auditHeading = "## The CSS that paints"
)

// auditReport prints each page's target node and warnings instead of checking them (to write a
// new row): go test ./worker/convert -run TestPaintAudit -audit-report -v.
var auditReport = flag.Bool("audit-report", false, "print the audit pages' target nodes and warnings instead of checking")

// auditOnly limits -audit-report to the pages whose name it matches (a regular expression).
var auditOnly = flag.String("audit-only", "", "with -audit-report: only the pages whose name matches this regular expression")

// auditRow is one row of the table: the page and the warning code its result column names ("" for
// an exact row).
type auditRow struct {
	page, code, result string
}

// auditCheck says where a page's target is in the result and which of its values to check.
// Target "Target" is the node named after the element's id; "text:<words>" is the TEXT whose
// characters contain the words; "none" means the element draws no node. Fields maps a dotted path
// into the node's JSON (effects.0.radius), or into its text style's ("textStyle.name"), to the
// JSON of its value. Above, when set, names a
// node the target must be painted over (come after in the tree's depth-first order).
type auditCheck struct {
	target string
	fields map[string]string
	above  string
}

// auditChecks hold the checked values of each page.
var auditChecks = map[string]auditCheck{
	"background-color":            {"Target", map[string]string{"fills.0.type": `"SOLID"`, "fills.0.color.b": `0.8`}, ""},
	"background-image":            {"Target", map[string]string{"fills.0.type": `"IMAGE"`}, ""},
	"background-tiled":            {"Target", map[string]string{"fills.0.type": `"IMAGE"`, "fills.0.scaleMode": `"TILE"`}, ""},
	"linear-gradient":             {"Target", map[string]string{"fills.0.type": `"GRADIENT_LINEAR"`}, ""},
	"radial-gradient":             {"Target", map[string]string{"fills.0.type": `"GRADIENT_RADIAL"`, "fills.0.gradientTransform.0.0": `0.707107`}, ""},
	"conic-gradient":              {"Target", map[string]string{"fills.0.type": `"GRADIENT_ANGULAR"`}, ""},
	"repeating-linear-gradient":   {"Target", map[string]string{"fills.0.type": `"GRADIENT_LINEAR"`}, ""},
	"background-blend-mode":       {"Target", map[string]string{"fills.1.blendMode": `"MULTIPLY"`}, ""},
	"background-clip-padding":     {"Target", map[string]string{"fills": `[]`, "children.0.x": `10`, "children.0.width": `120`, "children.0.fills.0.type": `"SOLID"`}, ""},
	"background-origin-content":   {"Target", map[string]string{"children.0.x": `16`, "children.0.y": `16`, "children.0.width": `48`, "children.0.fills.0.scaleMode": `"CROP"`}, ""},
	"background-attachment-fixed": {"Target", map[string]string{"children.0.x": `10`, "children.0.y": `20`, "children.0.width": `48`, "children.0.fills.0.scaleMode": `"CROP"`}, ""},
	"border-solid":                {"Target", map[string]string{"strokes.0.type": `"SOLID"`, "strokeWeight": `3`, "strokeAlign": `"INSIDE"`}, ""},
	"border-dashed":               {"Target", map[string]string{"strokeWeight": `2`, "dashPattern.0": `6`}, ""},
	"border-double":               {"Target", map[string]string{"strokeWeight": `6`}, ""},
	"border-colors":               {"Target", nil, ""},
	"border-radius":               {"Target", map[string]string{"cornerRadius": `12`}, ""},
	"border-radius-elliptical":    {"Target", nil, ""},
	"border-image":                {"Target", nil, ""},
	"box-shadow":                  {"Target", map[string]string{"effects.0.type": `"DROP_SHADOW"`, "effects.0.radius": `8`, "effects.0.spread": `2`}, ""},
	"box-shadow-inset":            {"Target", map[string]string{"effects.0.type": `"INNER_SHADOW"`}, ""},
	"opacity":                     {"Target", map[string]string{"opacity": `0.5`}, ""},
	"visibility-hidden":           {"none", nil, ""},
	"mix-blend-mode":              {"Target", map[string]string{"blendMode": `"MULTIPLY"`}, ""},
	"mix-blend-mode-plus-lighter": {"Target", nil, ""},
	"filter-blur":                 {"Target", map[string]string{"effects.0.type": `"LAYER_BLUR"`, "effects.0.radius": `8`}, ""},
	"filter-drop-shadow":          {"Target", map[string]string{"effects.0.type": `"DROP_SHADOW"`, "effects.0.radius": `10`}, ""},
	"filter-grayscale":            {"Target", nil, ""},
	"backdrop-filter":             {"Target", map[string]string{"effects.0.type": `"BACKGROUND_BLUR"`, "effects.0.radius": `12`}, ""},
	"outline":                     {"Target (outline)", map[string]string{"strokes.0.color.r": `1`, "strokeWeight": `3`, "x": `13`, "y": `13`, "width": `114`, "height": `74`}, ""},
	"outline-auto":                {"Target", nil, ""},
	"overflow-hidden":             {"Target", map[string]string{"clipsContent": `true`}, ""},
	"transform":                   {"Target", map[string]string{"relativeTransform.0.0": `0.939693`, "relativeTransform.1.0": `0.34202`, "untransformedWidth": `100`, "untransformedHeight": `60`}, ""},
	"transform-3d":                {"Target", nil, ""},
	"clip-path":                   {"Target", nil, ""},
	"mask-image-svg":              {"Target", map[string]string{"type": `"SVG"`}, ""},
	"mask-image-gradient":         {"Target", map[string]string{"fills.0.type": `"IMAGE"`}, ""},
	"z-index":                     {"Target", map[string]string{"fills.0.color.r": `1`}, "Under"},
	"position-fixed":              {"Target", map[string]string{"scrollBehavior": `"FIXED"`}, ""},
	"color-syntax":                {"Target", map[string]string{"fills.0.color.r": `0.2518`, "fills.0.color.g": `0.6942`}, ""},
	"color":                       {"text:Coloured", map[string]string{"fills.0.color.r": `0.8`}, ""},
	"font-family-web":             {"text:Brand", map[string]string{"fontName.family": `"Audit Brand"`}, ""},
	"font-not-loaded":             {"text:Missing", map[string]string{"fontName.family": `"Inter"`}, ""},
	"font-generic-family":         {"text:Serif", nil, ""},
	"font-weight-style":           {"text:Bold", map[string]string{"fontName.style": `"Bold Italic"`}, ""},
	"font-size-line-height":       {"text:Large", map[string]string{"fontSize": `24`, "lineHeight.value": `36`, "letterSpacing.value": `2`}, ""},
	"text-align":                  {"text:Centred", map[string]string{"textAlignHorizontal": `"CENTER"`}, ""},
	"text-transform":              {"text:Upper", map[string]string{"textCase": `"UPPER"`}, ""},
	"font-variant-small-caps":     {"text:Small", map[string]string{"textCase": `"SMALL_CAPS"`}, ""},
	"text-decoration":             {"text:Wavy", map[string]string{"textDecoration": `"UNDERLINE"`, "textDecorationStyle": `"WAVY"`}, ""},
	"text-decoration-dashed":      {"text:Dashed", nil, ""},
	"text-shadow":                 {"text:Shadowed", map[string]string{"effects.0.type": `"DROP_SHADOW"`}, ""},
	"text-overflow-ellipsis":      {"text:Ellipsis", map[string]string{"textTruncation": `"ENDING"`, "maxLines": `1`}, ""},
	"line-clamp":                  {"text:Clamped", map[string]string{"textTruncation": `"ENDING"`, "maxLines": `2`}, ""},
	"text-wrap-balance":           {"text:Balanced", map[string]string{"textWrapStyle": `"BALANCE"`, "textAutoResize": `"HEIGHT"`, "textStyle.textWrapStyle": `"BALANCE"`, "textStyle.name": `"Text/Heading 2 20 Bold balanced"`}, ""},
	"text-wrap-pretty":            {"text:Pretty", map[string]string{"textWrapStyle": `"PRETTY"`, "textAutoResize": `"HEIGHT"`, "textStyle.textWrapStyle": `"PRETTY"`}, ""},
	"text-fill-color":             {"text:Filled", map[string]string{"fills.0.color.g": `0.6`, "fills.0.color.b": `0.8`}, ""},
	"background-clip-text":        {"text:Gradient", map[string]string{"fills.0.type": `"GRADIENT_LINEAR"`}, ""},
	"text-stroke":                 {"text:Stroked", map[string]string{"strokes.0.color.r": `0.9333`, "strokeWeight": `1`, "strokeAlign": `"CENTER"`}, ""},
	"text-emphasis":               {"text:Emphasis", nil, ""},
	"writing-mode":                {"text:Vertical", nil, ""},
	"direction-rtl":               {"text:كلمات", map[string]string{"textAlignHorizontal": `"RIGHT"`}, ""},
	"vertical-align-sup":          {"text:Raised", nil, ""},
	"line-height-mixed":           {"text:Mixed", nil, ""},
	"text-indent":                 {"text:Indented", map[string]string{"paragraphIndent": `40`}, ""},
	"column-rule":                 {"Target", nil, ""},
	"before-content":              {"text:Before", map[string]string{"styledTextSegments.0.characters": `"Before "`, "styledTextSegments.0.fills.0.color.r": `0.9333`}, ""},
	"before-counter":              {"text:Counted", nil, ""},
	"list-marker":                 {"text:•", map[string]string{"characters": `"•"`}, ""},
	"list-style-image":            {"text:Imaged", nil, ""},
	"marker-style":                {"text:1.", map[string]string{"characters": `"1."`, "fills.0.color.r": `0.9333`}, ""},
	"placeholder":                 {"text:Placeholder", map[string]string{"fills.0.color.r": `0.9333`}, ""},
	"pseudo-background-image":     {"::before", map[string]string{"fills.0.type": `"IMAGE"`}, ""},
	"checkbox-checked":            {"Target", nil, ""},
	"checkbox-unchecked":          {"Target", nil, ""},
	"radio":                       {"Target", nil, ""},
	"range":                       {"Target", nil, ""},
	"select":                      {"Target", nil, ""},
	"appearance-none-control":     {"Target", map[string]string{"fills.0.type": `"SOLID"`, "strokeWeight": `2`, "cornerRadius": `4`}, ""},
	"textarea":                    {"Target", nil, ""},
	"button":                      {"Target", map[string]string{"fills.0.color.b": `0.8`, "cornerRadius": `6`, "children.0.characters": `"Button words"`}, ""},
	"img":                         {"Target", map[string]string{"fills.0.type": `"IMAGE"`, "fills.0.scaleMode": `"CROP"`}, ""},
	"object-fit-cover":            {"Target", map[string]string{"fills.0.type": `"IMAGE"`, "fills.0.scaleMode": `"FILL"`}, ""},
	"object-fit-none":             {"Target", map[string]string{"fills.0.scaleMode": `"CROP"`, "fills.0.imageTransform.0.0": `0.666667`, "fills.0.imageTransform.0.2": `0`}, ""},
	"svg-inline":                  {"Target", map[string]string{"type": `"SVG"`}, ""},
	"canvas":                      {"Target", map[string]string{"fills.0.type": `"IMAGE"`}, ""},
	"video":                       {"Target", nil, ""},
	"iframe":                      {"Target", nil, ""},
}

// auditCode is the warning code a result column names: the first `CODE` in it.
var auditCode = regexp.MustCompile("`([A-Z][A-Z0-9_]+)`")

// readAuditTable reads the rows of the table under auditHeading.
func readAuditTable(t *testing.T) []auditRow {
	t.Helper()
	f, err := os.Open(auditDoc)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []auditRow
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == auditHeading:
			in = true
			continue
		case in && strings.HasPrefix(line, "#"):
			in = false
		}
		if !in || !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| what") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) != 4 {
			t.Fatalf("audit row %q has %d cells, want 4", line, len(cells))
		}
		page := strings.Trim(cells[1], "`")
		result := cells[3]
		row := auditRow{page: page, result: result}
		if !strings.HasPrefix(result, "exact") {
			m := auditCode.FindStringSubmatch(result)
			if m == nil {
				t.Fatalf("audit row %s: a result that is not exact names its warning code: %q", page, result)
			}
			row.code = m[1]
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestPaintAudit(t *testing.T) {
	var rows []auditRow
	if *auditReport {
		files, _ := filepath.Glob(filepath.Join(auditSite, "*.html"))
		for _, f := range files {
			if page := strings.TrimSuffix(filepath.Base(f), ".html"); regexp.MustCompile(*auditOnly).MatchString(page) {
				rows = append(rows, auditRow{page: page})
			}
		}
	} else {
		rows = readAuditTable(t)
		// Every page of the folder is a row, every row has a page and checks, every check a row.
		for page := range auditChecks {
			if !slices.ContainsFunc(rows, func(r auditRow) bool { return r.page == page }) {
				t.Errorf("checks of page %s without a row in the table", page)
			}
		}
		files, _ := filepath.Glob(filepath.Join(auditSite, "*.html"))
		for _, f := range files {
			page := strings.TrimSuffix(filepath.Base(f), ".html")
			if !slices.ContainsFunc(rows, func(r auditRow) bool { return r.page == page }) {
				t.Errorf("page %s has no row in the table", page)
			}
		}
		for _, r := range rows {
			if strings.Contains(strings.ToLower(r.result), "ignored") {
				t.Errorf("row %s says ignored: %q", r.page, r.result)
			}
			if _, ok := auditChecks[r.page]; !ok {
				t.Errorf("row %s has no checks in auditChecks", r.page)
			}
		}
	}
	pages := map[string]string{}
	for _, r := range rows {
		pages["/"+r.page+".html"] = uuid.Must(uuid.NewV7()).String()
	}
	captured := captureSites(t, auditSite, pages)
	for _, r := range rows {
		id := pages["/"+r.page+".html"]
		result := auditConvert(t, id, captured["/"+r.page+".html"])
		check := auditChecks[r.page]
		if *auditReport {
			printAudit(t, r.page, check, result)
			continue
		}
		t.Run(r.page, func(t *testing.T) { checkAudit(t, r, check, result) })
	}
}

// auditConvert converts one captured audit page.
func auditConvert(t *testing.T, pageImportID string, objects map[string][]byte) *resultjson.Result {
	t.Helper()
	return capturedFixture(t, pageImportID, pageImportID, objects).convert(t).Result
}

// auditTarget finds the node a check names: nil when there is none.
func auditTarget(root *resultjson.Node, target string) *resultjson.Node {
	var found *resultjson.Node
	var walk func(n *resultjson.Node)
	walk = func(n *resultjson.Node) {
		if found != nil {
			return
		}
		if words, ok := strings.CutPrefix(target, "text:"); ok {
			if n.Type == "TEXT" && strings.Contains(n.Characters, words) {
				found = n
				return
			}
		} else if n.Name == target || strings.HasPrefix(n.Name, target+" /") {
			found = n
			return
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(root)
	return found
}

// auditField reads a check's path of node n of result r: "textStyle.<path>" in the TEXT style
// n's textStyleId names (the style entry's JSON), any other path in n's (nodeField).
func auditField(r *resultjson.Result, n *resultjson.Node, path string) string {
	rest, ok := strings.CutPrefix(path, "textStyle.")
	if !ok {
		return nodeField(n, path)
	}
	for _, s := range r.Styles {
		if s.ID == n.TextStyleID && n.TextStyleID != "" {
			b, _ := json.Marshal(s)
			return jsonField(b, rest)
		}
	}
	return ""
}

// nodeField reads a dotted path of a node's JSON and returns its value as JSON ("" when absent).
func nodeField(n *resultjson.Node, path string) string {
	b, _ := json.Marshal(n)
	return jsonField(b, path)
}

// jsonField reads a dotted path of the JSON object b and returns its value as JSON ("" when
// absent; numbers rounded to 6 decimals).
func jsonField(b []byte, path string) string {
	var v any
	_ = json.Unmarshal(b, &v)
	for _, part := range strings.Split(path, ".") {
		switch cur := v.(type) {
		case map[string]any:
			v = cur[part]
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i >= len(cur) {
				return ""
			}
			v = cur[i]
		default:
			return ""
		}
	}
	if v == nil {
		return ""
	}
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(css.Round(f, 6), 'f', -1, 64)
	}
	b, _ = json.Marshal(v)
	return string(b)
}

// contradicting are warning codes that must not name the same node: an element drawn from its
// crop shows its border and background as the page drew them.
var contradicting = [][2]string{
	{"ELEMENT_RASTERIZED", "CSS_BORDER_STYLE"}, {"ELEMENT_RASTERIZED", "CSS_BORDER_COLORS"},
	{"ELEMENT_RASTERIZED", "CSS_BACKGROUND_LAYOUT"}, {"ELEMENT_RASTERIZED", "FORM_CONTROL_APPROXIMATED"},
	{"ELEMENT_RASTERIZED", "UNSUPPORTED_ELEMENT"},
}

func checkAudit(t *testing.T, row auditRow, check auditCheck, r *resultjson.Result) {
	// Every warning names a node of the tree below the root (the node that shows the loss, not
	// the page), and no node carries two warnings that contradict each other.
	checkWarnedNodes(t, r)

	if check.target == "none" {
		if n := auditTarget(r.Root, "Target"); n != nil {
			t.Errorf("the element draws node %s %q, want none", n.ID, n.Name)
		}
		return
	}
	n := auditTarget(r.Root, check.target)
	if n == nil {
		t.Fatalf("no node %q in the result", check.target)
	}
	on := warningsOn(r.Warnings, n.ID)
	switch {
	case row.code == "" && len(on) > 0:
		t.Errorf("exact row, but node %s %q has warnings %v", n.ID, n.Name, on)
	case row.code != "" && !slices.ContainsFunc(on, func(w string) bool { return strings.HasPrefix(w, row.code+": ") }):
		t.Errorf("node %s %q has warnings %v, want %s (all: %s)", n.ID, n.Name, on, row.code, warningList(r))
	}
	for path, want := range check.fields {
		if got := auditField(r, n, path); got != want {
			t.Errorf("%s %s = %s, want %s", n.Name, path, got, want)
		}
	}
	if check.above != "" {
		under := auditTarget(r.Root, check.above)
		order := map[*resultjson.Node]int{}
		r.Root.Walk(func(x *resultjson.Node) { order[x] = len(order) })
		if under == nil || order[n] < order[under] {
			t.Errorf("%s is not painted over %q", n.Name, check.above)
		}
	}
}

func warningList(r *resultjson.Result) string {
	var b strings.Builder
	for _, w := range r.Warnings {
		id := ""
		if w.NodeID != nil {
			id = *w.NodeID
		}
		fmt.Fprintf(&b, "[%s %s %s] ", w.Code, id, w.Message)
	}
	return b.String()
}

func printAudit(t *testing.T, page string, check auditCheck, r *resultjson.Result) {
	target := check.target
	if target == "" || target == "none" {
		target = "Target"
	}
	n := auditTarget(r.Root, target)
	var b strings.Builder
	fmt.Fprintf(&b, "== %s (%s)\n", page, target)
	if n == nil {
		fmt.Fprintf(&b, "   no node\n")
	} else {
		c := *n
		c.Children = nil
		j, _ := json.Marshal(c)
		s := string(j)
		if len(s) > 900 {
			s = s[:900] + "…"
		}
		fmt.Fprintf(&b, "   node %s (%d children): %s\n   warnings on it: %v\n", n.ID, len(n.Children), s, warningsOn(r.Warnings, n.ID))
	}
	fmt.Fprintf(&b, "   all: %s\n", warningList(r))
	r.Root.Walk(func(n *resultjson.Node) { fmt.Fprintf(&b, "   [%s %s %q]", n.ID, n.Type, n.Name) })
	t.Log(b.String())
}
