-- Nothing to change on SQLite, whose triggers on annotations and adjudications were row triggers
-- with WHEN clauses all along (011). Its PostgreSQL twin (postgres/020_report_revision_draft_saves.sql)
-- makes the UPDATE triggers of those two tables row triggers with the same WHEN clauses again.
SELECT 1;
