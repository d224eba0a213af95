-- Fair scheduling of batches (docs/scan-search.md, "Batches"). Forward-only.

-- A job's place in the queue when it is not its run_at: the items of a batch are spread over a virtual
-- time per organization, so that one organization's batch of 100 does not hold back another's single scan.
-- NULL for every other job, which keeps its place by run_at as before.
ALTER TABLE jobs ADD COLUMN fair_at timestamptz;
CREATE INDEX jobs_ready_fair ON jobs ((coalesce(fair_at, run_at)), created_at) WHERE status = 'queued';
