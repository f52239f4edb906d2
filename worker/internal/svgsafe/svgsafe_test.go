package svgsafe_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/internal/svgsafe"
)

func TestClean(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		rep            svgsafe.Report
	}{
		{"Untouched", `<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1"/></svg>`, svgsafe.Report{}},
		{"Script", `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1" height="1"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`, svgsafe.Report{Scripts: 1}},
		{"Handlers", `<svg xmlns="http://www.w3.org/2000/svg" onload="x()"><rect onClick="y()" width="1"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>`, svgsafe.Report{Handlers: 2}},
		{"ScriptURLs", `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a href=" java&#x09;script:alert(1)"><rect/></a><a xlink:href="data:text/html,x"><rect/></a></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a><rect/></a><a><rect/></a></svg>`, svgsafe.Report{ScriptURLs: 2}},
		{"ExternalRefs", `<svg xmlns="http://www.w3.org/2000/svg"><image href="http://169.254.169.254/x" width="1"/><use href="sprite.svg#a"/><rect fill="url(http://10.0.0.1/p#g)" style="fill:red;background:url(//127.0.0.1/x)"/><use href="#local"/><image href="data:image/png;base64,AAAA"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><image width="1"/><use/><rect style="fill:red"/><use href="#local"/><image href="data:image/png;base64,AAAA"/></svg>`, svgsafe.Report{ExternalRefs: 4}},
		{"ForeignObject", `<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject><rect/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>`, svgsafe.Report{ForeignObjects: 1}},
		{"StyleRules", `<svg xmlns="http://www.w3.org/2000/svg"><style>/* c */ .a, path { fill: #f00; stroke-width: 2 } #b{fill:#00f} svg > path{fill:#0f0} @media print { path { fill: #000 } }</style><path class="a" fill="#000"/><path id="b" class="a" style="opacity:.5"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><path class="a" fill="#f00" stroke-width="2"/><path id="b" class="a" style="opacity:.5" fill="#00f" stroke-width="2"/></svg>`, svgsafe.Report{StyleRules: 3, StyleRulesDropped: 2}},
		{"NamespaceDeclared", `<svg><use xlink:href="#a" xmlns:xlink="http://www.w3.org/1999/xlink" onclick="x"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="#a" xmlns:xlink="http://www.w3.org/1999/xlink"/></svg>`, svgsafe.Report{Handlers: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, rep, err := svgsafe.Clean([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("Clean =\n%s\nwant\n%s", got, tc.want)
			}
			if rep != tc.rep {
				t.Errorf("report %+v, want %+v", rep, tc.rep)
			}
		})
	}
}

func TestCleanRefuses(t *testing.T) {
	deep := strings.Repeat("<g>", svgsafe.MaxDepth) + strings.Repeat("</g>", svgsafe.MaxDepth)
	for name, in := range map[string]string{
		"NotXML":      `<svg><path></svg>`,
		"NotSVG":      `<html/>`,
		"Entities":    `<!DOCTYPE svg [<!ENTITY a "b">]><svg/>`,
		"TwoRoots":    `<svg/><svg/>`,
		"TooDeep":     `<svg>` + deep + `</svg>`,
		"TooLarge":    `<svg>` + strings.Repeat(" ", svgsafe.MaxBytes-len(`<svg></svg>`)+1) + `</svg>`,
		"TextOutside": `x<svg/>`,
	} {
		t.Run(name, func(t *testing.T) {
			if _, _, err := svgsafe.Clean([]byte(in)); !errors.Is(err, svgsafe.ErrInvalid) {
				t.Errorf("Clean = %v, want ErrInvalid", err)
			}
		})
	}
	// At the limits it is still read; one past them it is not.
	at := `<svg>` + strings.Repeat("<g/>", svgsafe.MaxElements-1) + `</svg>`
	if _, _, err := svgsafe.Clean([]byte(at)); err != nil {
		t.Errorf("an SVG of %d elements: %v", svgsafe.MaxElements, err)
	}
	if _, _, err := svgsafe.Clean([]byte(`<svg>` + strings.Repeat("<g/>", svgsafe.MaxElements) + `</svg>`)); !errors.Is(err, svgsafe.ErrInvalid) {
		t.Errorf("an SVG of %d elements: %v, want ErrInvalid", svgsafe.MaxElements+1, err)
	}
	pad := `<svg>` + strings.Repeat(" ", svgsafe.MaxBytes-len(`<svg></svg>`)) + `</svg>`
	if _, _, err := svgsafe.Clean([]byte(pad)); err != nil {
		t.Errorf("an SVG of %d bytes: %v", len(pad), err)
	}
	ok := `<svg>` + strings.Repeat("<g>", svgsafe.MaxDepth-1) + strings.Repeat("</g>", svgsafe.MaxDepth-1) + `</svg>`
	if _, _, err := svgsafe.Clean([]byte(ok)); err != nil {
		t.Errorf("an SVG %d levels deep: %v", svgsafe.MaxDepth, err)
	}
}
