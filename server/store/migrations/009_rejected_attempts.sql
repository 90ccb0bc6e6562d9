-- A rejected save (a stale version: action 'conflict') is kept in the histories as its SHA-256 and size,
-- not as the whole judgement it carried. Fifty stale saves with a 1.9 MB comment once grew the
-- database by 95 MB; the attempt itself is never lost (the client keeps it as a local draft), and its
-- digest still shows what was sent and lets a draft be matched to it. Every accepted change (save,
-- submit, fix, reopen, accept, import, demo) stays in the history in full.
--
-- judgement (and gold_history.decisions) become nullable: NULL exactly for a rejected attempt kept as
-- rejected_sha256 (hex SHA-256 of the JSON the server would have stored) and rejected_bytes (its
-- length in UTF-8 bytes). Conflict rows written before this migration keep their whole judgement.
-- SQLite cannot drop NOT NULL in place, so both tables are rebuilt (as migration 005 rebuilt
-- assignments): no table references them, and DROP TABLE fires no DELETE trigger. Their append-only
-- triggers and indexes are created again unchanged.

CREATE TABLE annotation_history_new (
  id INTEGER PRIMARY KEY,
  annotation_id INTEGER NOT NULL REFERENCES annotations(id) ON DELETE CASCADE,
  actor_id INTEGER REFERENCES users(id),
  action TEXT NOT NULL,
  version INTEGER NOT NULL,
  judgement TEXT,
  at TEXT NOT NULL,
  rejected_sha256 TEXT CHECK (rejected_sha256 IS NULL OR length(rejected_sha256) = 64),
  rejected_bytes INTEGER CHECK (rejected_bytes IS NULL OR rejected_bytes >= 0),
  CHECK (
    (judgement IS NOT NULL AND rejected_sha256 IS NULL AND rejected_bytes IS NULL)
    OR (action = 'conflict' AND judgement IS NULL AND rejected_sha256 IS NOT NULL AND rejected_bytes IS NOT NULL)
  )
);
INSERT INTO annotation_history_new (id, annotation_id, actor_id, action, version, judgement, at)
  SELECT id, annotation_id, actor_id, action, version, judgement, at FROM annotation_history;
DROP TABLE annotation_history;
ALTER TABLE annotation_history_new RENAME TO annotation_history;
CREATE INDEX annotation_history_by_annotation ON annotation_history (annotation_id, id);
CREATE TRIGGER annotation_history_no_update BEFORE UPDATE ON annotation_history
BEGIN SELECT RAISE(ABORT, 'annotation_history is append-only'); END;
CREATE TRIGGER annotation_history_no_delete BEFORE DELETE ON annotation_history
WHEN (SELECT count(*) FROM annotations WHERE id = OLD.annotation_id) > 0
BEGIN SELECT RAISE(ABORT, 'annotation_history is append-only'); END;

CREATE TABLE gold_history_new (
  id INTEGER PRIMARY KEY,
  adjudication_id INTEGER NOT NULL REFERENCES adjudications(id) ON DELETE CASCADE,
  actor_id INTEGER REFERENCES users(id),
  action TEXT NOT NULL CHECK (action IN ('save', 'fix', 'reopen', 'conflict', 'accept', 'import', 'demo')),
  status TEXT NOT NULL CHECK (status IN ('draft', 'fixed', 'imported')),
  version INTEGER NOT NULL,
  judgement TEXT,
  decisions TEXT DEFAULT '[]',
  note TEXT,
  at TEXT NOT NULL,
  -- The digest and size of the rejected {judgement, decisions}, as for annotation_history.
  rejected_sha256 TEXT CHECK (rejected_sha256 IS NULL OR length(rejected_sha256) = 64),
  rejected_bytes INTEGER CHECK (rejected_bytes IS NULL OR rejected_bytes >= 0),
  CHECK (
    (judgement IS NOT NULL AND decisions IS NOT NULL AND rejected_sha256 IS NULL AND rejected_bytes IS NULL)
    OR (action = 'conflict' AND judgement IS NULL AND decisions IS NULL
        AND rejected_sha256 IS NOT NULL AND rejected_bytes IS NOT NULL)
  )
);
INSERT INTO gold_history_new (id, adjudication_id, actor_id, action, status, version, judgement, decisions, note, at)
  SELECT id, adjudication_id, actor_id, action, status, version, judgement, decisions, note, at FROM gold_history;
DROP TABLE gold_history;
ALTER TABLE gold_history_new RENAME TO gold_history;
CREATE INDEX gold_history_by_adjudication ON gold_history (adjudication_id, id);
CREATE TRIGGER gold_history_no_update BEFORE UPDATE ON gold_history
BEGIN SELECT RAISE(ABORT, 'gold_history is append-only'); END;
CREATE TRIGGER gold_history_no_delete BEFORE DELETE ON gold_history
WHEN (SELECT count(*) FROM adjudications WHERE id = OLD.adjudication_id) > 0
BEGIN SELECT RAISE(ABORT, 'gold_history is append-only'); END;
