package results

import (
	"strconv"
	"sync"

	"github.com/hashicorp/golang-lru/v2/simplelru"

	"github.com/code2des/backend/models"
)

// cacheKey names one hydrated result. A completed job's result never changes (the callback
// UPDATE only moves a processing row, SPEC §6), and a new attempt writes under a new prefix, so the
// job id, the attempt and the pointer identify the bytes; the row's updated_at is not part of the
// key because materializing a job changes it without touching the result.
func cacheKey(job *models.Code2Des) string {
	return job.ID + "\x00" + strconv.Itoa(job.Attempt) + "\x00" + *job.ResultURL
}

// resultCache is a least-recently-used cache of hydrated results bounded by a byte budget (the
// estimated size of each result, dominated by its base64 and SVG text). Safe for concurrent use.
type resultCache struct {
	mu     sync.Mutex
	lru    *simplelru.LRU[string, cached]
	used   int64
	budget int64
}

type cached struct {
	result *models.Code2DesResult
	cost   int64
}

func newResultCache(budget int64) *resultCache {
	c := &resultCache{budget: budget}
	// The entry count bound only keeps the list finite; the byte budget evicts first in practice.
	c.lru, _ = simplelru.NewLRU[string, cached](maxCacheEntries, func(_ string, v cached) { c.used -= v.cost })
	return c
}

func (c *resultCache) get(key string) (*models.Code2DesResult, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.lru.Get(key)
	return v.result, ok
}

// add keeps r unless it alone is over the budget, evicting the least recently used results until
// the budget holds.
func (c *resultCache) add(key string, r *models.Code2DesResult) {
	cost := resultCost(r)
	if cost > c.budget {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lru.Contains(key) {
		return
	}
	c.lru.Add(key, cached{result: r, cost: cost})
	c.used += cost
	for c.used > c.budget {
		c.lru.RemoveOldest()
	}
}

func (c *resultCache) stats() (entries int, bytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len(), c.used
}

// resultCost estimates the bytes a result holds: its strings and slices plus a fixed overhead per
// object.
func resultCost(r *models.Code2DesResult) int64 {
	const perObject = 64
	n := int64(len(r.Root)+len(r.Styles)+len(r.Variables)+len(r.Code2DesID)+len(r.PageImportID)+len(r.CaptureHash)) + perObject
	for _, ws := range [][]*models.Code2DesWarning{r.Warnings, r.Diagnostics} {
		for _, w := range ws {
			n += int64(len(w.Code)+len(w.Message)) + perObject
			if w.NodeID != nil {
				n += int64(len(*w.NodeID))
			}
		}
	}
	for _, im := range r.Images {
		n += int64(len(im.Ref)+len(im.MimeType)+len(im.Sha256)) + perObject
		if im.Base64 != nil {
			n += int64(len(*im.Base64))
		}
		if im.Svg != nil {
			n += int64(len(*im.Svg))
		}
	}
	return n
}
