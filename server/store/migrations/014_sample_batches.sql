-- A batch drawn by `sample --next N --design D` (server/services/sampling/): a new sample version that
-- extends the study's sample with arguments not drawn before, each with the inclusion probability the
-- design gave it (sample_items.inclusion_probability, weight 1/π) and the extractor's predicted error it
-- was drawn on. The batch records its number within the study, its design, the size asked for, the
-- probability floor, and which extractors the predicted error compared. Like a sample, never updated.
CREATE TABLE sample_batches (
  sample_id INTEGER PRIMARY KEY REFERENCES samples(id) ON DELETE CASCADE,
  batch INTEGER NOT NULL CHECK (batch >= 1),
  design TEXT NOT NULL CHECK (design IN ('stratified', 'neyman', 'active')),
  requested INTEGER NOT NULL CHECK (requested >= 1),
  probability_floor REAL NOT NULL CHECK (probability_floor > 0 AND probability_floor <= 1),
  primary_extractor TEXT,
  extends_version INTEGER NOT NULL CHECK (extends_version >= 1)
);

ALTER TABLE sample_items ADD COLUMN predicted_error REAL
  CHECK (predicted_error IS NULL OR (predicted_error >= 0 AND predicted_error <= 1));

CREATE TRIGGER sample_batches_immutable BEFORE UPDATE ON sample_batches
BEGIN SELECT RAISE(ABORT, 'a sample batch is immutable; draw the next batch instead'); END;

CREATE TRIGGER report_revision_sample_batches_insert AFTER INSERT ON sample_batches BEGIN UPDATE report_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER report_revision_sample_batches_delete AFTER DELETE ON sample_batches BEGIN UPDATE report_revision SET revision = revision + 1 WHERE id = 1; END;
