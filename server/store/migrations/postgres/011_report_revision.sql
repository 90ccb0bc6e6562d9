-- PostgreSQL translation of ../011_report_revision.sql: the same tables, columns, keys and constraints (docs/POSTGRESQL-DIALECT.md).
--
-- A revision of everything a study report is computed from (server/services/report/report-cache.ts):
-- bumped by a trigger on every insert, update and delete that can change a figure of a report, so a
-- cached report is served only while the revision it was computed at is still the current one.
-- One counter for the whole database: a change in one study also retires the other studies' cached
-- reports, which costs a recomputation, never a stale answer.
--
-- Drafts do not count: an annotation counts once submitted (and when it stops being submitted), gold
-- once fixed or imported; an annotator's autosave of a draft therefore writes no revision. Users count
-- by their name (the annotator of an annotation). The tables no report reads (sessions, assignments,
-- histories, the audit log, the LLM logs, imports) have no trigger.
CREATE TABLE report_revision (
  id bigint PRIMARY KEY CHECK (id = 1),
  revision bigint NOT NULL
);
INSERT INTO report_revision (id, revision) VALUES (1, 0);

-- One function for every trigger below (SQLite repeats the UPDATE in each trigger's body). Every
-- trigger is FOR EACH ROW, as SQLite's are.
CREATE FUNCTION bump_report_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_revision SET revision = revision + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER report_revision_studies_insert AFTER INSERT ON studies FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_studies_update AFTER UPDATE ON studies FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_studies_delete AFTER DELETE ON studies FOR EACH ROW EXECUTE FUNCTION bump_report_revision();

CREATE TRIGGER report_revision_triples_insert AFTER INSERT ON triples FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_triples_update AFTER UPDATE ON triples FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_triples_delete AFTER DELETE ON triples FOR EACH ROW EXECUTE FUNCTION bump_report_revision();

CREATE TRIGGER report_revision_arguments_insert AFTER INSERT ON arguments FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_arguments_update AFTER UPDATE ON arguments FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_arguments_delete AFTER DELETE ON arguments FOR EACH ROW EXECUTE FUNCTION bump_report_revision();

CREATE TRIGGER report_revision_extractors_insert AFTER INSERT ON extractors FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_extractors_update AFTER UPDATE ON extractors FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_extractors_delete AFTER DELETE ON extractors FOR EACH ROW EXECUTE FUNCTION bump_report_revision();

CREATE TRIGGER report_revision_extractions_insert AFTER INSERT ON extractions FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_extractions_update AFTER UPDATE ON extractions FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_extractions_delete AFTER DELETE ON extractions FOR EACH ROW EXECUTE FUNCTION bump_report_revision();

CREATE TRIGGER report_revision_error_classes_insert AFTER INSERT ON error_classes FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_error_classes_update AFTER UPDATE ON error_classes FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_error_classes_delete AFTER DELETE ON error_classes FOR EACH ROW EXECUTE FUNCTION bump_report_revision();

CREATE TRIGGER report_revision_reported_results_insert AFTER INSERT ON reported_results FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_reported_results_update AFTER UPDATE ON reported_results FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_reported_results_delete AFTER DELETE ON reported_results FOR EACH ROW EXECUTE FUNCTION bump_report_revision();

CREATE TRIGGER report_revision_samples_insert AFTER INSERT ON samples FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_samples_update AFTER UPDATE ON samples FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_samples_delete AFTER DELETE ON samples FOR EACH ROW EXECUTE FUNCTION bump_report_revision();

CREATE TRIGGER report_revision_sample_strata_insert AFTER INSERT ON sample_strata FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_sample_strata_update AFTER UPDATE ON sample_strata FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_sample_strata_delete AFTER DELETE ON sample_strata FOR EACH ROW EXECUTE FUNCTION bump_report_revision();

CREATE TRIGGER report_revision_sample_items_insert AFTER INSERT ON sample_items FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_sample_items_update AFTER UPDATE ON sample_items FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_sample_items_delete AFTER DELETE ON sample_items FOR EACH ROW EXECUTE FUNCTION bump_report_revision();

CREATE TRIGGER report_revision_annotations_insert AFTER INSERT ON annotations FOR EACH ROW WHEN (NEW.status = 'submitted') EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_annotations_update AFTER UPDATE ON annotations FOR EACH ROW WHEN (OLD.status = 'submitted' OR NEW.status = 'submitted') EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_annotations_delete AFTER DELETE ON annotations FOR EACH ROW WHEN (OLD.status = 'submitted') EXECUTE FUNCTION bump_report_revision();

CREATE TRIGGER report_revision_adjudications_insert AFTER INSERT ON adjudications FOR EACH ROW WHEN (NEW.status <> 'draft') EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_adjudications_update AFTER UPDATE ON adjudications FOR EACH ROW WHEN (OLD.status <> 'draft' OR NEW.status <> 'draft') EXECUTE FUNCTION bump_report_revision();
CREATE TRIGGER report_revision_adjudications_delete AFTER DELETE ON adjudications FOR EACH ROW WHEN (OLD.status <> 'draft') EXECUTE FUNCTION bump_report_revision();

CREATE TRIGGER report_revision_users_update AFTER UPDATE OF username ON users FOR EACH ROW EXECUTE FUNCTION bump_report_revision();
