-- Reuse, sharing and artifact retention of scans (docs/sharing.md, docs/scans.md). Forward-only.

-- Reuse (`max_age_seconds` on POST /v1/scans): the SHA-256 (hex) of the normalized URL a scan loads, so the
-- organization's recent completed scan of a URL is one index read however long its URLs are. Scans created
-- before this migration are keyed by their report's request_url (the normalized URL), once completed.
ALTER TABLE scans ADD COLUMN url_key text;
UPDATE scans SET url_key = encode(sha256(convert_to(report->>'request_url', 'UTF8')), 'hex')
 WHERE status = 'completed' AND report->>'request_url' IS NOT NULL;
CREATE INDEX scans_org_url_recent ON scans (org_id, url_key, created_at DESC) WHERE status = 'completed';

-- Visibility: 'private' (the organization only) or 'unlisted' (anyone holding the share link /s/{token}).
-- share_token is set while a scan is unlisted and cleared when it is made private again: a revoked link
-- never works again (a new one is 256 fresh random bits).
ALTER TABLE scans ADD COLUMN visibility text NOT NULL DEFAULT 'private'
  CHECK (visibility IN ('private', 'unlisted'));
ALTER TABLE scans ADD COLUMN share_token text;
ALTER TABLE scans ADD CONSTRAINT scans_share_token_visible
  CHECK (share_token IS NULL OR visibility = 'unlisted');
CREATE UNIQUE INDEX scans_share_token ON scans (share_token) WHERE share_token IS NOT NULL;

-- Artifact retention: when a scan's screenshots and capture were deleted by the retention purge (the
-- record keeps its report, verdict and search terms).
ALTER TABLE scans ADD COLUMN artifacts_purged_at timestamptz;
-- The purge's walk: per organization, the oldest completed scans that still hold artifacts.
CREATE INDEX scans_artifacts_held ON scans (org_id, created_at)
  WHERE status = 'completed' AND artifacts_purged_at IS NULL;

-- Days a scan's screenshots and capture are kept; NULL keeps them. Organizations that exist now keep
-- everything (nothing is deleted by upgrading); new organizations keep artifacts for 30 days.
ALTER TABLE organizations ADD COLUMN artifact_retention_days integer
  CHECK (artifact_retention_days IS NULL OR artifact_retention_days BETWEEN 1 AND 3650);
ALTER TABLE organizations ALTER COLUMN artifact_retention_days SET DEFAULT 30;
