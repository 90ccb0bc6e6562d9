-- PostgreSQL translation of ../010_extraction_mentions.sql: the same tables, columns, keys and constraints (docs/POSTGRESQL-DIALECT.md).
--
-- Evidence spans of an extraction (the rules extractor's mentions): a JSON array of
-- {start, end, case, factor, style, polarity} with offsets into the argument text, at most 2,000,
-- or NULL where the extractor gave none (LLM extractors, imports without them). Kept so the
-- adjudicator's reveal can show why an extractor said what it said.
ALTER TABLE extractions ADD COLUMN mentions TEXT;
