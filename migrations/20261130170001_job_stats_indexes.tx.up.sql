-- projectJobStats: counts of a project's non-deleted jobs by status over a window of
-- created_at. The seed indexes lead with (project_id, status) and cannot bound created_at, so each
-- table gets a partial index on (project_id, created_at) that also carries status: the count is an
-- index-only scan of the window's entries. Indexes only; the seed tables' columns are unchanged.
CREATE INDEX page_import_project_created_idx ON page_import (project_id, created_at) INCLUDE (status)
    WHERE deleted_at IS NULL;
CREATE INDEX code2des_project_created_idx ON code2des (project_id, created_at) INCLUDE (status)
    WHERE deleted_at IS NULL;
