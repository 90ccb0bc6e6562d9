-- A coverage check (issue 17, `simulate coverage`): a Monte-Carlo study of the report's intervals under
-- a study's own design, started from the report screen or the CLI, kept so the report's appendix can
-- state it. `design_fingerprint` is the SHA-256 of the scenario the simulation estimated from the
-- study (server/services/simulation/design-fingerprint.ts): the report compares it with the study's
-- current one and calls the check stale when the sample or the gold changed since. `report_revision`
-- is the revision (migration 011) of the data the scenario was estimated from, for the record.
-- `parameters` (R, B, seed, …) and `result` (the coverage summary) are JSON, both bounded here as
-- well as by the code that writes them. `created_by` is the admin who started it from the screen, or
-- NULL for the CLI (`source` says which).
CREATE TABLE coverage_checks (
  id INTEGER PRIMARY KEY,
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  design_fingerprint TEXT NOT NULL CHECK (length(design_fingerprint) = 64),
  report_revision INTEGER NOT NULL CHECK (report_revision >= 0),
  parameters TEXT NOT NULL CHECK (json_valid(parameters) AND length(parameters) <= 4096),
  result TEXT NOT NULL CHECK (json_valid(result) AND length(result) <= 262144),
  source TEXT NOT NULL CHECK (source IN ('screen', 'cli')),
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX coverage_checks_study ON coverage_checks (study_id, id);

-- The report's appendix shows the latest check: storing or removing one changes the report, so its
-- cached copies must go (report-cache.ts serves an entry only at the revision it was computed at).
CREATE TRIGGER report_revision_coverage_checks_insert AFTER INSERT ON coverage_checks BEGIN UPDATE report_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER report_revision_coverage_checks_delete AFTER DELETE ON coverage_checks BEGIN UPDATE report_revision SET revision = revision + 1 WHERE id = 1; END;
