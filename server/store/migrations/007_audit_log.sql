-- The audit trail: who changed what, when. One row per change of people's work or of the study's
-- set-up — annotations saved, submitted, reopened; gold saved, fixed, accepted, reopened; adjudication
-- started; accounts created or changed; samples drawn; assignments made or moved; imports. Written by
-- the service that makes the change, in the same transaction, so a change and its row stand or fall
-- together. Never a password, a judgement or an argument's text: the history tables keep the work.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  -- NULL for a change that belongs to no study (accounts are shared by every study).
  study_id INTEGER REFERENCES studies(id),
  -- The account that acted, by name at the time; NULL when the command line acted.
  actor TEXT,
  via TEXT NOT NULL CHECK (via IN ('app', 'cli')),
  -- A stable name such as 'annotation.submit' (shared/audit-api.ts lists them).
  action TEXT NOT NULL,
  -- What was changed: an argument id, a user name, a sample version, a file name.
  subject TEXT NOT NULL,
  -- A small JSON object: versions, statuses, roles, counts.
  details TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_by_study ON audit_log (study_id, id);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
