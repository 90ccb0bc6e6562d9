-- PostgreSQL only in substance (../020_report_revision_draft_saves.sql is SQLite's no-op twin): the
-- report revision's UPDATE triggers on annotations and adjudications go back from 019's statement
-- triggers to row triggers with 011's WHEN clauses, under the same names, bumping by the same counts.
--
-- Why: a statement trigger with transition tables runs on every UPDATE, whatever it changed. An
-- autosaved draft — the commonest write of the application — then kept its old and new rows in two
-- tuplestores and ran a PL/pgSQL function that counted none of them: about 0.1 ms of the server's CPU
-- per save, a quarter of what PostgreSQL spent on one (measured with the save bench's set-up). A row
-- trigger's WHEN is tested in the executor, so a draft's save calls nothing. Every UPDATE of these
-- tables names one row (by id or by its unique key), so one bump per statement or per row is the
-- same number of bumps: 019's reason (many rows in one statement, as imports insert them) does not
-- apply here, and the INSERT and DELETE triggers stay statement triggers.

DROP TRIGGER report_revision_annotations_update ON annotations;
CREATE TRIGGER report_revision_annotations_update AFTER UPDATE ON annotations FOR EACH ROW
  WHEN (OLD.status = 'submitted' OR NEW.status = 'submitted') EXECUTE FUNCTION bump_report_revision();
DROP FUNCTION bump_report_revision_annotations_updated();

DROP TRIGGER report_revision_adjudications_update ON adjudications;
CREATE TRIGGER report_revision_adjudications_update AFTER UPDATE ON adjudications FOR EACH ROW
  WHEN (OLD.status <> 'draft' OR NEW.status <> 'draft') EXECUTE FUNCTION bump_report_revision();
DROP FUNCTION bump_report_revision_adjudications_updated();
