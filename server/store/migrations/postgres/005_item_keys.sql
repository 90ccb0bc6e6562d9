-- PostgreSQL translation of ../005_item_keys.sql: the same tables, columns, keys and constraints (docs/POSTGRESQL-DIALECT.md).
--
-- Blind item addresses and idempotent saves.
--
-- assignments.item_key: the opaque random key an annotator addresses an assigned item by, so that no
-- URL or response of theirs carries the argument id (which names the generating model and the test).
-- One key per assignment, unique across the file; a reassignment issues a new one (server code), so
-- the previous annotator's link stops working. (../005_item_keys.sql rebuilds the table because
-- SQLite cannot add a NOT NULL column without a constant default; PostgreSQL adds the column, fills
-- it and then sets NOT NULL, which leaves the same table.) Existing rows get 8 random bytes as 16
-- lowercase hex characters, the same shape the server issues.
ALTER TABLE assignments ADD COLUMN item_key TEXT CHECK (length(item_key) BETWEEN 8 AND 32);
UPDATE assignments SET item_key = substr(md5(gen_random_uuid()::text), 1, 16);
ALTER TABLE assignments ALTER COLUMN item_key SET NOT NULL;
CREATE UNIQUE INDEX assignments_by_item_key ON assignments (item_key);

-- annotations.last_client_save_id: the client-chosen id of the save that wrote the current version
-- (NULL when that write carried none: an import, a reopen, an older client). A retried save whose
-- first try was applied but whose answer was lost carries the same id and is answered with the
-- stored state instead of a 409.
ALTER TABLE annotations ADD COLUMN last_client_save_id TEXT;
