-- Similar pages (GET /v1/scans/{scan_id}/similar and the list filters dom_hash, favicon_hash and
-- screenshot_hash; docs/scan-search.md#similar-pages). Forward-only.
--
-- A completed scan's page fingerprints are rows of scan_terms, written in the transaction that completes it
-- (src/api/scans/similar-terms.ts), so they are found through scan_terms_lookup like every other term and
-- stay when the retention purge deletes the capture and screenshots:
--   dom              SHA-256 (hex) of the DOM skeleton (element and attribute names, nesting)
--   dom_simhash      64-bit SimHash of the skeleton, 16 hex digits (read back to measure distances)
--   dom_band         the SimHash cut into 4 bands of 16 bits, '<band>:<4 hex digits>'
--   favicon          SHA-256 (hex) of the favicon's bytes
--   favicon_mmh3     the Shodan-style favicon hash (signed 32-bit MurmurHash3 of its base64), decimal
--   screenshot       64-bit perceptual hash of the viewport screenshot, 16 hex digits
--   screenshot_band  that hash cut into 4 bands of 16 bits, '<band>:<4 hex digits>'
-- Scans completed before this migration have no fingerprints (they need the DOM parser and the image
-- library, not SQL).
ALTER TABLE scan_terms DROP CONSTRAINT scan_terms_kind_check;
ALTER TABLE scan_terms ADD CONSTRAINT scan_terms_kind_check CHECK (kind IN (
  'host', 'domain', 'ip', 'asn', 'assessment', 'threat', 'brand', 'tag',
  'dom', 'dom_simhash', 'dom_band', 'favicon', 'favicon_mmh3', 'screenshot', 'screenshot_band'
));
