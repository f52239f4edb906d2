package preview_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/preview"
)

// The preview keeps its own copy of the result types (worker/convert imports the preview for its
// self-check). Every member the preview reads must be one the conversion writes, with the same
// JSON name and the same kind of value, down every nested object and list: a member renamed on
// one side only would otherwise be read as absent and drawn wrong without an error.
//
// readOnly are the members the preview reads that the reference conversion never writes, each
// for its reason, by the preview's type and member.
var readOnly = map[string]string{
	"node.vectorPaths": "in the result schema (docs/schemas/result.schema.json) for other producers; the reference conversion writes SVG nodes instead",
	"node.visible":     "Figma's SceneNode.visible, honoured when a producer writes it",
	"paint.visible":    "Figma's Paint.visible, honoured when a producer writes it",
	"paint.blendMode":  "Figma's Paint.blendMode, honoured when a producer writes it",
	"rgba.a":           "one RGBA type reads both a solid paint's colour (no alpha: opacity is apart) and a gradient stop's",
}

func TestPreviewReadsTheMembersConvertWrites(t *testing.T) {
	compareMembers(t, map[[2]reflect.Type]bool{}, "result", reflect.TypeFor[preview.ResultForTest](), reflect.TypeFor[resultjson.Result]())
}

// compareMembers reports every member of read missing from written or of another kind; seen
// stops at types already compared (a node's children are nodes).
func compareMembers(t *testing.T, seen map[[2]reflect.Type]bool, path string, read, written reflect.Type) {
	t.Helper()
	read, written = deref(read), deref(written)
	if seen[[2]reflect.Type{read, written}] {
		return
	}
	seen[[2]reflect.Type{read, written}] = true
	if kindOf(read) != kindOf(written) {
		t.Errorf("%s: the preview reads a %s, the conversion writes a %s", path, kindOf(read), kindOf(written))
		return
	}
	switch read.Kind() {
	case reflect.Slice, reflect.Array:
		compareMembers(t, seen, path+"[]", read.Elem(), written.Elem())
	case reflect.Struct:
		members := jsonMembers(written)
		for name, f := range jsonMembers(read) {
			w, ok := members[name]
			if !ok && readOnly[read.Name()+"."+name] != "" {
				continue
			}
			if !ok {
				t.Errorf("%s.%s: read by the preview, never written by the conversion", path, name)
				continue
			}
			compareMembers(t, seen, path+"."+name, f.Type, w.Type)
		}
	}
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// kindOf is the kind of JSON value a Go type reads or writes.
func kindOf(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8,
		reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		return "list"
	case reflect.Struct, reflect.Map:
		return "object"
	}
	return t.Kind().String()
}

// jsonMembers are t's fields by JSON member name (embedded structs' fields included).
func jsonMembers(t reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous || !f.IsExported() && f.Tag.Get("json") == "" {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f
	}
	return out
}
