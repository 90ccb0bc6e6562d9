-- PostgreSQL translation of ../017_coverage_jobs.sql: the same tables, columns, keys and constraints (docs/POSTGRESQL-DIALECT.md).
--
-- Coverage-check jobs (POST/GET/DELETE /api/studies/:study/coverage/jobs,
-- server/services/coverage/coverage-center.ts) kept in the database, not in a server's memory (issue 26),
-- as report jobs are (migration 016): the server that took a job runs it in its worker thread, writes its
-- progress here (throttled) with `updated_at` as its heartbeat, reads `cancel_requested` as it does, and
-- writes the outcome — `check_id`, the stored check, once done. Any server answers a poll from the row and
-- cancels by setting the flag. One check runs at a time over every server: the start reads the running
-- jobs and inserts its own in one transaction. A running job without a heartbeat for a minute is marked
-- failed (its server died). `progress`, `parameters` and `error` are JSON text.
CREATE TABLE coverage_jobs (
  id TEXT PRIMARY KEY,
  study_id bigint NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancelled')),
  progress TEXT NOT NULL CHECK (length(progress) <= 4096),
  parameters TEXT NOT NULL CHECK (length(parameters) <= 4096),
  cancel_requested bigint NOT NULL DEFAULT 0 CHECK (cancel_requested IN (0, 1)),
  error TEXT CHECK (length(error) <= 4096),
  check_id bigint REFERENCES coverage_checks(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT
);

CREATE INDEX coverage_jobs_status ON coverage_jobs(status, study_id);
