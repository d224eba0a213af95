-- DomainLens platform schema. Forward-only: never edit a migration that has shipped; add a new file.

CREATE TABLE organizations (
  id              uuid PRIMARY KEY,
  name            text NOT NULL,
  balance_micros  bigint NOT NULL DEFAULT 0 CHECK (balance_micros >= 0),
  limits          jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id            uuid PRIMARY KEY,
  org_id        uuid NOT NULL REFERENCES organizations(id),
  key_hash      text NOT NULL UNIQUE,
  display_prefix text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz
);
CREATE INDEX api_keys_org ON api_keys (org_id);

-- Every movement of credit. organizations.balance_micros is always the sum of amount_micros per org.
CREATE TABLE ledger (
  id            bigserial PRIMARY KEY,
  org_id        uuid NOT NULL REFERENCES organizations(id),
  kind          text NOT NULL CHECK (kind IN ('debit', 'refund', 'topup')),
  operation     text NOT NULL,
  amount_micros bigint NOT NULL,
  resource_id   uuid,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'debit' AND amount_micros <= 0) OR (kind <> 'debit' AND amount_micros >= 0))
);
CREATE INDEX ledger_org ON ledger (org_id, created_at);
-- A resource is refunded at most once.
CREATE UNIQUE INDEX ledger_one_refund ON ledger (resource_id) WHERE kind = 'refund';

-- Calls per organization, operation and calendar month (UTC), charged or not.
CREATE TABLE usage_counters (
  org_id        uuid NOT NULL REFERENCES organizations(id),
  operation     text NOT NULL,
  period        date NOT NULL,
  calls         bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (org_id, operation, period)
);

CREATE TABLE idempotency_keys (
  scope         text NOT NULL,
  key           text NOT NULL,
  request_hash  text NOT NULL,
  status_code   integer,
  response      jsonb,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- The classification cache: one row per root domain.
CREATE TABLE classifications (
  domain        text PRIMARY KEY,
  result        jsonb NOT NULL,
  classified_at timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);

-- The job runtime's queue. Resources (classification jobs, scans) point at their job.
CREATE TABLE jobs (
  id               uuid PRIMARY KEY,
  kind             text NOT NULL,
  payload          jsonb NOT NULL DEFAULT '{}'::jsonb,
  status           text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'complete', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  max_attempts     integer NOT NULL DEFAULT 3,
  run_at           timestamptz NOT NULL DEFAULT now(),
  lease_owner      text,
  lease_expires_at timestamptz,
  last_error       jsonb,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  finished_at      timestamptz
);
CREATE INDEX jobs_ready ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_leased ON jobs (lease_expires_at) WHERE status = 'running';

CREATE TABLE classification_jobs (
  id            uuid PRIMARY KEY,
  org_id        uuid NOT NULL REFERENCES organizations(id),
  domain        text NOT NULL,
  job_id        uuid REFERENCES jobs(id),
  status        text NOT NULL DEFAULT 'queued',
  error         jsonb,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX classification_jobs_org ON classification_jobs (org_id, created_at);
CREATE INDEX classification_jobs_domain ON classification_jobs (domain);

CREATE TABLE domain_risks (
  id            uuid PRIMARY KEY,
  org_id        uuid NOT NULL REFERENCES organizations(id),
  url           text NOT NULL,
  report        jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX domain_risks_org ON domain_risks (org_id, created_at);

CREATE TABLE scans (
  id            uuid PRIMARY KEY,
  org_id        uuid NOT NULL REFERENCES organizations(id),
  url           text NOT NULL,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
  job_id        uuid REFERENCES jobs(id),
  report        jsonb,
  error         jsonb,
  created_at    timestamptz NOT NULL DEFAULT now(),
  completed_at  timestamptz
);
CREATE INDEX scans_org ON scans (org_id, created_at);
