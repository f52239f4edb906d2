// Package naming gives the result's layers names a designer can read (docs/conversion.md
// "Layer names"), from the captured element alone.
package naming

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/code2des/backend/worker/convert/capturemodel"
)

// Layer names a designer can read: docs/conversion.md "Layer names".

// MaxNameRunes bounds a node name, in characters (the backend's limit, docs/results.md).
const MaxNameRunes = 80

// headingSearchDepth bounds how many single-child wrappers deep a frame's heading is looked for.
const headingSearchDepth = 3

// maxLabelRunes bounds the heading text or aria-label part of a name, in characters.
const maxLabelRunes = 40

// landmarkTags name the landmark elements by tag: an aside is most often a page's sidebar.
var landmarkTags = map[string]string{"nav": "Navigation", "header": "Header", "footer": "Footer", "main": "Main",
	"aside": "Sidebar", "form": "Form", "search": "Search", "dialog": "Dialog"}

// landmarkRoles name the landmark elements by ARIA role, as landmarkTags names their tags.
var landmarkRoles = map[string]string{"navigation": "Navigation", "banner": "Header", "contentinfo": "Footer",
	"main": "Main", "complementary": "Sidebar", "form": "Form", "search": "Search", "dialog": "Dialog",
	"alertdialog": "Dialog"}

// widgetRoles name the elements of an ARIA widget role (WAI-ARIA 1.2 §5.3.2) by that role, after
// a landmark and before an id, which then labels it: a checkbox the page draws as a switch is a
// "Switch", a summary with role button a "Button".
var widgetRoles = map[string]string{"button": "Button", "switch": "Switch", "checkbox": "Checkbox", "radio": "Radio button",
	"slider": "Slider", "tab": "Tab", "tablist": "Tabs", "tabpanel": "Tab panel", "menuitem": "Menu item", "menu": "Menu",
	"menubar": "Menu bar", "tooltip": "Tooltip", "progressbar": "Progress bar", "alert": "Alert"}

// generatedClass matches class names made by tools rather than people: CSS-in-JS hashes
// (css-1x2y3z, sc-bdVaJa), utility classes with digits, variants or arbitrary values (px-4,
// md:flex, w-[20px]).
var generatedClass = regexp.MustCompile(`\d|` + generatedMarks)

// generatedMarks are the marks of a generated name other than digits, which icon names keep
// (bi-1-circle, filter_1: iconWords).
const generatedMarks = `:|\[|/|^(css|sc|jsx|svelte|emotion)-|^_`

// generatedIconName matches an icon name made by a tool rather than people (generatedMarks).
var generatedIconName = regexp.MustCompile(generatedMarks)

// utilityClasses are utility class names without digits (Tailwind's and Bootstrap's) that say
// how an element looks or is laid out, not what it is.
var utilityClasses = map[string]bool{"flex": true, "grid": true, "block": true, "inline": true, "inline-block": true,
	"inline-flex": true, "inline-grid": true, "inline-table": true, "hidden": true, "relative": true, "absolute": true,
	"fixed": true, "sticky": true, "static": true, "container": true, "row": true, "col": true, "clearfix": true,
	"mx-auto": true, "my-auto": true, "ms-auto": true, "me-auto": true, "ml-auto": true, "mr-auto": true, "mt-auto": true,
	"mb-auto": true, "w-full": true, "h-full": true, "w-auto": true, "h-auto": true, "w-screen": true, "h-screen": true,
	"min-h-screen": true, "uppercase": true, "lowercase": true, "capitalize": true, "normal-case": true, "italic": true,
	"not-italic": true, "underline": true, "no-underline": true, "line-through": true, "truncate": true,
	"antialiased": true, "subpixel-antialiased": true, "shadow": true, "rounded": true, "border": true,
	"transform": true, "transition": true, "visible": true, "invisible": true, "sr-only": true, "not-sr-only": true,
	"visually-hidden": true, "grow": true, "shrink": true, "ring": true, "isolate": true, "small": true, "lead": true,
	"vstack": true, "hstack": true, "stretched-link": true, "list-none": true, "list-disc": true, "list-decimal": true,
	"list-inside": true, "list-outside": true, "list-unstyled": true, "list-inline": true, "list-reset": true,
	"select-none": true, "select-all": true, "select-text": true, "select-auto": true, "w-px": true, "h-px": true,
	"p-px": true, "m-auto": true, "w-min": true, "w-max": true, "w-fit": true, "h-fit": true, "z-auto": true,
	"group": true, "peer": true, "sticky-top": true, "sticky-bottom": true, "fixed-top": true, "fixed-bottom": true,
	"overflow-hidden": true, "overflow-auto": true, "overflow-scroll": true, "overflow-visible": true, "overflow-clip": true,
	"notranslate": true, "visuallyhidden": true}

// utilityPrefixes begin utility class names (Tailwind's and Bootstrap's): a class name that
// starts with one says how an element looks (bg-white, flex-col, d-none,
// justify-content-between), not what it is. Prefixes that begin names people write too (text-,
// font-, shadow-, items-) are utilityWords.
var utilityPrefixes = []string{"bg-", "fw-", "fst-", "fs-", "lh-", "leading-", "tracking-", "flex-", "d-", "justify-",
	"self-", "place-items-", "place-content-", "place-self-", "align-", "border-", "rounded-", "overflow-x-",
	"overflow-y-", "object-", "cursor-", "whitespace-", "float-", "position-", "fill-", "stroke-", "transition-",
	"duration-", "ease-", "scale-", "origin-", "ring-", "decoration-", "divide-", "space-", "gap-", "grid-cols-",
	"grid-rows-", "grid-flow-", "min-w-", "max-w-", "min-h-", "max-h-", "link-offset", "link-underline", "link-opacity",
	"pointer-events-", "animate-"}

// utilityWords are the utilities of a prefix that begins names people write too: text-center,
// text-white and text-muted are utilities, text-field is not.
var utilityWords = map[string][]string{
	"text-": {"left", "center", "right", "justify", "start", "end", "xs", "sm", "base", "lg", "xl", "white", "black",
		"gray", "grey", "slate", "zinc", "neutral", "stone", "red", "orange", "amber", "yellow", "lime", "green",
		"emerald", "teal", "cyan", "sky", "blue", "indigo", "violet", "purple", "fuchsia", "pink", "rose",
		"transparent", "current", "inherit", "muted", "body", "primary", "secondary", "success", "danger",
		"warning", "info", "light", "dark", "reset", "wrap", "nowrap", "break", "truncate", "uppercase",
		"lowercase", "capitalize", "decoration", "bg", "opacity", "emphasis", "ellipsis", "clip"},
	"font-": {"thin", "extralight", "light", "normal", "medium", "semibold", "bold", "extrabold", "black", "sans",
		"serif", "mono", "italic", "monospace"},
	"shadow-": {"sm", "md", "lg", "xl", "inner", "none", "outline"},
	"items-":  {"start", "end", "center", "baseline", "stretch"},
	"break-":  {"normal", "words", "all", "keep", "inside", "after", "before"},
	"pe-":     {"none", "auto"},
	"link-":   {"primary", "secondary", "success", "danger", "warning", "info", "light", "dark", "body"},
	// Material Design Lite's colour classes, read without their mdl- (mdl-color-text--white), and
	// GitHub Primer's (color-fg-muted).
	"color-": {"text", "", "primary", "accent", "fg", "bg", "border"},
}

// Single-letter and spacing utilities (p-4, mt-2, w-64, z-50) and gradient stops
// (from-pink-500) have digits: generatedClass.

// markers are the class words that say which variant an element is (a nav's current link, a
// featured card), with the name of that variant.
var markers = map[string]string{"active": "Active", "current": "Current", "selected": "Selected", "featured": "Featured",
	"highlighted": "Highlighted", "disabled": "Disabled", "open": "Open", "collapsed": "Collapsed"}

// Marker is the name of the variant a marker class says an element is ("active" and Bulma's
// "is-active": "Active"), "" for any other class.
func Marker(c string) string { return markers[strings.TrimPrefix(c, "is-")] }

// frameworkPrefixes are the namespaces UI frameworks put before their class names (Material
// Design Lite's mdl-card, UIkit's uk-card, Ant Design's ant-btn, the Bootstrap docs'
// bd-placeholder-img); the name is read without them, and a utility after one names no kind.
var frameworkPrefixes = []string{"mdl-", "mdc-", "mat-", "uk-", "ant-", "el-", "chakra-", "v-", "q-", "bd-"}

// abbreviations are the words class names shorten, written out in a layer name.
var abbreviations = map[string]string{"btn": "button", "img": "image", "desc": "description", "msg": "message",
	"pic": "picture", "bg": "background", "lbl": "label", "txt": "text"}

// kindless says whether class c names no kind of element: generated, a utility or a modifier,
// which says what state or variant the element is in (a Marker, Bootstrap's show, Bulma's is-*
// and has-*).
func kindless(c string) bool {
	modifier := Marker(c) != "" || c == "show" || strings.HasPrefix(c, "is-") || strings.HasPrefix(c, "has-")
	if modifier || generatedClass.MatchString(c) || utilityClasses[c] {
		return true
	}
	for _, p := range utilityPrefixes {
		if strings.HasPrefix(c, p) && len(c) > len(p) {
			return true
		}
	}
	for p, words := range utilityWords {
		if rest, ok := strings.CutPrefix(c, p); ok {
			word, _, _ := strings.Cut(rest, "-")
			if slices.Contains(words, word) {
				return true
			}
		}
	}
	return false
}

// Layer is the readable name of the frame of element n.
func Layer(n *capturemodel.DOMNode) string {
	if alt := strings.TrimSpace(n.Attrs["alt"]); alt != "" {
		return alt
	}
	kind, idLabel := landmark(n), ""
	if r := widgetRoles[role(n)]; kind == "" && r != "" {
		kind, idLabel = r, humanize(n.Attrs["id"]) // a switch with id terms: Switch / Terms
	}
	kind = cmp.Or(kind, humanize(n.Attrs["id"]))
	if kind == "" {
		for _, c := range strings.Fields(n.Attrs["class"]) {
			if kind = ClassKind(c); kind != "" {
				break
			}
		}
	}
	label := ""
	if !IsHeading(n) {
		label = clipLabel(headingText(n, headingSearchDepth))
	}
	if label == "" {
		label = clipLabel(n.Attrs["aria-label"])
	}
	label = cmp.Or(label, idLabel)
	switch {
	case kind != "" && label != "" && !strings.EqualFold(kind, label):
		return kind + " / " + label
	case kind != "":
		return kind
	case label != "":
		return label
	}
	return cmp.Or(TagWord(n), n.Tag)
}

// TagWord is the word of element n's tag (TagWords; an input by its type, inputWords: a submit
// input is a "Button"), "" for a tag without one.
func TagWord(n *capturemodel.DOMNode) string {
	return cmp.Or(inputWords[n.InputType()], TagWords[n.Tag])
}

// inputWords are the words of the input types that are no text field (HTML §4.10.5): an input
// of another type is an "Input".
var inputWords = map[string]string{"submit": "Button", "reset": "Button", "button": "Button", "image": "Button",
	"checkbox": "Checkbox", "radio": "Radio button", "range": "Slider", "color": "Color picker", "file": "File input"}

// Anonymous is the name of a layer whose element says nothing of what it is: a div or span
// without a landmark, id, class kind or label (TagWords).
const Anonymous = "Box"

// Background is the name of a background layer drawn as a node of its own (an SVG image, a
// sized or tiled layer): it says what it draws, not what it is.
const Background = "background"

// TagWords are the words of the tags a layer without a better name is named after ("a" is a
// "Link"); a tag without one keeps its name.
var TagWords = map[string]string{"a": "Link", "li": "List item", "button": "Button", "pre": "Code block", "code": "Code",
	"kbd": "Key", "h1": "Heading 1", "h2": "Heading 2", "h3": "Heading 3", "h4": "Heading 4", "h5": "Heading 5",
	"h6": "Heading 6", "p": "Paragraph", "div": Anonymous, "span": Anonymous, "article": "Article", "section": "Section",
	"label": "Label", "figure": "Figure", "blockquote": "Quote", "dt": "Term", "dd": "Description", "input": "Input",
	"select": "Select", "img": "Image", "strong": "Strong text", "b": "Bold text", "em": "Emphasis", "small": "Small text",
	"ul": "List", "ol": "List", "tr": "Row", "td": "Cell", "th": "Header cell", "textarea": "Text area", "svg": "Icon",
	"table": "Table", "thead": "Table head", "tbody": "Table body", "dl": "Description list", "figcaption": "Caption",
	"picture": "Picture", "video": "Video", "canvas": "Canvas", "iframe": "Embed", "hr": "Divider", "i": "Italic text",
	"body": "Body", "u": "Underlined text", "s": "Struck text", "del": "Deleted text", "ins": "Inserted text",
	"mark": "Highlight", "sup": "Superscript", "sub": "Subscript", "abbr": "Abbreviation", "time": "Time",
	"address": "Address", "fieldset": "Fieldset", "legend": "Legend", "option": "Option", "caption": "Caption",
	"tfoot": "Table foot", "details": "Details", "summary": "Summary", "cite": "Citation", "q": "Quote",
	"progress": "Progress bar", "meter": "Meter", "menu": "Menu", "hgroup": "Heading group", "var": "Variable",
	"samp": "Sample output", "output": "Output"}

// role is n's ARIA role attribute, lowercase.
func role(n *capturemodel.DOMNode) string { return strings.ToLower(strings.TrimSpace(n.Attrs["role"])) }

// landmark is the landmark kind of n by its role, else its tag; "" for none.
func landmark(n *capturemodel.DOMNode) string {
	if r := landmarkRoles[role(n)]; r != "" {
		return r
	}
	return landmarkTags[n.Tag]
}

// IsHeading says whether n is a heading: h1-h6, or role="heading".
func IsHeading(n *capturemodel.DOMNode) bool {
	if len(n.Tag) == 2 && n.Tag[0] == 'h' && n.Tag[1] >= '1' && n.Tag[1] <= '6' {
		return true
	}
	return strings.EqualFold(n.Attrs["role"], "heading")
}

// headingText returns the text of the heading among n's children, or, when n only wraps one
// element, among that element's children (down to depth levels). A container of several items
// does not take the heading of its first item.
func headingText(n *capturemodel.DOMNode, depth int) string {
	for d := 0; d < depth && n != nil; d++ {
		var only *capturemodel.DOMNode
		elements := 0
		for _, c := range n.Children {
			if c == nil || c.Type != "element" {
				continue
			}
			if IsHeading(c) {
				if t := textOf(c); t != "" {
					return t
				}
			}
			elements++
			only = c
		}
		if elements != 1 {
			return ""
		}
		n = only
	}
	return ""
}

// textOf concatenates the text runs under n.
func textOf(n *capturemodel.DOMNode) string {
	var b strings.Builder
	var walk func(n *capturemodel.DOMNode)
	walk = func(n *capturemodel.DOMNode) {
		if n.Type == "text" {
			b.WriteString(n.Text)
			b.WriteByte(' ')
		}
		for _, c := range n.Children {
			if c != nil && b.Len() < 4*maxLabelRunes {
				walk(c)
			}
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func clipLabel(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > maxLabelRunes {
		return string(r[:maxLabelRunes-1]) + "…"
	}
	return s
}

// ClassKind is the kind class c names, made readable: "" for a class that names none
// (kindless); a framework's namespace left out ("mdl-navigation__link": "Navigation link"),
// abbreviations written out ("btn": "Button").
func ClassKind(c string) string {
	if kindless(c) {
		return ""
	}
	for _, p := range frameworkPrefixes {
		if rest, ok := strings.CutPrefix(c, p); ok && rest != "" {
			if kindless(rest) {
				return "" // a framework's utility (mdl-color-text--white)
			}
			c = rest
			break
		}
	}
	return humanize(c)
}

// humanize turns an id or class name into words: "card-grid", "card_grid" and "cardGrid" give
// "Card grid". Generated-looking names give "".
func humanize(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || generatedClass.MatchString(s) {
		return ""
	}
	return words(s)
}

// words splits s at dashes, underscores, spaces, dots and lower-to-upper case changes, writes
// abbreviations out and capitalizes the first word ("cardGrid": "Card grid").
func words(s string) string {
	var parts []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			parts = append(parts, strings.ToLower(string(cur)))
			cur = nil
		}
	}
	for i, r := range s {
		switch {
		case r == '-' || r == '_' || r == ' ' || r == '.':
			flush()
		case unicode.IsUpper(r) && i > 0:
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	if len(parts) == 0 {
		return ""
	}
	for i, w := range parts {
		parts[i] = cmp.Or(abbreviations[w], w)
	}
	out := strings.Join(parts, " ")
	r := []rune(out)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// Clip makes s a node name: its runs of white space one space, cut to MaxNameRunes characters
// (the last one an ellipsis) when longer.
func Clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > MaxNameRunes {
		return string(r[:MaxNameRunes-1]) + "…"
	}
	return s
}

// iconSetClasses are the classes icon sets put on every icon (Font Awesome's fa and fas with its
// styles fa-solid and fa-sharp, Bootstrap Icons' bi, Feather's feather, Material's
// material-icons and material-symbols-*, MUI's MuiSvgIcon-root): they say the element is an icon,
// not which one.
var iconSetClasses = map[string]bool{"fa": true, "fas": true, "far": true, "fab": true, "fal": true, "fad": true,
	"fat": true, "fass": true, "fasr": true, "fasl": true, "fast": true, "fak": true, "fa-solid": true,
	"fa-regular": true, "fa-brands": true, "fa-light": true, "fa-thin": true, "fa-duotone": true, "fa-sharp": true,
	"fa-sharp-duotone": true, "fa-classic": true, "fa-kit": true, "bi": true, "feather": true, "glyphicon": true,
	"icon": true, "icons": true, "mdi": true, "ti": true, "material-icons": true, "material-icons-outlined": true,
	"material-icons-round": true, "material-icons-sharp": true, "material-icons-two-tone": true,
	"material-symbols": true, "material-symbols-outlined": true, "material-symbols-rounded": true,
	"material-symbols-sharp": true, "octicon": true, "lucide": true, "ionicon": true, "svg-inline--fa": true,
	"MuiSvgIcon-root": true}

// genericIconClasses are the set classes many pages put on any icon of their own (class="icon
// logo"): they say nothing of the element's other classes.
var genericIconClasses = map[string]bool{"icon": true, "icons": true}

// iconClassPrefixes begin the class that names which icon of a set an element shows (fa-user,
// bi-house, feather-home, icon-search).
var iconClassPrefixes = []string{"fa-", "bi-", "feather-", "glyphicon-", "icon-", "mdi-", "ti-", "octicon-", "lucide-", "ion-"}

// iconPlatforms are the platform prefixes of Ionicons' names (ion-md-home, ion-ios-home: "Home").
var iconPlatforms = []string{"md-", "ios-"}

// iconModifiers are, by the prefix of their icon set, the classes after it that size, turn or
// animate an icon rather than say which it is: Font Awesome's fa-lg, fa-2x, fa-fw, fa-spin,
// fa-rotate-90 (not its icons fa-rotate-left or fa-stack-overflow), Material Design Icons'
// mdi-24px, mdi-spin, mdi-flip-h.
var iconModifiers = map[string]*regexp.Regexp{
	"fa-": regexp.MustCompile(`^(2xs|xs|sm|lg|xl|2xl|\d+x|fw|width-auto|border|inverse|li|ul|stack|stack-[12]x|` +
		`pull-(left|right|start|end)|rotate-(90|180|270|by)|flip-(horizontal|vertical|both)|swap-opacity|` +
		`spin|spin-pulse|spin-reverse|pulse|beat|beat-fade|bounce|fade|flip|shake)$`),
	"mdi-":  regexp.MustCompile(`^(\d+px|spin|rotate-\d+|flip-[hv]|light|dark|inactive)$`),
	"icon-": regexp.MustCompile(`^(xs|sm|lg|xl|small|large)$`),
}

// iconClassName reads class c of an icon set that names its icon ("fa-user": "User",
// "feather-home": "Home", "bi-1-circle": "1 circle", Font Awesome 4's outline "fa-bell-o":
// "Bell outline"); ok says c is such a class (its name "" for a modifier of iconModifiers such
// as fa-lg or fa-rotate-90).
func iconClassName(c string) (name string, ok bool) {
	for _, p := range iconClassPrefixes {
		rest, found := strings.CutPrefix(c, p)
		if !found || rest == "" {
			continue
		}
		if m := iconModifiers[p]; m != nil && m.MatchString(rest) {
			return "", true
		}
		if p == "ion-" {
			for _, platform := range iconPlatforms {
				rest = strings.TrimPrefix(rest, platform)
			}
		}
		if r, found := strings.CutSuffix(rest, "-o"); found && p == "fa-" {
			rest = r + "-outline"
		}
		return iconWords(rest), true
	}
	return "", false
}

// iconWords turns an icon's name into words as humanize does, digits kept ("filter_1":
// "Filter 1"); "" for a generated-looking name.
func iconWords(s string) string {
	if s == "" || generatedIconName.MatchString(s) {
		return ""
	}
	return words(s)
}

// ligature matches the text of an icon font's ligature (Material's "more_vert").
var ligature = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// Icon is the readable name of an icon layer (an inline SVG, an icon-font glyph, a masked
// element): "Icon / <label>" with the label from its alt, aria-label or SVG title, else the icon
// it shows (its icon set's class fa-user or feather-home: "User", "Home"; a ligature's text
// more_vert: "More vert"); its id names it instead of "Icon" ("donut": "Donut"), and so does a
// class that says what else it is ("demo-chart": "Demo chart") when no icon set's class says
// it is an icon (the other classes of an icon of a set size or colour it: md-light, pe-none;
// the generic icon and icons say nothing of them).
func Icon(n *capturemodel.DOMNode) string {
	kind, label := humanize(n.Attrs["id"]), ""
	for _, a := range []string{"alt", "aria-label"} {
		if label == "" {
			label = clipLabel(n.Attrs[a])
		}
	}
	for _, c := range n.Children {
		if label == "" && c != nil && c.Type == "element" && c.Tag == "title" {
			label = clipLabel(textOf(c))
		}
	}
	classKind, ofSet := "", false
	for _, c := range strings.Fields(n.Attrs["class"]) {
		if iconSetClasses[c] {
			ofSet = ofSet || !genericIconClasses[c]
			continue
		}
		if name, ok := iconClassName(c); ok {
			label, ofSet = cmp.Or(label, name), true
			continue
		}
		if classKind == "" {
			classKind = ClassKind(c)
		}
	}
	if !ofSet {
		kind = cmp.Or(kind, classKind)
	}
	if label == "" && n.IconFont != nil {
		for _, g := range n.IconFont.Glyphs {
			if t := strings.TrimSpace(g.Text); g.Which == "text" && ligature.MatchString(t) {
				label = iconWords(t)
				break
			}
		}
	}
	switch kind = cmp.Or(kind, "Icon"); {
	case label != "" && !strings.EqualFold(kind, label):
		return kind + " / " + label
	default:
		return kind
	}
}

// Element names a layer after the element: its alt or aria-label, else tag#id or tag.class.
func Element(n *capturemodel.DOMNode) string {
	for _, a := range []string{"alt", "aria-label"} {
		if v := strings.TrimSpace(n.Attrs[a]); v != "" {
			return v
		}
	}
	name := n.Tag
	if id := n.Attrs["id"]; id != "" {
		return name + "#" + id
	}
	if cls := strings.Fields(n.Attrs["class"]); len(cls) > 0 {
		return name + "." + cls[0]
	}
	return name
}
