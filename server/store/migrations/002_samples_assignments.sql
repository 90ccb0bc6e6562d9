-- Versioned stratified samples, their strata and items; assignments tied to a sample; a log of
-- reassignments. A sample's rows are never updated: a new draw is a new version.

CREATE TABLE samples (
  id INTEGER PRIMARY KEY,
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  seed INTEGER NOT NULL,
  size INTEGER NOT NULL,
  allocation TEXT NOT NULL,
  strata_by TEXT NOT NULL,
  excluded_previous INTEGER NOT NULL CHECK (excluded_previous IN (0, 1)),
  created_at TEXT NOT NULL,
  UNIQUE (study_id, version)
);

CREATE TABLE sample_strata (
  sample_id INTEGER NOT NULL REFERENCES samples(id) ON DELETE CASCADE,
  stratum TEXT NOT NULL,
  population_size INTEGER NOT NULL,
  requested INTEGER NOT NULL,
  drawn INTEGER NOT NULL,
  PRIMARY KEY (sample_id, stratum)
);

CREATE TABLE sample_items (
  sample_id INTEGER NOT NULL REFERENCES samples(id) ON DELETE CASCADE,
  argument_id INTEGER NOT NULL REFERENCES arguments(id) ON DELETE CASCADE,
  stratum TEXT NOT NULL,
  inclusion_probability REAL NOT NULL CHECK (inclusion_probability > 0 AND inclusion_probability <= 1),
  weight REAL NOT NULL CHECK (weight >= 1),
  draw_order INTEGER NOT NULL,
  PRIMARY KEY (sample_id, argument_id)
);
CREATE INDEX sample_items_by_argument ON sample_items (argument_id);

CREATE TRIGGER samples_immutable BEFORE UPDATE ON samples
BEGIN SELECT RAISE(ABORT, 'a sample is immutable; draw a new version instead'); END;
CREATE TRIGGER sample_items_immutable BEFORE UPDATE ON sample_items
BEGIN SELECT RAISE(ABORT, 'a sample is immutable; draw a new version instead'); END;

ALTER TABLE assignments ADD COLUMN sample_id INTEGER REFERENCES samples(id);
ALTER TABLE assignments ADD COLUMN calibration INTEGER NOT NULL DEFAULT 0 CHECK (calibration IN (0, 1));

CREATE TABLE assignment_log (
  id INTEGER PRIMARY KEY,
  argument_id INTEGER NOT NULL REFERENCES arguments(id) ON DELETE CASCADE,
  from_user_id INTEGER REFERENCES users(id),
  to_user_id INTEGER NOT NULL REFERENCES users(id),
  action TEXT NOT NULL CHECK (action IN ('assign', 'reassign')),
  actor TEXT NOT NULL,
  at TEXT NOT NULL
);
