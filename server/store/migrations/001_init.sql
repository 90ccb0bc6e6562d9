-- The study store. Factor lists are JSON arrays of catalogue ids ("F4"), in catalogue order.
-- Judgements (annotation and gold) are JSON objects of the annotation format in DESIGN.md,
-- without the annotator/argument identifiers, which live in columns.

CREATE TABLE studies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  show_ground_truth INTEGER NOT NULL DEFAULT 0 CHECK (show_ground_truth IN (0, 1)),
  created_at TEXT NOT NULL
);

-- One row per file (or generated batch) brought into a study.
CREATE TABLE imports (
  id INTEGER PRIMARY KEY,
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  file_name TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  imported_at TEXT NOT NULL,
  records INTEGER NOT NULL,
  inserted INTEGER NOT NULL,
  replaced INTEGER NOT NULL,
  unchanged INTEGER NOT NULL
);

CREATE TABLE triples (
  id INTEGER PRIMARY KEY,
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  external_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('arguable', 'reordered', 'non_arguable')),
  current_factors TEXT NOT NULL,
  tsc1_factors TEXT NOT NULL,
  tsc1_outcome TEXT NOT NULL CHECK (tsc1_outcome IN ('plaintiff', 'defendant')),
  tsc2_factors TEXT NOT NULL,
  tsc2_outcome TEXT NOT NULL CHECK (tsc2_outcome IN ('plaintiff', 'defendant')),
  import_id INTEGER REFERENCES imports(id),
  UNIQUE (study_id, external_id)
);

CREATE TABLE arguments (
  id INTEGER PRIMARY KEY,
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  external_id TEXT NOT NULL,
  triple_id INTEGER NOT NULL REFERENCES triples(id),
  model TEXT NOT NULL,
  test INTEGER NOT NULL CHECK (test IN (1, 2, 3)),
  text TEXT NOT NULL,
  finish_reason TEXT,
  output_tokens INTEGER,
  import_id INTEGER REFERENCES imports(id),
  UNIQUE (study_id, external_id)
);
CREATE INDEX arguments_by_model_test ON arguments (study_id, model, test);
CREATE INDEX arguments_by_triple ON arguments (triple_id);

-- An extractor is anything that lists the factors an argument asserts: an LLM, the rules, a file.
CREATE TABLE extractors (
  id INTEGER PRIMARY KEY,
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'imported' CHECK (kind IN ('imported', 'llm', 'rules')),
  version TEXT,
  UNIQUE (study_id, name)
);

-- One run of an extractor (or one import of its output), with the parameters it ran with.
CREATE TABLE extraction_runs (
  id INTEGER PRIMARY KEY,
  extractor_id INTEGER NOT NULL REFERENCES extractors(id) ON DELETE CASCADE,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  parameters TEXT NOT NULL DEFAULT '{}',
  import_id INTEGER REFERENCES imports(id)
);

-- A failed extraction keeps its error and is never scored as an empty one.
CREATE TABLE extractions (
  id INTEGER PRIMARY KEY,
  argument_id INTEGER NOT NULL REFERENCES arguments(id) ON DELETE CASCADE,
  extractor_id INTEGER NOT NULL REFERENCES extractors(id) ON DELETE CASCADE,
  run_id INTEGER REFERENCES extraction_runs(id),
  status TEXT NOT NULL CHECK (status IN ('extracted', 'failed')),
  current_factors TEXT NOT NULL,
  tsc1_factors TEXT NOT NULL,
  tsc2_factors TEXT NOT NULL,
  unlisted TEXT NOT NULL DEFAULT '[]',
  abstained INTEGER CHECK (abstained IN (0, 1)),
  raw TEXT,
  error TEXT,
  CHECK ((status = 'failed') = (error IS NOT NULL)),
  UNIQUE (argument_id, extractor_id)
);
CREATE INDEX extractions_by_extractor ON extractions (extractor_id);

-- password_hash NULL: an account that cannot log in (an annotator known only from imported work).
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  display_name TEXT NOT NULL,
  password_hash TEXT,
  roles TEXT NOT NULL DEFAULT '[]',
  disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
  created_at TEXT NOT NULL
);

-- Session tokens are stored as their SHA-256, so a copied database file logs no one in.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  csrf_token TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE assignments (
  id INTEGER PRIMARY KEY,
  argument_id INTEGER NOT NULL REFERENCES arguments(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  position INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (argument_id, user_id)
);
CREATE INDEX assignments_by_user ON assignments (user_id, position);

-- The current state of one annotator's work on one argument; every change is also in the history.
CREATE TABLE annotations (
  id INTEGER PRIMARY KEY,
  argument_id INTEGER NOT NULL REFERENCES arguments(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  status TEXT NOT NULL CHECK (status IN ('draft', 'submitted')),
  version INTEGER NOT NULL,
  judgement TEXT NOT NULL,
  seconds_spent INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  submitted_at TEXT,
  import_id INTEGER REFERENCES imports(id),
  UNIQUE (argument_id, user_id)
);

-- Append-only: the triggers below refuse to change or remove a row.
CREATE TABLE annotation_history (
  id INTEGER PRIMARY KEY,
  annotation_id INTEGER NOT NULL REFERENCES annotations(id) ON DELETE CASCADE,
  actor_id INTEGER REFERENCES users(id),
  action TEXT NOT NULL,
  version INTEGER NOT NULL,
  judgement TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX annotation_history_by_annotation ON annotation_history (annotation_id, id);
CREATE TRIGGER annotation_history_no_update BEFORE UPDATE ON annotation_history
BEGIN SELECT RAISE(ABORT, 'annotation_history is append-only'); END;
CREATE TRIGGER annotation_history_no_delete BEFORE DELETE ON annotation_history
WHEN (SELECT count(*) FROM annotations WHERE id = OLD.annotation_id) > 0
BEGIN SELECT RAISE(ABORT, 'annotation_history is append-only'); END;

-- The gold standard: one adjudicated judgement per argument.
CREATE TABLE adjudications (
  id INTEGER PRIMARY KEY,
  argument_id INTEGER NOT NULL UNIQUE REFERENCES arguments(id) ON DELETE CASCADE,
  adjudicator TEXT,
  judgement TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  import_id INTEGER REFERENCES imports(id)
);

-- Figures a paper printed, to compare with the recomputed ones.
CREATE TABLE reported_results (
  id INTEGER PRIMARY KEY,
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  source TEXT NOT NULL,
  model TEXT NOT NULL,
  test INTEGER NOT NULL CHECK (test IN (1, 2, 3)),
  metric TEXT NOT NULL CHECK (metric IN ('acch', 'recu', 'abstain')),
  value REAL NOT NULL CHECK (value >= 0 AND value <= 1),
  import_id INTEGER REFERENCES imports(id),
  UNIQUE (study_id, source, model, test, metric)
);
