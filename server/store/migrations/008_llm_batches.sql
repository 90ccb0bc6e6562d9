-- Batch API jobs (OpenAI's /v1/batches, and the compatible endpoints of vLLM and other servers):
-- what was submitted, where, and which request carries which argument, so that `batch status`,
-- `batch collect` and `batch retry` work after the process or the machine restarts.
--
-- A job is one `extract --batch` or `generate arguments --batch`: its endpoint, model and the whole
-- request configuration (prompt sections and hash, temperature, max tokens, input mode, response
-- format, extractor name or test) as JSON, so a retry rebuilds the same requests without the prompt
-- file. A job's requests go out in one or more provider batches (one per uploaded file, split by the
-- provider's limits); a retry adds batches to the same job.
CREATE TABLE llm_batch_jobs (
  id INTEGER PRIMARY KEY,
  study_id INTEGER NOT NULL REFERENCES studies(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('generate', 'extract')),
  endpoint TEXT NOT NULL,
  model TEXT NOT NULL,
  -- extraction: the extractor the results are stored under; generation: the test argued.
  extractor_id INTEGER REFERENCES extractors(id) ON DELETE CASCADE,
  test INTEGER CHECK (test IN (1, 2, 3)),
  config TEXT NOT NULL,
  created_at TEXT NOT NULL,
  CHECK ((purpose = 'extract') = (extractor_id IS NOT NULL)),
  CHECK ((purpose = 'generate') = (test IS NOT NULL))
);
CREATE INDEX llm_batch_jobs_by_study ON llm_batch_jobs (study_id, id);

-- One provider batch (one input file). status and counts are the provider's, as last seen;
-- collected_at is set once its output and error files were read and every request it carried has a
-- stored outcome. An extraction batch belongs to the extraction run of its submission.
CREATE TABLE llm_batches (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES llm_batch_jobs(id) ON DELETE CASCADE,
  extraction_run_id INTEGER REFERENCES extraction_runs(id) ON DELETE SET NULL,
  provider_batch_id TEXT NOT NULL,
  input_file_id TEXT NOT NULL,
  requests INTEGER NOT NULL CHECK (requests > 0),
  bytes INTEGER NOT NULL CHECK (bytes > 0),
  status TEXT NOT NULL CHECK (status IN ('validating', 'failed', 'in_progress', 'finalizing', 'completed',
    'expired', 'cancelling', 'cancelled')),
  completed INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  output_file_id TEXT,
  error_file_id TEXT,
  -- The provider's own errors for a batch that failed as a whole (its first message).
  error TEXT,
  submitted_at TEXT NOT NULL,
  checked_at TEXT,
  collected_at TEXT,
  UNIQUE (job_id, provider_batch_id)
);
CREATE INDEX llm_batches_open ON llm_batches (job_id, collected_at);

-- One request of a job, by its custom_id (unique in the job): the argument it extracts from, or the
-- triple it argues, with its cache key and input hash (the provenance row of its answer needs them).
--   prepared    written to a file, not (yet) in a created batch — a submission that stopped half-way
--   submitted   in batch batch_id, waiting for its output
--   succeeded   a usable answer is stored (an extraction, or a generated argument)
--   failed      the answer, or the provider's error for it, is stored as a failure (error says why)
--   unanswered  its batch ended (expired, cancelled, failed) before it ran
-- `batch retry` resubmits prepared, failed and unanswered requests; succeeded ones never go out again.
CREATE TABLE llm_batch_requests (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES llm_batch_jobs(id) ON DELETE CASCADE,
  custom_id TEXT NOT NULL,
  argument_id INTEGER REFERENCES arguments(id) ON DELETE CASCADE,
  triple_id INTEGER REFERENCES triples(id) ON DELETE CASCADE,
  cache_key TEXT NOT NULL,
  input_hash TEXT NOT NULL,
  batch_id INTEGER REFERENCES llm_batches(id) ON DELETE SET NULL,
  status TEXT NOT NULL CHECK (status IN ('prepared', 'submitted', 'succeeded', 'failed', 'unanswered')),
  error TEXT,
  submissions INTEGER NOT NULL DEFAULT 0 CHECK (submissions >= 0),
  UNIQUE (job_id, custom_id),
  CHECK ((argument_id IS NULL) <> (triple_id IS NULL)),
  CHECK ((status IN ('failed', 'unanswered')) = (error IS NOT NULL)),
  CHECK (status <> 'submitted' OR batch_id IS NOT NULL)
);
CREATE INDEX llm_batch_requests_by_batch ON llm_batch_requests (batch_id, status);
CREATE INDEX llm_batch_requests_by_job ON llm_batch_requests (job_id, status);
CREATE INDEX llm_batch_requests_by_argument ON llm_batch_requests (argument_id, status);

-- The batch whose output answered a call (NULL for synchronous calls).
ALTER TABLE llm_calls ADD COLUMN batch_id INTEGER REFERENCES llm_batches(id) ON DELETE SET NULL;
