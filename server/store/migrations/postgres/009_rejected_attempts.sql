-- PostgreSQL translation of ../009_rejected_attempts.sql: the same tables, columns, keys and constraints (docs/POSTGRESQL-DIALECT.md).
--
-- A rejected save (a stale version: action 'conflict') is kept in the histories as its SHA-256 and size,
-- not as the whole judgement it carried. Fifty stale saves with a 1.9 MB comment once grew the
-- database by 95 MB; the attempt itself is never lost (the client keeps it as a local draft), and its
-- digest still shows what was sent and lets a draft be matched to it. Every accepted change (save,
-- submit, fix, reopen, accept, import, demo) stays in the history in full.
--
-- judgement (and gold_history.decisions) become nullable: NULL exactly for a rejected attempt kept as
-- rejected_sha256 (hex SHA-256 of the JSON the server would have stored) and rejected_bytes (its
-- length in UTF-8 bytes). Conflict rows written before this migration keep their whole judgement.
-- (../009_rejected_attempts.sql rebuilds both tables because SQLite cannot drop NOT NULL in place;
-- PostgreSQL alters them, which leaves the same tables, and their triggers and indexes stay as they are.)

ALTER TABLE annotation_history ALTER COLUMN judgement DROP NOT NULL;
ALTER TABLE annotation_history
  ADD COLUMN rejected_sha256 TEXT CHECK (rejected_sha256 IS NULL OR length(rejected_sha256) = 64);
ALTER TABLE annotation_history
  ADD COLUMN rejected_bytes bigint CHECK (rejected_bytes IS NULL OR rejected_bytes >= 0);
ALTER TABLE annotation_history ADD CHECK (
  (judgement IS NOT NULL AND rejected_sha256 IS NULL AND rejected_bytes IS NULL)
  OR (action = 'conflict' AND judgement IS NULL AND rejected_sha256 IS NOT NULL AND rejected_bytes IS NOT NULL)
);

ALTER TABLE gold_history ALTER COLUMN judgement DROP NOT NULL;
ALTER TABLE gold_history ALTER COLUMN decisions DROP NOT NULL;
-- The digest and size of the rejected {judgement, decisions}, as for annotation_history.
ALTER TABLE gold_history
  ADD COLUMN rejected_sha256 TEXT CHECK (rejected_sha256 IS NULL OR length(rejected_sha256) = 64);
ALTER TABLE gold_history
  ADD COLUMN rejected_bytes bigint CHECK (rejected_bytes IS NULL OR rejected_bytes >= 0);
ALTER TABLE gold_history ADD CHECK (
  (judgement IS NOT NULL AND decisions IS NOT NULL AND rejected_sha256 IS NULL AND rejected_bytes IS NULL)
  OR (action = 'conflict' AND judgement IS NULL AND decisions IS NULL
      AND rejected_sha256 IS NOT NULL AND rejected_bytes IS NOT NULL)
);
