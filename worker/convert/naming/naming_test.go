package naming

import (
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
)

func el(tag string, attrs map[string]string, children ...*capturemodel.DOMNode) *capturemodel.DOMNode {
	return &capturemodel.DOMNode{Type: "element", Tag: tag, Attrs: attrs, Children: children}
}

func txt(s string) *capturemodel.DOMNode { return &capturemodel.DOMNode{Type: "text", Text: s} }

// TestLayerNames: landmark, heading, aria-label, id and class, in that order of preference; a
// class read without utilities, modifiers, a framework's namespace and abbreviations.
func TestLayerNames(t *testing.T) {
	for _, tc := range []struct {
		n    *capturemodel.DOMNode
		want string
	}{
		{el("nav", map[string]string{"class": "navbar"}), "Navigation"},
		{el("div", map[string]string{"role": "navigation", "aria-label": "Main"}), "Navigation / Main"},
		{el("section", map[string]string{"class": "hero"}, el("h1", nil, txt("Welcome")), el("p", nil, txt("Hi"))), "Hero / Welcome"},
		{el("header", nil, el("div", map[string]string{"class": "inner"}, el("h2", nil, txt("  Big   news ")))), "Header / Big news"},
		{el("section", map[string]string{"class": "products"}, el("article", nil, el("h3", nil, txt("A"))), el("article", nil, el("h3", nil, txt("B")))), "Products"},
		{el("article", map[string]string{"class": "css-1x2y3z card"}), "Card"},
		{el("div", map[string]string{"class": "flex px-4 md:grid"}), "Box"},
		{el("div", map[string]string{"class": "flex flex-col w-5/6 bg-white rounded-t shadow-lg"}), "Box"},
		{el("li", map[string]string{"class": "border-b py-4"}), "List item"},
		{el("body", map[string]string{"class": "d-flex h-100 text-center"}), "Body"},
		{el("mark", nil), "Highlight"},
		{el("div", map[string]string{"class": "pe-none pe-card"}), "Pe card"},
		{el("span", map[string]string{"class": "visuallyhidden notranslate"}), "Box"},
		{el("div", map[string]string{"class": "d-flex justify-content-between align-items-center text-body-secondary"}), "Box"},
		{el("a", map[string]string{"class": "no-underline hover:underline text-gray-800 gradient"}), "Gradient"},
		{el("a", map[string]string{"class": "btn btn-primary"}), "Button"},
		{el("a", map[string]string{"class": "mdl-navigation__link"}), "Navigation link"},
		{el("div", map[string]string{"class": "mdl-card mdl-shadow--2dp"}), "Card"},
		{el("li", map[string]string{"class": "is-active"}), "List item"},
		{el("input", map[string]string{"type": "submit"}), "Button"},
		{el("input", map[string]string{"type": "Reset"}), "Button"},
		{el("input", map[string]string{"type": "checkbox"}), "Checkbox"},
		{el("input", map[string]string{"type": "range"}), "Slider"},
		{el("input", map[string]string{"type": "email"}), "Input"},
		{el("input", nil), "Input"},
		{el("input", map[string]string{"type": "submit", "aria-label": "Send"}), "Send"},
		{el("input", map[string]string{"type": "checkbox", "role": "switch", "id": "terms"}), "Switch / Terms"},
		{el("input", map[string]string{"type": "checkbox", "role": "Switch"}), "Switch"},
		{el("summary", map[string]string{"role": "button", "class": "secondary"}), "Button"},
		{el("nav", map[string]string{"role": "tablist"}), "Navigation"}, // a landmark first
		{el("div", map[string]string{"role": "presentation", "id": "logo"}), "Logo"},
		{el("a", nil), "Link"},
		{el("div", map[string]string{"class": "text-center font-bold shadow-sm items-center text-white overflow-hidden text-field"}), "Text field"},
		{el("div", map[string]string{"class": "no-results"}), "No results"},
		{el("form", map[string]string{"class": "inline-form"}), "Form"},
		{el("div", map[string]string{"class": "inline-form"}), "Inline form"},
		{el("li", map[string]string{"class": "to-do"}), "To do"},
		{el("div", map[string]string{"class": "overflow-menu"}), "Overflow menu"},
		{el("span", map[string]string{"class": "font-awesome"}), "Font awesome"},
		{el("td", nil), "Cell"},
		{el("a", map[string]string{"class": "link-secondary"}), "Link"},
		{el("i", map[string]string{"class": "mdl-color-text--white material-icons"}), "Material icons"},
		{el("div", map[string]string{"class": "color-picker"}), "Color picker"},
		{el("svg", map[string]string{"class": "bd-placeholder-img"}), "Placeholder image"},
		{el("aside", nil), "Sidebar"},
		{el("dialog", map[string]string{"class": "modal"}), "Dialog"},
		{el("div", map[string]string{"role": "alertdialog", "class": "modal"}), "Dialog"},
		{el("x-widget", nil), "x-widget"},
		{el("div", map[string]string{"class": "card--featured"}), "Card featured"},
		{el("button", map[string]string{"class": "mdl-mini-footer--social-btn social-btn"}), "Mini footer social button"},
		{el("div", map[string]string{"class": "hero-img"}), "Hero image"},
		{el("div", map[string]string{"id": "pricingTable", "class": "box"}), "Pricing table"},
		{el("div", map[string]string{"id": "main_content"}), "Main content"},
		{el("h1", map[string]string{"class": "title"}, txt("Welcome")), "Title"},
		{el("div", map[string]string{"aria-label": "Close dialog"}), "Close dialog"},
		{el("section", map[string]string{"class": "tiles", "aria-label": "tiles"}), "Tiles"},
		{el("img", map[string]string{"alt": "Logo", "class": "brand"}), "Logo"},
		{el("div", nil, el("h2", nil, txt("An extremely long heading that goes on and on and on"))), "An extremely long heading that goes on …"},
	} {
		if got := Layer(tc.n); got != tc.want {
			t.Errorf("Layer(%s %v) = %q, want %q", tc.n.Tag, tc.n.Attrs, got, tc.want)
		}
	}
}

// TestMarker: a marker class, bare or as Bulma's is-*, names its variant; any other class none.
func TestMarker(t *testing.T) {
	for c, want := range map[string]string{"active": "Active", "is-active": "Active", "is-highlighted": "Highlighted",
		"open": "Open", "show": "", "is-primary": "", "tab": ""} {
		if got := Marker(c); got != want {
			t.Errorf("Marker(%q) = %q, want %q", c, got, want)
		}
	}
}

// TestIconNames: an icon is named by what it shows (its label, its icon set's class, a
// ligature's text) under "Icon", or by a class that says what else it is.
func TestIconNames(t *testing.T) {
	glyph := func(text string) *capturemodel.DOMNode {
		n := el("i", map[string]string{"class": "mdl-color-text--blue-grey-400 material-icons", "role": "presentation"}, txt(text))
		n.IconFont = &capturemodel.IconFontFact{Glyphs: []capturemodel.Glyph{{Which: "text", Text: text}}}
		return n
	}
	for _, tc := range []struct {
		n    *capturemodel.DOMNode
		want string
	}{
		{el("svg", nil), "Icon"},
		{el("svg", map[string]string{"class": "h-8 me-2"}), "Icon"},
		{el("i", map[string]string{"class": "fa fa-user fa-lg"}), "Icon / User"},
		{el("i", map[string]string{"class": "fa fa-lg fa-2x fa-user-plus"}), "Icon / User plus"},
		{el("i", map[string]string{"class": "fa fa-bell-o"}), "Icon / Bell outline"},
		{el("svg", map[string]string{"class": "feather feather-home align-text-bottom"}), "Icon / Home"},
		{el("i", map[string]string{"class": "bi bi-house-door"}), "Icon / House door"},
		{glyph("more_vert"), "Icon / More vert"},
		{glyph("\ue5d4"), "Icon"},
		{el("svg", map[string]string{"class": "demo-chart"}), "Demo chart"},
		{el("svg", map[string]string{"id": "donut", "class": "chart"}), "Donut"},
		{el("i", map[string]string{"id": "star", "class": "fa fa-star"}), "Star"},
		{el("svg", map[string]string{"class": "logo", "aria-label": "Acme"}), "Logo / Acme"},
		{el("svg", nil, el("title", nil, txt(" Close "))), "Icon / Close"},
		{el("img", map[string]string{"alt": "Search"}), "Icon / Search"},
		// Font Awesome 6's styles and sizes, Material's set classes, Ionicons' platforms.
		{el("i", map[string]string{"class": "fa-sharp fa-solid fa-rotate-90 fa-2xs fa-house"}), "Icon / House"},
		{el("i", map[string]string{"class": "fa-duotone fa-thin fa-flip-both fa-camera"}), "Icon / Camera"},
		{el("i", map[string]string{"class": "fass fa-xl fa-bell-o"}), "Icon / Bell outline"},
		{el("i", map[string]string{"class": "fa-brands fa-stack-overflow fa-stack-1x"}), "Icon / Stack overflow"},
		{el("i", map[string]string{"class": "fa-solid fa-rotate-left"}), "Icon / Rotate left"},
		{el("i", map[string]string{"class": "mdi mdi-24px mdi-flip-h mdi-flip-horizontal"}), "Icon / Flip horizontal"},
		{el("svg", map[string]string{"class": "icon logo"}), "Logo"},
		{el("svg", map[string]string{"class": "icon icon-lg icon-search"}), "Icon / Search"},
		{el("i", map[string]string{"class": "material-icons-sharp md-light notranslate"}), "Icon"},
		{el("i", map[string]string{"class": "icon ion-md-home"}), "Icon / Home"},
		{el("i", map[string]string{"class": "icon ion-ios-radio-button-o"}), "Icon / Radio button o"},
		// Digits belong to icon names; the kind comes from the id alone on an icon of a set.
		{el("i", map[string]string{"class": "bi bi-1-circle"}), "Icon / 1 circle"},
		{glyph("filter_1"), "Icon / Filter 1"},
		{el("svg", map[string]string{"class": "octicon octicon-mark-github color-fg-muted pe-none"}), "Icon / Mark github"},
		{el("svg", map[string]string{"class": "MuiSvgIcon-root checked"}), "Icon"},
		{el("svg", map[string]string{"id": "brand", "class": "bi bi-bootstrap"}), "Brand / Bootstrap"},
	} {
		if got := Icon(tc.n); got != tc.want {
			t.Errorf("Icon(%s %v) = %q, want %q", tc.n.Tag, tc.n.Attrs, got, tc.want)
		}
	}
}
