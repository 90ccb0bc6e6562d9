-- PostgreSQL translation of ../014_sample_batches.sql: the same tables, columns, keys and constraints (docs/POSTGRESQL-DIALECT.md).
--
-- A batch drawn by `sample --next N --design D` (server/services/sampling/): a new sample version that
-- extends the study's sample with arguments not drawn before, each with the inclusion probability the
-- design gave it (sample_items.inclusion_probability, weight 1/π) and the extractor's predicted error it
-- was drawn on. The batch records its number within the study, its design, the size asked for, the
-- probability floor, and which extractors the predicted error compared. Like a sample, never updated.
CREATE TABLE sample_batches (
  sample_id bigint PRIMARY KEY REFERENCES samples(id) ON DELETE CASCADE,
  batch bigint NOT NULL CHECK (batch >= 1),
  design TEXT NOT NULL CHECK (design IN ('stratified', 'neyman', 'active')),
  requested bigint NOT NULL CHECK (requested >= 1),
  probability_floor double precision NOT NULL CHECK (probability_floor > 0 AND probability_floor <= 1),
  primary_extractor TEXT,
  extends_version bigint NOT NULL CHECK (extends_version >= 1)
);

ALTER TABLE sample_items ADD COLUMN predicted_error double precision
  CHECK (predicted_error IS NULL OR (predicted_error >= 0 AND predicted_error <= 1));

CREATE TRIGGER sample_batches_immutable BEFORE UPDATE ON sample_batches FOR EACH ROW EXECUTE FUNCTION refuse_change('a sample batch is immutable; draw the next batch instead');

CREATE TRIGGER report_revision_sample_batches_insert AFTER INSERT ON sample_batches FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_sample_batches_delete AFTER DELETE ON sample_batches FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
