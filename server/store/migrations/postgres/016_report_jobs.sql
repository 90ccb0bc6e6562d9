-- PostgreSQL translation of ../016_report_jobs.sql: the same tables, columns, keys and constraints (docs/POSTGRESQL-DIALECT.md).
--
-- Report jobs (POST/GET/DELETE /api/studies/:study/report/jobs, server/services/report/report-center.ts)
-- kept in the database, not in a server's memory (issue 26), so that every app server behind a load
-- balancer answers for every job: the server that took a job computes it in its worker and writes its
-- progress here (throttled), reads `cancel_requested` as it does, and writes the outcome — the report's
-- text in `result` once done. Any server answers a poll from the row and cancels by setting the flag.
-- `updated_at` is the running server's heartbeat: a running job without one for a minute is marked
-- failed (its server died). `progress` and `error` are JSON text; `kind` leaves room for other jobs.
CREATE TABLE report_jobs (
  id TEXT PRIMARY KEY,
  study_id bigint NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL DEFAULT 'report' CHECK (kind IN ('report')),
  format TEXT NOT NULL CHECK (format IN ('json', 'md', 'html')),
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancelled')),
  progress TEXT NOT NULL,
  cached bigint NOT NULL DEFAULT 0 CHECK (cached IN (0, 1)),
  cancel_requested bigint NOT NULL DEFAULT 0 CHECK (cancel_requested IN (0, 1)),
  error TEXT,
  result TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT
);

CREATE INDEX report_jobs_status ON report_jobs(status, study_id);
