package graph

import (
	"bytes"
	"context"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/code2des/backend/models"
)

// PageImportFastPath writes Page Imports that select only plain fields (columns of the row, and
// viewport and hasScreenshot made from them) straight to the response, instead of letting gqlgen
// resolve each of their fields: gqlgen starts a goroutine per list element and, per field, a
// field context, a resolver call and a marshaler, which was most of the CPU of pageImports and
// pageImport(id). It applies to PageImportConnection.edges, Query.pageImport and
// Code2DesConnection.edges (with pageImport from the Page Imports its resolver read); the
// output is byte for byte gqlgen's (the same marshalers, in the selection's order, with its
// aliases, fragments and @skip/@include applied by graphql.CollectFields). Anything else — a field
// with a resolver (code2desJobs, screenshot), a deferred fragment, a value gqlgen would refuse (a
// zero time, a non-finite float), a nil element — is left to gqlgen, which then answers exactly as
// without this path (errors included).
//
// It is a gqlgen field interceptor: mount it with handler.Server.Use.
//
// What it replaces and buys (docs/benchmarks.md, "What stays"): gqlgen's executor for these
// fields. Without it the API's CPU per request was 4-5x (in process, BenchmarkSmallReads:
// pageImports(first: 20) 1,550-1,580 against 307 µs, code2desJobs { pageImport } 1,500-1,910
// against 443 µs; allocations 5,646 against 772 and 4,907 against 1,127 per request), and
// code2desJobs { pageImport } at 16 clients fell to 0.89x of PostGraphile against a 2x target.
//
// What a change touches: a new plain field of PageImport or Code2Des needs nothing here — a
// selection with a field this path does not know is left to gqlgen, so it answers correctly, at
// gqlgen's cost. To write it here too, add its case to writePageImport or writeCode2Des and its
// name to pageImportPlainFields or code2desPlainFields; server/app's
// TestPageImportFastPathWritesWhatGqlgenWrites then compares it with gqlgen's answer byte for
// byte.
type PageImportFastPath struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.FieldInterceptor
} = PageImportFastPath{}

// ExtensionName implements graphql.HandlerExtension.
func (PageImportFastPath) ExtensionName() string { return "PageImportFastPath" }

// Validate implements graphql.HandlerExtension.
func (PageImportFastPath) Validate(graphql.ExecutableSchema) error { return nil }

// InterceptField implements graphql.FieldInterceptor.
func (PageImportFastPath) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || fc.Field.Field == nil {
		return next(ctx)
	}
	switch {
	case fc.Object == "PageImportConnection" && fc.Field.Name == "edges":
		res, err := next(ctx)
		if err != nil {
			return res, err
		}
		edges, ok := res.([]*PageImportEdge)
		if !ok || !graphql.HasOperationContext(ctx) {
			return res, nil
		}
		if m := renderEdges(graphql.GetOperationContext(ctx), fc.Field.Selections, edges); m != nil {
			return graphql.WrapContextMarshaler(ctx, m), nil
		}
		return res, nil
	case fc.Object == "Code2DesConnection" && fc.Field.Name == "edges":
		res, err := next(ctx)
		if err != nil {
			return res, err
		}
		edges, ok := res.([]*Code2DesEdge)
		if !ok || !graphql.HasOperationContext(ctx) {
			return res, nil
		}
		l, _ := ctx.Value(loadersKey{}).(*Loaders)
		if m := renderCode2DesEdges(graphql.GetOperationContext(ctx), fc.Field.Selections, edges, l); m != nil {
			return graphql.WrapContextMarshaler(ctx, m), nil
		}
		return res, nil
	case fc.Object == "Query" && fc.Field.Name == "pageImport":
		res, err := next(ctx)
		if err != nil {
			return res, err
		}
		pi, ok := res.(*models.PageImport)
		if !ok || pi == nil || !graphql.HasOperationContext(ctx) {
			return res, nil
		}
		oc := graphql.GetOperationContext(ctx)
		fields := cachedPlan(oc, fc.Field.Selections, planPageImport, planPageImportObject).fields
		if fields == nil || !renderable(pi) {
			return res, nil
		}
		return graphql.WrapContextMarshaler(ctx, graphql.ContextWriterFunc(func(ctx context.Context, w io.Writer) error {
			return writeRendered(ctx, w, func(ctx context.Context, w io.Writer) error {
				return writePageImport(ctx, w, fields, pi)
			})
		})), nil
	}
	return next(ctx)
}

var (
	pageImportEdgeType = []string{"PageImportEdge"}
	pageImportType     = []string{"PageImport"}
	viewportType       = []string{"Viewport"}
)

// renderEdges returns the marshaler of edges, or nil when gqlgen must resolve them.
func renderEdges(oc *graphql.OperationContext, sel ast.SelectionSet, edges []*PageImportEdge) graphql.ContextWriterFunc {
	edgeFields := cachedPlan(oc, sel, planPageImportEdges, planEdges).fields
	if edgeFields == nil {
		return nil
	}
	for _, e := range edges {
		if e == nil || e.Node == nil || !renderable(e.Node) {
			return nil
		}
	}
	return withRenderBuffer(func(ctx context.Context, w io.Writer) error {
		return writeEdgeList(w, edgeFields, len(edges), "PageImportEdge",
			func(k int) string { return edges[k].Cursor },
			func(k int, sub *selection) error { return writePageImport(ctx, w, sub, edges[k].Node) })
	})
}

// planEdges is the plan of a PageImportConnection's edges (nil fields: left to gqlgen).
func planEdges(oc *graphql.OperationContext, sel ast.SelectionSet) plan {
	edgeFields := newSelection(graphql.CollectFields(oc, sel, pageImportEdgeType), true)
	for i, f := range edgeFields.fields {
		if f.IsDeferred() {
			return plan{}
		}
		switch f.Name {
		case "__typename", "cursor":
		case "node":
			fields, ok := plainPageImportFields(oc, f.Selections, true)
			if !ok {
				return plan{}
			}
			edgeFields.subs[i] = fields
		default:
			return plan{}
		}
	}
	return plan{fields: edgeFields}
}

// writeEdgeList writes a JSON list of n edges of type typename with the selected edge fields
// (__typename, cursor, node): cursor gives edge k's cursor and node writes edge k's node with the
// node field's selection.
func writeEdgeList(w io.Writer, edgeFields *selection, n int, typename string, cursor func(k int) string, node func(k int, sub *selection) error) error {
	_, _ = io.WriteString(w, "[")
	for k := range n {
		if k > 0 {
			_, _ = io.WriteString(w, ",")
		}
		_, _ = io.WriteString(w, "{")
		for i, f := range edgeFields.fields {
			edgeFields.writeKey(w, i)
			switch f.Name {
			case "__typename":
				graphql.MarshalString(typename).MarshalGQL(w)
			case "cursor":
				graphql.MarshalString(cursor(k)).MarshalGQL(w)
			case "node":
				if err := node(k, edgeFields.subs[i]); err != nil {
					return err
				}
			}
		}
		_, _ = io.WriteString(w, "}")
	}
	_, _ = io.WriteString(w, "]")
	return nil
}

var code2desEdgeType, code2desType = []string{"Code2DesEdge"}, []string{"Code2Des"}

// renderCode2DesEdges is renderEdges for a page of Code2Des jobs. Their pageImport is written
// from the Page Imports the connection resolver read for the page (primePageImports), with the
// same plain-field rule; a job whose import was not read that way leaves the page to gqlgen.
func renderCode2DesEdges(oc *graphql.OperationContext, sel ast.SelectionSet, edges []*Code2DesEdge, l *Loaders) graphql.ContextWriterFunc {
	p := cachedPlan(oc, sel, planCode2DesEdgesKind, planCode2DesEdges)
	edgeFields, needImports := p.fields, p.needImports
	if edgeFields == nil || (needImports && l == nil) {
		return nil
	}
	imports := make([]*models.PageImport, len(edges))
	for k, e := range edges {
		// gqlgen's MarshalTime refuses a zero time: such a job is left to gqlgen and its error.
		if e == nil || e.Node == nil || e.Node.CreatedAt.IsZero() || e.Node.UpdatedAt.IsZero() {
			return nil
		}
		if needImports {
			pi, ok := l.primedPageImport(e.Node.PageImportID)
			if !ok || (pi != nil && !renderable(pi)) {
				return nil
			}
			imports[k] = pi
		}
	}
	return withRenderBuffer(func(ctx context.Context, w io.Writer) error {
		return writeEdgeList(w, edgeFields, len(edges), "Code2DesEdge",
			func(k int) string { return edges[k].Cursor },
			func(k int, sub *selection) error { return writeCode2Des(ctx, w, sub, edges[k].Node, imports[k]) })
	})
}

// planCode2DesEdges is the plan of a Code2DesConnection's edges (nil fields: left to gqlgen);
// needImports: a node selects pageImport.
func planCode2DesEdges(oc *graphql.OperationContext, sel ast.SelectionSet) plan {
	// edgeFields.subs[i]: the Code2Des fields of node field i, and their subs[j] the PageImport
	// fields of its j-th field when it is pageImport.
	edgeFields := newSelection(graphql.CollectFields(oc, sel, code2desEdgeType), true)
	needImports := false
	for i, f := range edgeFields.fields {
		if f.IsDeferred() {
			return plan{}
		}
		switch f.Name {
		case "__typename", "cursor":
		case "node":
			fields := newSelection(graphql.CollectFields(oc, f.Selections, code2desType), true)
			for j, nf := range fields.fields {
				if nf.IsDeferred() {
					return plan{}
				}
				if code2desPlainFields[nf.Name] {
					continue
				}
				if nf.Name != "pageImport" {
					return plan{}
				}
				pf, ok := plainPageImportFields(oc, nf.Selections, true)
				if !ok {
					return plan{}
				}
				fields.subs[j] = pf
				needImports = true
			}
			edgeFields.subs[i] = fields
		default:
			return plan{}
		}
	}
	return plan{fields: edgeFields, needImports: needImports}
}

// code2desPlainFields are the Code2Des fields the fast path writes from the job's row
// (writeCode2Des); a selection with any other field is left to gqlgen.
var code2desPlainFields = map[string]bool{
	"__typename": true, "id": true, "projectId": true, "organizationId": true, "pageImportId": true,
	"figmaFileKey": true, "screenId": true, "placementTarget": true, "status": true, "attempt": true,
	"warningCount": true, "errorMessage": true, "materializedAt": true, "materializedNodeId": true,
	"createdAt": true, "updatedAt": true, "createdBy": true,
}

// pageImportPlainFields are the PageImport fields the fast path writes (writePageImport); a
// selection with any other field is left to gqlgen.
var pageImportPlainFields = map[string]bool{
	"__typename": true, "id": true, "projectId": true, "organizationId": true, "sourceKind": true,
	"sourceUrl": true, "viewport": true, "deviceScaleFactor": true, "readySelector": true, "status": true,
	"attempt": true, "captureHash": true, "hasScreenshot": true, "errorMessage": true, "createdAt": true,
	"updatedAt": true, "createdBy": true,
}

// writeCode2Des writes job's fields as gqlgen's generated _Code2Des does; pageImport is pi
// (null when nil) written with sel.subs[j].
func writeCode2Des(ctx context.Context, w io.Writer, sel *selection, job *models.Code2Des, pi *models.PageImport) error {
	_, _ = io.WriteString(w, "{")
	for j, f := range sel.fields {
		sel.writeKey(w, j)
		switch f.Name {
		case "__typename":
			graphql.MarshalString("Code2Des").MarshalGQL(w)
		case "id":
			graphql.MarshalID(job.ID).MarshalGQL(w)
		case "projectId":
			writeInt64ID(w, job.ProjectID)
		case "organizationId":
			writeInt64ID(w, job.OrganizationID)
		case "pageImportId":
			graphql.MarshalID(job.PageImportID).MarshalGQL(w)
		case "pageImport":
			if pi == nil {
				graphql.Null.MarshalGQL(w)
			} else if err := writePageImport(ctx, w, sel.subs[j], pi); err != nil {
				return err
			}
		case "figmaFileKey":
			graphql.MarshalString(job.FigmaFileKey).MarshalGQL(w)
		case "screenId":
			graphql.MarshalString(job.ScreenID).MarshalGQL(w)
		case "placementTarget":
			writeOptionalString(w, job.PlacementTarget)
		case "status":
			job.Status.MarshalGQL(w)
		case "attempt":
			graphql.MarshalInt(job.Attempt).MarshalGQL(w)
		case "warningCount":
			if job.WarningCount == nil {
				graphql.Null.MarshalGQL(w)
			} else {
				graphql.MarshalInt(*job.WarningCount).MarshalGQL(w)
			}
		case "errorMessage":
			writeOptionalString(w, job.ErrorMessage)
		case "materializedAt":
			if job.MaterializedAt == nil {
				graphql.Null.MarshalGQL(w)
			} else {
				writeTime(w, *job.MaterializedAt)
			}
		case "materializedNodeId":
			writeOptionalString(w, job.MaterializedNodeID)
		case "createdAt":
			writeTime(w, job.CreatedAt)
		case "updatedAt":
			writeTime(w, job.UpdatedAt)
		case "createdBy":
			graphql.MarshalString(job.CreatedBy).MarshalGQL(w)
		}
	}
	_, _ = io.WriteString(w, "}")
	return nil
}

// planPageImportObject is the plan of a single Page Import's selection (nil fields: left to
// gqlgen).
func planPageImportObject(oc *graphql.OperationContext, sel ast.SelectionSet) plan {
	fields, ok := plainPageImportFields(oc, sel, false)
	if !ok {
		return plan{}
	}
	return plan{fields: fields}
}

// plainPageImportFields collects the fields selected on a PageImport (and those of its viewport
// fields in subs) and reports whether each is one this path writes (pageImportPlainFields, no
// deferral). With list, the keys are written once for all the objects (newSelection).
func plainPageImportFields(oc *graphql.OperationContext, sel ast.SelectionSet, list bool) (*selection, bool) {
	fields := newSelection(graphql.CollectFields(oc, sel, pageImportType), list)
	for i, f := range fields.fields {
		if f.IsDeferred() || !pageImportPlainFields[f.Name] {
			return nil, false
		}
		if f.Name == "viewport" {
			viewport := newSelection(graphql.CollectFields(oc, f.Selections, viewportType), list)
			for _, v := range viewport.fields {
				if v.IsDeferred() || (v.Name != "__typename" && v.Name != "width" && v.Name != "height") {
					return nil, false
				}
			}
			fields.subs[i] = viewport
		}
	}
	return fields, len(fields.fields) > 0
}

// renderable reports whether every value this path writes of pi is one gqlgen writes without an
// error (graphql.MarshalTime refuses a zero time, MarshalFloatContext a non-finite float).
func renderable(pi *models.PageImport) bool {
	return !pi.CreatedAt.IsZero() && !pi.UpdatedAt.IsZero() &&
		!math.IsNaN(pi.DeviceScaleFactor) && !math.IsInf(pi.DeviceScaleFactor, 0)
}

// writePageImport writes pi's fields as gqlgen's generated _PageImport does, with the marshalers
// generated.go uses for each field.
func writePageImport(ctx context.Context, w io.Writer, sel *selection, pi *models.PageImport) error {
	_, _ = io.WriteString(w, "{")
	for i, f := range sel.fields {
		sel.writeKey(w, i)
		switch f.Name {
		case "__typename":
			graphql.MarshalString("PageImport").MarshalGQL(w)
		case "id":
			graphql.MarshalID(pi.ID).MarshalGQL(w)
		case "projectId":
			writeInt64ID(w, pi.ProjectID)
		case "organizationId":
			writeInt64ID(w, pi.OrganizationID)
		case "sourceKind":
			graphql.MarshalString(pi.SourceKind).MarshalGQL(w)
		case "sourceUrl":
			graphql.MarshalString(pi.SourceURL).MarshalGQL(w)
		case "viewport":
			_, _ = io.WriteString(w, "{")
			viewport := sel.subs[i]
			for j, v := range viewport.fields {
				viewport.writeKey(w, j)
				switch v.Name {
				case "__typename":
					graphql.MarshalString("Viewport").MarshalGQL(w)
				case "width":
					graphql.MarshalInt(pi.ViewportWidth).MarshalGQL(w)
				case "height":
					graphql.MarshalInt(pi.ViewportHeight).MarshalGQL(w)
				}
			}
			_, _ = io.WriteString(w, "}")
		case "deviceScaleFactor":
			if err := writeFloat(ctx, w, pi.DeviceScaleFactor); err != nil {
				return err
			}
		case "readySelector":
			writeOptionalString(w, pi.ReadySelector)
		case "status":
			pi.Status.MarshalGQL(w)
		case "attempt":
			graphql.MarshalInt(pi.Attempt).MarshalGQL(w)
		case "captureHash":
			writeOptionalString(w, pi.CaptureHash)
		case "hasScreenshot":
			_, _ = io.WriteString(w, strconv.FormatBool(pi.HasScreenshot())) // graphql.MarshalBoolean's bytes, without its two allocations
		case "errorMessage":
			writeOptionalString(w, pi.ErrorMessage)
		case "createdAt":
			writeTime(w, pi.CreatedAt)
		case "updatedAt":
			writeTime(w, pi.UpdatedAt)
		case "createdBy":
			graphql.MarshalString(pi.CreatedBy).MarshalGQL(w)
		}
	}
	_, _ = io.WriteString(w, "}")
	return nil
}

// selection is a collected field list; subs[i] is the selection of field i where it has one that
// this path writes (viewport, pageImport). For the objects of a list, keys holds each field's key
// as graphql.FieldSet writes it (`"alias":`, after a comma for every field but the first),
// written once for all of them rather than once per object.
type selection struct {
	fields []graphql.CollectedField
	keys   []string // nil: written per object
	subs   []*selection
}

// newSelection returns the selection of fields, with its keys written in advance when list is set.
func newSelection(fields []graphql.CollectedField, list bool) *selection {
	s := &selection{fields: fields, subs: make([]*selection, len(fields))}
	if !list {
		return s
	}
	s.keys = make([]string, len(fields))
	// One string holds every key; keys[i] are slices of it.
	var b strings.Builder
	ends := make([]int, len(fields))
	for i, f := range fields {
		writeKey(&b, i, f.Alias)
		ends[i] = b.Len()
	}
	all, start := b.String(), 0
	for i, end := range ends {
		s.keys[i], start = all[start:end], end
	}
	return s
}

// writeKey writes the key of field i.
func (s *selection) writeKey(w io.Writer, i int) {
	if s.keys != nil {
		_, _ = io.WriteString(w, s.keys[i])
		return
	}
	writeKey(w, i, s.fields[i].Alias)
}

// renderBuffers holds the buffers withRenderBuffer renders into.
var renderBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// MaxPooledRenderBuffer is the largest render buffer kept for the next request (a page of 100
// Page Imports with every field is about 70 KiB); a larger one is left to the garbage collector.
const MaxPooledRenderBuffer = 1 << 20

// renderTailRoom is what withRenderBuffer leaves free in the response buffer after the rendered
// bytes, for what gqlgen writes after them (pageInfo, closing braces), so that the response buffer
// need not grow again.
const renderTailRoom = 512

// withRenderBuffer returns render as a marshaler that writes into a pooled buffer first when w
// is gqlgen's response buffer (a *bytes.Buffer), then grows the response buffer once to hold it
// and copies it there: gqlgen's executor starts that buffer empty, and growing it by doubling
// while a page was written was a quarter of all bytes allocated by code2desJobs. The
// bytes written are the same.
func withRenderBuffer(render graphql.ContextWriterFunc) graphql.ContextWriterFunc {
	return func(ctx context.Context, w io.Writer) error { return writeRendered(ctx, w, render) }
}

func writeRendered(ctx context.Context, w io.Writer, render graphql.ContextWriterFunc) error {
	out, ok := w.(*bytes.Buffer)
	if !ok {
		return render(ctx, w)
	}
	buf := renderBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	err := render(ctx, buf)
	out.Grow(buf.Len() + renderTailRoom)
	_, _ = out.Write(buf.Bytes())
	if keepRenderBuffer(buf) {
		renderBuffers.Put(buf)
	}
	return err
}

// keepRenderBuffer reports whether buf goes back to renderBuffers (at most MaxPooledRenderBuffer).
func keepRenderBuffer(buf *bytes.Buffer) bool { return buf.Cap() <= MaxPooledRenderBuffer }

// writeKey writes the i-th key of an object, as graphql.FieldSet does.
func writeKey(w io.Writer, i int, alias string) {
	if i > 0 {
		_, _ = io.WriteString(w, ",")
	}
	graphql.MarshalString(alias).MarshalGQL(w)
	_, _ = io.WriteString(w, ":")
}

// writeFloat writes f as graphql.MarshalFloatContext does (fmt's %g, which is strconv's shortest
// 'g' form; its error for a non-finite f) without boxing f for fmt when w is a bytes.Buffer (the
// render buffer): one allocation per Page Import of a page.
func writeFloat(ctx context.Context, w io.Writer, f float64) error {
	b, ok := w.(*bytes.Buffer)
	if !ok || math.IsInf(f, 0) || math.IsNaN(f) {
		return graphql.MarshalFloatContext(f).MarshalGQLContext(ctx, w)
	}
	b.Write(strconv.AppendFloat(b.AvailableBuffer(), f, 'g', -1, 64))
	return nil
}

// writeTime writes t as graphql.MarshalTime does (strconv.Quote of its RFC 3339 form with
// nanoseconds, null for the zero time) without its three allocations when w is a bytes.Buffer (the
// render buffer): that form is ASCII digits, letters and "-:.+", which quoting leaves as they are.
func writeTime(w io.Writer, t time.Time) {
	b, ok := w.(*bytes.Buffer)
	if !ok || t.IsZero() {
		graphql.MarshalTime(t).MarshalGQL(w)
		return
	}
	b.WriteByte('"')
	b.Write(t.AppendFormat(b.AvailableBuffer(), time.RFC3339Nano))
	b.WriteByte('"')
}

func writeOptionalString(w io.Writer, s *string) {
	if s == nil {
		graphql.Null.MarshalGQL(w)
		return
	}
	graphql.MarshalString(*s).MarshalGQL(w)
}
