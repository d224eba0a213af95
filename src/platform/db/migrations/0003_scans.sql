-- URL scans (docs/scans.md). Forward-only: add a new file for later changes.

-- What the browser recorded (redirect chain, requests, TLS, forms, console, downloads, final DOM), kept
-- for GET /v1/scans/{id}/capture; NULL until the scan completes, and for failed scans.
ALTER TABLE scans ADD COLUMN capture jsonb;

-- A scan's id is also the id of its row in `jobs` (scans.job_id = scans.id).
CREATE INDEX scans_job ON scans (job_id);

-- Screenshots of completed scans (PNG), for GET /v1/scans/{id}/screenshot. Written in the transaction that
-- completes the scan.
CREATE TABLE scan_artifacts (
  scan_id       uuid NOT NULL REFERENCES scans(id),
  kind          text NOT NULL CHECK (kind IN ('viewport', 'full_page')),
  content_type  text NOT NULL,
  data          bytea NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scan_id, kind)
);
