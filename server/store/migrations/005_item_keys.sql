-- Blind item addresses and idempotent saves.
--
-- assignments.item_key: the opaque random key an annotator addresses an assigned item by, so that no
-- URL or response of theirs carries the argument id (which names the generating model and the test).
-- One key per assignment, unique across the file; a reassignment issues a new one (server code), so
-- the previous annotator's link stops working. SQLite cannot add a NOT NULL column without a
-- constant default, so the table is rebuilt: existing rows get 8 random bytes as 16 lowercase hex
-- characters, the same shape the server issues. No table references assignments, so dropping the
-- old one inside this migration's transaction is safe with foreign keys on.
CREATE TABLE assignments_with_keys (
  id INTEGER PRIMARY KEY,
  argument_id INTEGER NOT NULL REFERENCES arguments(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  position INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  sample_id INTEGER REFERENCES samples(id),
  calibration INTEGER NOT NULL DEFAULT 0 CHECK (calibration IN (0, 1)),
  item_key TEXT NOT NULL CHECK (length(item_key) BETWEEN 8 AND 32),
  UNIQUE (argument_id, user_id)
);
INSERT INTO assignments_with_keys (id, argument_id, user_id, position, created_at, sample_id, calibration, item_key)
  SELECT id, argument_id, user_id, position, created_at, sample_id, calibration, lower(hex(randomblob(8)))
  FROM assignments;
DROP TABLE assignments;
ALTER TABLE assignments_with_keys RENAME TO assignments;
CREATE INDEX assignments_by_user ON assignments (user_id, position);
CREATE UNIQUE INDEX assignments_by_item_key ON assignments (item_key);

-- annotations.last_client_save_id: the client-chosen id of the save that wrote the current version
-- (NULL when that write carried none: an import, a reopen, an older client). A retried save whose
-- first try was applied but whose answer was lost carries the same id and is answered with the
-- stored state instead of a 409.
ALTER TABLE annotations ADD COLUMN last_client_save_id TEXT;
