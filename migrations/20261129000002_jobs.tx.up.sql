-- page_import and code2des exactly as the seed tables define them (shared/seeds).
CREATE TYPE page_import_status AS ENUM ('0', '1', '2');

CREATE TABLE page_import (
    id varchar(255) PRIMARY KEY,
    organization_id bigint NOT NULL REFERENCES organization (id) ON UPDATE CASCADE ON DELETE CASCADE,
    project_id bigint NOT NULL REFERENCES project (id) ON UPDATE CASCADE ON DELETE CASCADE,
    source_kind varchar(32) NOT NULL DEFAULT 'public_url',
    source_url text NOT NULL,
    viewport_width integer NOT NULL,
    viewport_height integer NOT NULL,
    device_scale_factor real NOT NULL DEFAULT 1,
    ready_selector varchar(512),
    status page_import_status NOT NULL DEFAULT '0',
    attempt integer NOT NULL DEFAULT 1,
    nonce varchar(255) NOT NULL,
    result_url varchar(1000),
    capture_hash varchar(80),
    screenshot_url varchar(1000),
    error_message text,
    created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    deleted_at timestamptz,
    created_by varchar(50) NOT NULL,
    updated_by varchar(50) NOT NULL,
    deleted_by varchar(50)
);

CREATE INDEX page_import_project_status_idx ON page_import (project_id, status);
CREATE INDEX page_import_org_project_idx ON page_import (organization_id, project_id);

CREATE TYPE code2des_status AS ENUM ('0', '1', '2');

CREATE TABLE code2des (
    id varchar(255) PRIMARY KEY,
    organization_id bigint NOT NULL REFERENCES organization (id) ON UPDATE CASCADE ON DELETE CASCADE,
    project_id bigint NOT NULL REFERENCES project (id) ON UPDATE CASCADE ON DELETE CASCADE,
    page_import_id varchar(255) NOT NULL REFERENCES page_import (id) ON UPDATE CASCADE ON DELETE CASCADE,
    figma_file_key varchar(255) NOT NULL,
    screen_id varchar(255) NOT NULL,
    placement_target varchar(255),
    status code2des_status NOT NULL DEFAULT '0',
    attempt integer NOT NULL DEFAULT 1,
    nonce varchar(255) NOT NULL,
    result_url varchar(1000),
    warning_count integer,
    error_message text,
    materialized_at timestamptz,
    materialized_node_id varchar(255),
    created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    deleted_at timestamptz,
    created_by varchar(50) NOT NULL,
    updated_by varchar(50) NOT NULL,
    deleted_by varchar(50)
);

CREATE INDEX code2des_page_import_idx ON code2des (page_import_id);
CREATE INDEX code2des_project_status_idx ON code2des (project_id, status);
CREATE INDEX code2des_org_project_file_status_idx ON code2des (organization_id, project_id, figma_file_key, status);
