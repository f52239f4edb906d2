-- The lists pageImports and code2desJobs: a project's non-deleted jobs newest first,
-- `organization_id = (visible project's organization) AND project_id = $n AND deleted_at IS NULL
-- ORDER BY id DESC LIMIT size+1`, and `id < cursor` for later pages. No seed index gives that order
-- for one project, so PostgreSQL walked the primary key backwards and filtered out the other
-- projects' rows: on the bench's ten projects about 250 rows for a page of 21, and for a project
-- whose jobs are all old, every newer row of the table. A partial index on (organization_id,
-- project_id, id) over the non-deleted rows reads exactly the page: its equality columns are the
-- list's two predicates and id is the keyset order and cursor bound (scanned backwards). The
-- organization leads, as in the seeds' own indexes. Indexes only; the seed tables' columns are
-- unchanged.
CREATE INDEX page_import_org_project_id_idx ON page_import (organization_id, project_id, id)
    WHERE deleted_at IS NULL;
CREATE INDEX code2des_org_project_id_idx ON code2des (organization_id, project_id, id)
    WHERE deleted_at IS NULL;
