-- periodic_task: one row per periodic task (the sweeper, ...), so that several API instances run
-- each task once per interval between them (server/periodic). A side table: the seed tables are
-- unchanged.
CREATE TABLE periodic_task (
    name varchar(100) PRIMARY KEY,
    last_run_at timestamptz NOT NULL,
    last_run_by varchar(255) NOT NULL,
    runs bigint NOT NULL DEFAULT 1
);
