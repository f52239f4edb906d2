-- A side table of page_import (the seed table stays exactly as the seeds define it): the failure
-- code a capture worker sends with its failed callback (error_code: PAGE_CRASHED,
-- NOT_A_WEB_PAGE, ...; docs/workers.md §5), written in the same transaction that applies the
-- failed callback and shown as PageImport.errorCode. A failure without a code leaves no row.
CREATE TABLE page_import_failure (
    page_import_id varchar(255) PRIMARY KEY REFERENCES page_import (id) ON UPDATE CASCADE ON DELETE CASCADE,
    attempt integer NOT NULL,
    error_code varchar(64) NOT NULL CHECK (error_code ~ '^[A-Z][A-Z0-9_]*$'),
    created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
);
