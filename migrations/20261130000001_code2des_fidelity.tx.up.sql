-- A side table of code2des (the seed table stays exactly as the seeds define it): the fidelity
-- scores of a completed job's result (docs/fidelity.md), written in the same transaction that
-- applies the completed-conversion callback, so the dashboard lists a job's score without
-- reading its artifacts. A result without a fidelity member leaves no row; a result whose preview
-- was not compared has a row with NULL ssim and diff_ratio.
CREATE TABLE code2des_fidelity (
    code2des_id varchar(255) PRIMARY KEY REFERENCES code2des (id) ON UPDATE CASCADE ON DELETE CASCADE,
    attempt integer NOT NULL,
    version integer NOT NULL,
    ssim double precision CHECK (ssim BETWEEN -1 AND 1),
    diff_ratio double precision CHECK (diff_ratio BETWEEN 0 AND 1),
    text_coverage double precision NOT NULL CHECK (text_coverage BETWEEN 0 AND 1),
    image_coverage double precision NOT NULL CHECK (image_coverage BETWEEN 0 AND 1),
    created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
);
