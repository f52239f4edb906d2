-- The upload of an MHTML snapshot (page_import.source_kind = 'mhtml_snapshot'). A side
-- table, so the seed table page_import keeps exactly its columns: what the client declared at
-- createPageImportUpload (file name, size, SHA-256), where the object goes, until when the
-- presigned PUT URL is valid, and when completePageImportUpload accepted it (NULL until then; the
-- sweeper fails Page Imports whose upload stays incomplete past the upload deadline).
CREATE TABLE page_import_upload (
    page_import_id varchar(255) PRIMARY KEY REFERENCES page_import (id) ON UPDATE CASCADE ON DELETE CASCADE,
    file_name varchar(255) NOT NULL,
    byte_size bigint NOT NULL CHECK (byte_size > 0),
    sha256 varchar(64) NOT NULL,
    object_key varchar(1000) NOT NULL,
    expires_at timestamptz NOT NULL,
    completed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- The sweeper's lookup: incomplete uploads, oldest first.
CREATE INDEX page_import_upload_incomplete_idx ON page_import_upload (created_at) WHERE completed_at IS NULL;
