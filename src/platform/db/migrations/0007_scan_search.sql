-- Listing and searching an organization's scans (GET /v1/scans, docs/scan-search.md). Forward-only.

-- Labels a team puts on its scans (set at creation, changed with PATCH /v1/scans/{id}).
ALTER TABLE scans ADD COLUMN tags text[] NOT NULL DEFAULT '{}';
-- The URL the browser ended on, for the list without reading the capture.
ALTER TABLE scans ADD COLUMN final_url text;
UPDATE scans SET final_url = capture->>'finalUrl' WHERE capture IS NOT NULL;

-- The newest-first walk every list starts from, and the same per status (status changes, so it is a column).
CREATE INDEX scans_org_recent ON scans (org_id, created_at DESC, id DESC);
CREATE INDEX scans_org_status_recent ON scans (org_id, status, created_at DESC, id DESC);
DROP INDEX scans_org;

-- What a scan can be found by, one row per (scan, kind, value): `host` and `domain` (the submitted and the
-- final URL's host and registrable domain), `ip` and `asn` (every address the browser connected to),
-- `assessment`, `threat` and `brand` (from the report, lower case), `tag`. Written when the scan is created
-- (host, domain, tag) and when it completes (the rest); `created_at` is the scan's, so a filter walks its
-- own index newest first and stops after one page.
CREATE TABLE scan_terms (
  scan_id    uuid NOT NULL REFERENCES scans(id),
  org_id     uuid NOT NULL,
  kind       text NOT NULL CHECK (kind IN ('host', 'domain', 'ip', 'asn', 'assessment', 'threat', 'brand', 'tag')),
  value      text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (scan_id, kind, value)
);
CREATE INDEX scan_terms_lookup ON scan_terms (org_id, kind, value, created_at DESC, scan_id DESC);

-- Terms of scans finished before this migration, from what their rows hold (the report, the capture's
-- addresses); hosts and registrable domains need the public suffix list and are added for new scans only.
INSERT INTO scan_terms (scan_id, org_id, kind, value, created_at)
SELECT id, org_id, 'assessment', lower(report->>'final_assessment'), created_at
  FROM scans WHERE status = 'completed' AND report->>'final_assessment' IS NOT NULL
ON CONFLICT DO NOTHING;
INSERT INTO scan_terms (scan_id, org_id, kind, value, created_at)
SELECT id, org_id, 'threat', lower(report->>'threat_type'), created_at
  FROM scans WHERE status = 'completed' AND report->>'threat_type' IS NOT NULL
ON CONFLICT DO NOTHING;
INSERT INTO scan_terms (scan_id, org_id, kind, value, created_at)
SELECT id, org_id, 'brand', lower(report->'site_context'->>'detected_brand'), created_at
  FROM scans WHERE status = 'completed' AND report->'site_context'->>'detected_brand' IS NOT NULL
ON CONFLICT DO NOTHING;
INSERT INTO scan_terms (scan_id, org_id, kind, value, created_at)
SELECT DISTINCT s.id, s.org_id, 'ip', r->>'address', s.created_at
  FROM scans s, jsonb_array_elements(s.capture->'requests') r
 WHERE s.status = 'completed' AND r->>'address' IS NOT NULL
ON CONFLICT DO NOTHING;

-- Domain-risk reports, listed newest first (GET /v1/domain-risks).
CREATE INDEX domain_risks_org_recent ON domain_risks (org_id, created_at DESC, id DESC);
CREATE INDEX domain_risks_org_assessment ON domain_risks (org_id, (report->>'final_assessment'), created_at DESC, id DESC);
DROP INDEX domain_risks_org;

-- Classification jobs, listed newest first (GET /v2/domain-classification/jobs).
CREATE INDEX classification_jobs_org_recent ON classification_jobs (org_id, created_at DESC, id DESC);
DROP INDEX classification_jobs_org;
