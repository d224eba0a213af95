-- Classification crawls (docs/classification.md). Forward-only: add a new file for later changes.

-- Why the analysis said what it said: kept beside the record, internal only, never in an API response.
-- NULL for records stored by the admin import.
ALTER TABLE classifications ADD COLUMN evidence jsonb;

-- One row per crawl of a root domain; its id is the id of its row in `jobs`. At most one crawl of a
-- domain is in flight (finished_at IS NULL): every caller asking while it runs joins it.
CREATE TABLE classification_crawls (
  id            uuid PRIMARY KEY REFERENCES jobs(id) DEFERRABLE INITIALLY DEFERRED,
  domain        text NOT NULL,
  origin        text NOT NULL CHECK (origin IN ('api', 'public')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz
);
CREATE UNIQUE INDEX classification_crawls_in_flight ON classification_crawls (domain) WHERE finished_at IS NULL;
CREATE INDEX classification_crawls_domain ON classification_crawls (domain, created_at);
CREATE INDEX classification_crawls_public ON classification_crawls (created_at) WHERE origin = 'public';

-- A caller's classification job (what GET /v2/domain-classification/jobs/{id} shows) points at the crawl
-- it waits for (job_id = classification_crawls.id = jobs.id). Only the final states are stored here;
-- `queued` and `running` are read from the crawl's job.
ALTER TABLE classification_jobs ADD COLUMN finished_at timestamptz;
ALTER TABLE classification_jobs ADD CONSTRAINT classification_jobs_status
  CHECK (status IN ('queued', 'running', 'complete', 'failed'));
CREATE INDEX classification_jobs_job ON classification_jobs (job_id);
