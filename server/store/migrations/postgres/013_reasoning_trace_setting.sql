-- PostgreSQL translation of ../013_reasoning_trace_setting.sql: the same tables, columns, keys and constraints (docs/POSTGRESQL-DIALECT.md).
--
-- A study setting: what annotators see of a reasoning trace (`<think> … </think>` before the answer).
-- 'collapsed': shown folded, labelled not part of the argument (as before this setting); 'hidden': not
-- sent to annotators at all (blanked out of the text they receive, every offset kept), since a trace
-- tells them a reasoning model wrote the argument. Admins, adjudicators and exports keep the raw text.
ALTER TABLE studies ADD COLUMN reasoning_trace TEXT NOT NULL DEFAULT 'collapsed'
  CHECK (reasoning_trace IN ('collapsed', 'hidden'));
