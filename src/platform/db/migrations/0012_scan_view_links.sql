-- Signed links to the organization's own scan result pages (docs/pages.md#scan-result-page). Forward-only.

-- The installation's secret for HMAC-signing those links: 32 random bytes, written by the first process that
-- needs it (from the operating system's generator, in application code) and shared by every API node of this
-- database. Clearing it invalidates every link issued so far; nothing else depends on it.
ALTER TABLE installation ADD COLUMN link_secret bytea;
