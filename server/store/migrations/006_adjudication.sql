-- Adjudication: the gold gets a life cycle and a history, adjudication items get blind keys, and the
-- extractors' error classes against fixed gold are stored for the reveal and the report.
-- docs/decisions/010-adjudication.md explains each choice.

-- adjudications.status: 'draft' while an adjudicator works, 'fixed' once decided (the reveal needs
-- it), 'imported' when `import gold` wrote it (note = the file's name). Rows from before this
-- migration were final gold (imported, or written by the demo) and stay final. The DEFAULT only
-- serves those rows: the store always names the status it writes.
ALTER TABLE adjudications ADD COLUMN status TEXT NOT NULL DEFAULT 'fixed'
  CHECK (status IN ('draft', 'fixed', 'imported'));
-- version: optimistic concurrency, as annotations.version (a stale save gets 409).
ALTER TABLE adjudications ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1);
-- decisions: JSON array of {disagreementId, choice, rationale?}: who decided what and why.
ALTER TABLE adjudications ADD COLUMN decisions TEXT NOT NULL DEFAULT '[]';
-- note: "accepted, no disagreement" for bulk acceptance; the import's file name for imported gold.
ALTER TABLE adjudications ADD COLUMN note TEXT;
ALTER TABLE adjudications ADD COLUMN fixed_at TEXT;
-- last_client_save_id: as annotations.last_client_save_id (migration 005): a retried save whose
-- answer was lost is recognised and answered with the stored state instead of a 409.
ALTER TABLE adjudications ADD COLUMN last_client_save_id TEXT;
UPDATE adjudications SET status = 'imported' WHERE import_id IS NOT NULL;
UPDATE adjudications SET fixed_at = updated_at;
UPDATE adjudications SET note = (SELECT i.file_name FROM imports i WHERE i.id = adjudications.import_id)
  WHERE import_id IS NOT NULL;

-- Every change of a gold record: saves, fixes, reopenings (note = the reason), rejected stale saves
-- ('conflict'), bulk acceptance, imports, the demo. Append-only, as annotation_history.
CREATE TABLE gold_history (
  id INTEGER PRIMARY KEY,
  adjudication_id INTEGER NOT NULL REFERENCES adjudications(id) ON DELETE CASCADE,
  actor_id INTEGER REFERENCES users(id),
  action TEXT NOT NULL CHECK (action IN ('save', 'fix', 'reopen', 'conflict', 'accept', 'import', 'demo')),
  status TEXT NOT NULL CHECK (status IN ('draft', 'fixed', 'imported')),
  version INTEGER NOT NULL,
  judgement TEXT NOT NULL,
  decisions TEXT NOT NULL DEFAULT '[]',
  note TEXT,
  at TEXT NOT NULL
);
CREATE INDEX gold_history_by_adjudication ON gold_history (adjudication_id, id);
CREATE TRIGGER gold_history_no_update BEFORE UPDATE ON gold_history
BEGIN SELECT RAISE(ABORT, 'gold_history is append-only'); END;
CREATE TRIGGER gold_history_no_delete BEFORE DELETE ON gold_history
WHEN (SELECT count(*) FROM adjudications WHERE id = OLD.adjudication_id) > 0
BEGIN SELECT RAISE(ABORT, 'gold_history is append-only'); END;
-- The gold that existed before this migration starts its history here.
INSERT INTO gold_history (adjudication_id, actor_id, action, status, version, judgement, decisions, note, at)
  SELECT id, NULL, CASE WHEN status = 'imported' THEN 'import' ELSE 'fix' END, status, version, judgement,
    decisions, note, updated_at
  FROM adjudications;

-- An argument as the adjudicator addresses it: an opaque random key (as assignments.item_key,
-- migration 005), issued when the item first shows in an adjudication queue, and when adjudication
-- started (which locks the annotators' reopening). The argument id never reaches an adjudicator
-- before the reveal.
CREATE TABLE adjudication_items (
  id INTEGER PRIMARY KEY,
  argument_id INTEGER NOT NULL UNIQUE REFERENCES arguments(id) ON DELETE CASCADE,
  item_key TEXT NOT NULL UNIQUE CHECK (length(item_key) BETWEEN 8 AND 32),
  created_at TEXT NOT NULL,
  started_at TEXT,
  started_by INTEGER REFERENCES users(id)
);

-- Each extractor's output on an argument with final gold, classified per (case, factor)
-- (shared/scoring/error-classes.ts): decisions is the JSON array of classified decisions, counts the
-- JSON object of counts per class, gold_version the gold's version they were computed against.
CREATE TABLE error_classes (
  argument_id INTEGER NOT NULL REFERENCES arguments(id) ON DELETE CASCADE,
  extractor_id INTEGER NOT NULL REFERENCES extractors(id) ON DELETE CASCADE,
  gold_version INTEGER NOT NULL,
  decisions TEXT NOT NULL,
  counts TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  PRIMARY KEY (argument_id, extractor_id)
);
-- A stored classification lives only as long as both its inputs: any change of the extraction or of
-- the gold's judgement or status removes it, so a stale row can never be read (the server computes
-- it again where it needs it: on fixing, on import, on the reveal).
CREATE TRIGGER error_classes_extraction_changed AFTER UPDATE ON extractions
BEGIN DELETE FROM error_classes WHERE argument_id = OLD.argument_id AND extractor_id = OLD.extractor_id; END;
CREATE TRIGGER error_classes_extraction_removed AFTER DELETE ON extractions
BEGIN DELETE FROM error_classes WHERE argument_id = OLD.argument_id AND extractor_id = OLD.extractor_id; END;
CREATE TRIGGER error_classes_gold_changed AFTER UPDATE OF judgement, status ON adjudications
BEGIN DELETE FROM error_classes WHERE argument_id = OLD.argument_id; END;
CREATE TRIGGER error_classes_gold_removed AFTER DELETE ON adjudications
BEGIN DELETE FROM error_classes WHERE argument_id = OLD.argument_id; END;
