-- Nothing to change on SQLite. Its PostgreSQL twin (postgres/019_report_revision_per_statement.sql)
-- turns the report revision's row triggers into statement-level ones, because on PostgreSQL one row
-- UPDATEd once per row written made a large import quadratic. SQLite updates the report_revision row
-- in place, so its row triggers (011, 012, 014) stay: both engines bump by the same counts.
SELECT 1;
