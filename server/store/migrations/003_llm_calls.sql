-- Provenance and cache of every logical LLM call the tool makes (argument generation and factor
-- extraction): one row per call, after its retries, whatever its outcome.
--   status 'ok'       the endpoint answered and the answer was used; such rows are the cache
--   status 'rejected' the endpoint answered but the answer was unusable (truncated, unreadable);
--                     kept for provenance, never served from the cache
--   status 'failed'   no usable HTTP answer after the last retry (error says why)
-- cache_key is the SHA-256 of the canonical JSON of (purpose, endpoint, model, prompt hash,
-- parameters, input hash): the same request never goes out twice, in any study of the file. A
-- cache hit makes no call and adds no row.

CREATE TABLE llm_calls (
  id INTEGER PRIMARY KEY,
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('generate', 'extract')),
  cache_key TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  model TEXT NOT NULL,
  prompt_hash TEXT NOT NULL,
  input_hash TEXT NOT NULL,
  parameters TEXT NOT NULL,
  response_format TEXT NOT NULL CHECK (response_format IN ('json_schema', 'json_object', 'text')),
  status TEXT NOT NULL CHECK (status IN ('ok', 'rejected', 'failed')),
  error TEXT,
  http_status INTEGER,
  attempts INTEGER NOT NULL CHECK (attempts >= 0),
  attempt_log TEXT NOT NULL DEFAULT '[]',
  finish_reason TEXT,
  input_tokens INTEGER,
  output_tokens INTEGER,
  latency_ms INTEGER,
  content TEXT,
  raw_response TEXT,
  -- generation: the triple it was asked about and the argument it produced;
  -- extraction: the argument it read and the extraction run it belongs to.
  triple_id INTEGER REFERENCES triples(id) ON DELETE CASCADE,
  argument_id INTEGER REFERENCES arguments(id) ON DELETE CASCADE,
  extraction_run_id INTEGER REFERENCES extraction_runs(id) ON DELETE SET NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  CHECK ((status = 'ok') = (error IS NULL))
);
CREATE INDEX llm_calls_cache ON llm_calls (cache_key, status);
CREATE INDEX llm_calls_by_argument ON llm_calls (argument_id);
CREATE INDEX llm_calls_by_run ON llm_calls (extraction_run_id);
