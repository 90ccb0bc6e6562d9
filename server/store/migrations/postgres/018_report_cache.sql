-- PostgreSQL translation of ../018_report_cache.sql: the same tables, columns, keys and constraints (docs/POSTGRESQL-DIALECT.md).
--
-- The report cache (server/services/report/report-cache.ts) kept in the database, not in a server's
-- memory (issue 26): a rendered report per study and settings (`settings`: the format and every option
-- that changes the report, as JSON), with the report revision (migration 011) it was computed at. An
-- entry is served only at that revision, so every app server serves the bytes one of them computed —
-- the same `generated_at` too. Bounded by entries and bytes (`bytes`, the body's UTF-8 length); the
-- oldest computed go first, and entries of an older revision go when a newer one is stored
-- (docs/decisions/024-the-report-cache-in-the-database.md).
CREATE TABLE report_cache (
  study_id bigint NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  settings TEXT NOT NULL CHECK (length(settings) <= 4096),
  revision bigint NOT NULL CHECK (revision >= 0),
  body TEXT NOT NULL,
  bytes bigint NOT NULL CHECK (bytes >= 0),
  generated_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (study_id, settings)
);

CREATE INDEX report_cache_created ON report_cache(created_at);
