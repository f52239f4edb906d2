package graph

import (
	"github.com/code2des/backend/models"
)

// parseInt64ID reads a bigint id argument (projectId), naming field in the error.
func parseInt64ID(field, s string) (int64, error) {
	id, err := UnmarshalInt64ID(s)
	if err != nil {
		return 0, models.InputError(field, "must be a positive integer id")
	}
	return id, nil
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func pageInfo(cursors []string, hasNext, hasPrev bool) *PageInfo {
	info := &PageInfo{HasNextPage: hasNext, HasPreviousPage: hasPrev}
	if n := len(cursors); n > 0 {
		info.StartCursor = &cursors[0]
		info.EndCursor = &cursors[n-1]
	}
	return info
}

// The connections allocate their edges in one array (one allocation per page, not per edge).

func pageImportConnection(p *models.PageImportPage) *PageImportConnection {
	edges, vals := make([]*PageImportEdge, len(p.Items)), make([]PageImportEdge, len(p.Items))
	for i, item := range p.Items {
		vals[i] = PageImportEdge{Node: item, Cursor: p.Cursors[i]}
		edges[i] = &vals[i]
	}
	return &PageImportConnection{Edges: edges, PageInfo: pageInfo(p.Cursors, p.HasNextPage, p.HasPreviousPage)}
}

func code2desConnection(p *models.Code2DesPage) *Code2DesConnection {
	edges, vals := make([]*Code2DesEdge, len(p.Items)), make([]Code2DesEdge, len(p.Items))
	for i, item := range p.Items {
		vals[i] = Code2DesEdge{Node: item, Cursor: p.Cursors[i]}
		edges[i] = &vals[i]
	}
	return &Code2DesConnection{Edges: edges, PageInfo: pageInfo(p.Cursors, p.HasNextPage, p.HasPreviousPage)}
}
