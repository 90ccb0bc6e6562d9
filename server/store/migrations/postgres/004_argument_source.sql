-- PostgreSQL translation of ../004_argument_source.sql: the same tables, columns, keys and constraints (docs/POSTGRESQL-DIALECT.md).
--
-- Where an argument came from when it is not a real model run (e.g. "synthetic demo").
ALTER TABLE arguments ADD COLUMN source TEXT;
