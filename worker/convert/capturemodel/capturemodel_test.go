package capturemodel_test

import (
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
)

// TestDarkColorsRead: with a dark read, every element counts as read but those a second load
// could not read (dark_colors_unread); without one, none does.
func TestDarkColorsRead(t *testing.T) {
	leaf := func(tag string) *capturemodel.DOMNode { return &capturemodel.DOMNode{Type: "element", Tag: tag} }
	a, b := leaf("p"), leaf("div")
	root := &capturemodel.DOMNode{Type: "element", Tag: "html", Children: []*capturemodel.DOMNode{a, b}}
	d := &capturemodel.Document{Root: root, DarkCustomProperties: []capturemodel.CustomProperty{}, DarkColorsUnread: []int{2, 99}}
	read := d.DarkColorsRead()
	if !read(root) || !read(a) || read(b) {
		t.Errorf("read: root %v, p %v, div %v; want true, true, false (index 2 unread)", read(root), read(a), read(b))
	}
	d.DarkCustomProperties = nil
	if read := d.DarkColorsRead(); read(root) || read(a) {
		t.Error("an element of a capture without a dark read counts as read")
	}
}
