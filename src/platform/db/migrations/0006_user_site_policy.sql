-- How an organization screens users' sites on hosting platforms in domain risk (docs/risk.md, "User-site
-- policy"): 'evidence' judges a user site by its name like any other host; 'strict' makes an unknown user
-- site on a platform phishing abuses at least Suspicious. Existing organizations keep the default.
ALTER TABLE organizations
  ADD COLUMN user_site_policy text NOT NULL DEFAULT 'evidence'
  CHECK (user_site_policy IN ('evidence', 'strict'));
